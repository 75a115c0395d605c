import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { db as openDb, type Database } from "@/db/client";
import { isDatabaseTimeout } from "@/db/errors";
import { config, type Config } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { validationError } from "@/lib/validation/errors";
import { signatureMatches } from "@/lib/wallet/signature";
import { refusal, STATUS_CODES, type WalletAnswer } from "@/lib/wallet/status-codes";
import { readBody } from "./read-body";

export interface WalletContext<S extends z.ZodType> {
  request: Request;
  db: Database;
  body: z.output<S>;
  settings: Config;
}

function answer(body: WalletAnswer, requestId: string): Response {
  return Response.json(body, { status: STATUS_CODES[body.status_code].http, headers: { "x-request-id": requestId } });
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
}

/**
 * The platform's callbacks share this: read the raw body (64 KiB at most), check X-Signature over those
 * exact bytes, then parse and validate, and answer every outcome as JSON with a status_code.
 * A bad signature is refused before the body is even parsed. Database timeouts answer ERR_TIMEOUT
 * (503) and anything unexpected ERR_UNKNOWN (500); both roll back, so the platform may retry.
 */
export function walletRoute<S extends z.ZodType>(schema: S, handler: (ctx: WalletContext<S>) => Promise<WalletAnswer>) {
  return async (request: Request): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    try {
      const settings = config();
      const bytes = await readBody(request);
      if (!signatureMatches(bytes, request.headers.get("x-signature"), settings.walletSigningSecrets)) {
        return answer(refusal("ERR_INTEGRITY_CHECK_FAILED", "X-Signature is not the HMAC-SHA256 of the body with the signing secret."), requestId);
      }
      const parsed = schema.safeParse(parseJson(bytes));
      if (!parsed.success) throw validationError(parsed.error, "request");
      return answer(await handler({ request, db: await openDb(), body: parsed.data, settings }), requestId);
    } catch (error) {
      if (error instanceof AppError) return answer(refusal("ERR_INVALID_REQUEST", error.message), requestId);
      if (isDatabaseTimeout(error)) {
        return answer(refusal("ERR_TIMEOUT", "The wallet did not finish in time; nothing was registered. Retry with the same body."), requestId);
      }
      console.error(JSON.stringify({ level: "error", requestId, route: new URL(request.url).pathname, error: String((error as Error)?.stack ?? error) }));
      return answer(refusal("ERR_UNKNOWN", `Internal error; nothing was registered. Retry with the same body. Reference: ${requestId}.`), requestId);
    }
  };
}
