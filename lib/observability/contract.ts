import { z } from "zod";
import { endpoint, error, success, tooMany } from "@/lib/contract";

// What operators and load balancers ask the service: is it up, is it ready, and its metrics.

export const Health = z.object({ type: z.literal("success"), status: z.literal(200), message: z.string() }).meta({ id: "Health" });

export const Readiness = z
  .object({
    database: z.literal("reachable"),
    migrations: z.literal("up to date"),
    settings_fingerprint: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .meta({ description: "The same on every instance whose shared settings and secrets match (docs/operations.md, \"Several instances\")" }),
  })
  .meta({ id: "Readiness" });

export const probesContract = {
  health: endpoint({
    method: "GET",
    path: "/v1",
    tag: "Service",
    summary: "Health check",
    description: "Answers once the process serves and its database is open and migrated.",
    auth: "none",
    answers: { 200: { description: "The service runs", schema: Health, example: { type: "success", status: 200, message: "Room lobby API is running" } } },
  }),
  ready: endpoint({
    method: "GET",
    path: "/v1/ready",
    tag: "Service",
    summary: "Readiness check",
    description: "200 when the database answers and no migration is pending; 503 otherwise, and while the process shuts down. For load balancers.",
    auth: "none",
    answers: {
      200: { description: "Ready to serve", schema: success(Readiness) },
      503: error("`not_ready`: the database is unreachable or migrations are pending; `shutting_down`: the process is stopping"),
    },
  }),
};

export const metricsContract = {
  metrics: endpoint({
    method: "GET",
    path: "/metrics",
    tag: "Service",
    summary: "Prometheus metrics",
    description:
      "Request counts and latency histograms by route and status, wallet outcomes by status_code, rooms by status, database connections. Read with `Authorization: Bearer <METRICS_TOKEN>` only: the admin token, operators' tokens and console sessions are refused here, and METRICS_TOKEN opens no other endpoint. With METRICS_TOKEN unset, metrics are off.",
    auth: "metrics",
    answers: {
      200: { description: "Prometheus text exposition format 0.0.4" },
      401: error("`metrics_unauthorized`: no or a wrong `Authorization: Bearer` token (only METRICS_TOKEN reads metrics), or METRICS_TOKEN is unset on this instance"),
      429: tooMany("wrong tokens (counted with wrong admin tokens)"),
    },
  }),
};
