import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { readinessProblem } from "@/lib/server/readiness";
import { processFingerprint } from "@/lib/server/shared-settings";

export * from "@/lib/http/method-not-allowed";

// GET /v1/ready — 200 when the database answers and no migration is pending (503 while shutting down),
// with the fingerprint of the settings every instance must share
export const GET = route(endpoints.ready, async ({ db }) => {
  const problem = await readinessProblem(db);
  if (problem) throw new AppError("not_ready", `Not ready: ${problem}.`);
  return ok({ database: "reachable", migrations: "up to date", settings_fingerprint: await processFingerprint() });
});
