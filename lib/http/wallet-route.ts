import type { z } from "zod";
import type { Database } from "@/db/client";
import { db as lobbyDb, moneyDb } from "@/lib/runtime/database";
import { errorReason, isDatabaseTimeout, isDatabaseUnavailable, loggableError } from "@/db/errors";
import { config, type Config } from "@/lib/env";
import { AppError, BalanceLimitExceeded, ClientClosedRequest, ThrottledError } from "@/lib/errors";
import type { Answers, Auth, Endpoint, SuccessAnswer } from "@/lib/contract";
import { log } from "@/lib/observability/log";
import { recordWalletOutcome } from "@/lib/observability/metrics";
import { validationError } from "@/lib/validation/errors";
import { countFailure, refuseIfBlocked } from "@/lib/throttle/guard";

import { signatureMatches } from "@/lib/wallet/signature";
import { refusal, STATUS_CODES, withRequiredFields, type StatusCode, type WalletAnswer, type WalletEndpoint } from "@/lib/wallet/status-codes";
import { clientAddressOf } from "@/lib/runtime/client-address";
import { DeadlineExceeded, DeadlinePassed, withinDeadline } from "@/lib/deadline";
import { closeAfterStall } from "./envelope";
import { observed, requestIdOf } from "./observed";
import { parseJsonBody, readBody } from "./read-body";

export interface WalletContext<S extends z.ZodType> {
  request: Request;
  db: Database;
  body: z.output<S>;
  settings: Config;
}

/** A handler's answer, as its endpoint's schema describes it but for the required fields withRequiredFields fills in. */
export type WalletReply<R> = SuccessAnswer<R> extends { schema: infer A extends z.ZodType } ? Partial<z.input<A>> & { status_code: StatusCode; message: string } : WalletAnswer;

function answer(body: WalletAnswer, retryAfterSeconds?: number): Response {
  const headers = retryAfterSeconds === undefined ? undefined : { "retry-after": String(retryAfterSeconds) };
  return Response.json(body, { status: STATUS_CODES[body.status_code].http, headers });
}

/** The request's fields worth a log line: ids and amounts, whatever part of them could be read. */
function decisionFields(input: unknown) {
  const b = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).slice(0, 255) : undefined);
  return {
    transfer_id: text(b.transfer_id),
    reference_id: text(b.reference_id),
    player_id: text(b.player_id),
    amount: text(b.amount),
    currency: text(b.currency),
  };
}

/**
 * The platform's signed calls (credit, refund, bets) share this: read the raw body (64 KiB at most),
 * check X-Signature over those exact bytes, then parse and validate, and answer every outcome as JSON
 * with a status_code and every field the specification requires of that answer (withRequiredFields).
 * A bad signature is refused before the body is even parsed, and counted by the throttle: past its
 * limit the address gets ERR_TOO_MANY_REQUESTS (429). A valid signature is never throttled: checking
 * it is cheap, and an attacker sharing the platform's address must not be able to stop the platform's
 * money. Database timeouts answer ERR_TIMEOUT (503), having committed nothing. A lost database, a
 * call past its hard deadline and anything unexpected answer ERR_UNKNOWN (500): the outcome may be
 * unknown, and the platform's retry with the same body settles it, exactly once.
 */
