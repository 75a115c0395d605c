import { ok } from "@/lib/http/envelope";
import { endpoints } from "@/lib/api/endpoints";
import { route } from "@/lib/http/route";
import { lobbyCounts } from "@/lib/live/lobby-counts";

export * from "@/lib/http/method-not-allowed";

// GET /v1/lobby/counts — players online and tables playing, for the line under the lobby's heading
export const GET = route(endpoints.lobbyCounts, async ({ db }) => ok(await lobbyCounts(db)));
