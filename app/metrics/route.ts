import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { config } from "@/lib/env";
import { databaseGauges } from "@/lib/server/gauges";
import { liveGauges } from "@/lib/server/live-gauges";
import { renderMetrics } from "@/lib/observability/metrics";

export * from "@/lib/http/method-not-allowed";

// GET /metrics — Prometheus text format, for METRICS_TOKEN only
export const GET = route(endpoints.metrics, async ({ db }) =>
  new Response(renderMetrics([...(await databaseGauges(db, config().database.kind)), ...liveGauges()]), {
    headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
  }),
);