export function walletRoute<S extends z.ZodType, R extends Answers>(
  spec: Endpoint<z.ZodType | undefined, S, z.ZodType | undefined, Auth, R>,
  handler: (ctx: WalletContext<S>) => Promise<WalletReply<R>>,
) {
  const schema = spec.body!;
  const endpoint = spec.path.split("/").pop()! as WalletEndpoint;
  return async (request: Request): Promise<Response> => {
    const requestId = requestIdOf(request);
    const stopping = () =>
      answer(withRequiredFields(endpoint, refusal("ERR_TIMEOUT", "This instance is shutting down; nothing was registered. Retry with the same body.")));
    return observed({ route: spec.path, request, requestId }, async () => {
      let input: unknown;
      let retryAfterSeconds: number | undefined;
      /** A body that never arrived: no call was made, so there is no wallet outcome to count. */
      let stalled = false;
      const decide = async (): Promise<WalletAnswer> => {
        try {
          const settings = config();
          const bytes = await readBody(request);
          if (!signatureMatches(bytes, request.headers.get("x-signature"), settings.walletSigningSecrets)) {
            const address = clientAddressOf(request);
            refuseIfBlocked("wallet_signature", address);
            // On the lobby's connections: a flood of forged calls must not take money's.
            await countFailure(await lobbyDb(), "wallet_signature", address);
            return refusal("ERR_INTEGRITY_CHECK_FAILED", "X-Signature is not the HMAC-SHA256 of the body with the signing secret.");
          }
          input = parseJsonBody(bytes);
          const parsed = schema.safeParse(input);
          if (!parsed.success) throw validationError(parsed.error, "request");
          const db = await moneyDb();
          // Twice the wallet's own deadline: only a driver that never settles reaches it.
          return await withinDeadline(handler({ request, db, body: parsed.data, settings }), 2 * settings.wallet.deadlineMs);
        } catch (error) {
          if (error instanceof ThrottledError) {
            retryAfterSeconds = error.retryAfterSeconds;
            return refusal("ERR_TOO_MANY_REQUESTS", `${error.message} Requests with a valid signature are never refused this way.`);
          }
          if (error instanceof ClientClosedRequest) throw error;
          // A stalled upload: nothing was read, so nothing was registered; the same body may come again.
          if (error instanceof AppError && error.code === "request_timeout") {
            stalled = true;
            return refusal("ERR_TIMEOUT", `${error.message} Nothing was registered; retry with the same body.`);
          }
          // Definitive: the account cannot hold it; the same body would be refused again.
          if (error instanceof BalanceLimitExceeded) return refusal("ERR_INVALID_ACCOUNT", error.message);
          if (error instanceof AppError) return refusal("ERR_INVALID_REQUEST", error.message);
          if (isDatabaseTimeout(error) || error instanceof DeadlinePassed) {
            return refusal("ERR_TIMEOUT", "The wallet did not finish in time; nothing was registered. Retry with the same body.");
          }
          if (isDatabaseUnavailable(error) || error instanceof DeadlineExceeded) {
            log("warn", "database unavailable", { request_id: requestId, route: spec.path, error: errorReason(error) });
            // The connection may have broken after the commit: the outcome is unknown, and a retry settles it.
            return refusal("ERR_UNKNOWN", "The database cannot be reached; this transfer may or may not be registered. Retry with the same body: a transfer is registered once.");
          }
          log("error", "unexpected error", { request_id: requestId, route: spec.path, error: loggableError(error) });
          return refusal("ERR_UNKNOWN", `Internal error; nothing was registered. Retry with the same body. Reference: ${requestId}.`);
        }
      };
      let decision: WalletAnswer;
      try {
        decision = await decide();
      } catch (error) {
        // The platform hung up mid-body: no decision was made and nobody reads the answer. Not a
        // wallet outcome; the request line and its metrics show it as 499.
        if (!(error instanceof ClientClosedRequest)) throw error;
        log("info", "client went away", { request_id: requestId, route: spec.path, reason: error.reason });
        return Response.json(refusal("ERR_INVALID_REQUEST", error.message), { status: 499 });
      }
      if (stalled) {
        log("info", "upload stalled", { request_id: requestId, route: spec.path });
      } else {
        recordWalletOutcome({ endpoint, status_code: decision.status_code });
        // Ids and amounts only: the body's other fields and the signature stay out of the logs.
        log("info", "wallet", { request_id: requestId, endpoint, ...decisionFields(input), status_code: decision.status_code, balance: decision.balance });
      }
      const response = answer(withRequiredFields(endpoint, decision), retryAfterSeconds);
      return stalled ? closeAfterStall(response) : response;
    }, stopping);
  };
}
