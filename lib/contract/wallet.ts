import type { z } from "zod";

// The platform's signed calls share their signature header and their answers' statuses.

export const walletHeaders = [
  { name: "X-Signature", required: true, description: "HMAC-SHA256 of the exact body bytes with the signing secret, hex (base64 and a `sha256=` prefix are accepted too)" },
];

export const walletAnswers = <S extends z.ZodType>(schema: S, ok: unknown) => ({
  200: { description: "A definitive answer: `OK`, or an `ERR_…` refusal that changed nothing. Do not retry a refusal.", schema, example: ok },
  429: { description: "`ERR_TOO_MANY_REQUESTS`: too many bad signatures from the caller's address; `Retry-After` says when to try again. A valid signature is never refused this way.", schema },
  500: { description: "`ERR_UNKNOWN`: an internal error, or the database broke off; the transfer may or may not be registered. Retry with the same body: it is registered once", schema },
  503: { description: "`ERR_TIMEOUT`: the wallet did not finish in time or is shutting down; nothing was registered; retry with the same body", schema },
});
