import "server-only";
import { bearerOf, secretsMatch } from "@/lib/admin/authorize";
import { AppError } from "@/lib/errors";

// /metrics is read by a scraper, which holds METRICS_TOKEN and nothing else: neither the admin token,
// an operator's token nor a console session reads it, and METRICS_TOKEN opens no other endpoint.

/** Why a metrics request is refused: only a wrong token is a guess (the throttle counts it). */
export class MetricsRefused extends AppError {
  constructor(
    readonly reason: "metrics_off" | "no_token" | "wrong_token",
    message: string,
  ) {
    super("metrics_unauthorized", message);
  }
}

export const isMetricsTokenGuess = (error: unknown) => error instanceof MetricsRefused && error.reason === "wrong_token";

/** Passes when the request carries `Authorization: Bearer <METRICS_TOKEN>`; throws MetricsRefused otherwise. */
export function authorizeMetricsRequest(request: Request, metricsToken: string | undefined): void {
  if (metricsToken === undefined) {
    throw new MetricsRefused("metrics_off", "Metrics are off on this instance: set METRICS_TOKEN and send it as: Authorization: Bearer <token>.");
  }
  const bearer = bearerOf(request.headers.get("authorization"));
  if (bearer === undefined) throw new MetricsRefused("no_token", "Send METRICS_TOKEN as: Authorization: Bearer <token>.");
  if (!secretsMatch(bearer, metricsToken)) {
    throw new MetricsRefused("wrong_token", "That is not the metrics token. Send METRICS_TOKEN as: Authorization: Bearer <token>; admin and operators' tokens do not read /metrics.");
  }
}
