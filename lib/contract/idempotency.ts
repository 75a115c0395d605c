import { error } from "./errors";

// The Idempotency-Key a money action may carry (lib/idempotency/once.ts), and the answers it adds.

export const idempotencyKeyHeader = [
  {
    name: "Idempotency-Key",
    required: false,
    description:
      "1 to 255 visible ASCII characters, new for each action (a UUID): a repeat with the same key within 24 hours gets the first answer again and moves no money; the same key with another request is refused (422). Failed actions keep no key.",
  },
];

export const keyErrors = {
  422: error("`idempotency_key_reused`: the `Idempotency-Key` was already used for another request; nothing was done"),
};

/** For the endpoint's 409 description, beside its own reasons. */
export const keyInUse = "`idempotency_key_in_use` (a request with the same `Idempotency-Key` is still being answered; ask again)";
