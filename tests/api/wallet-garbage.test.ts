import fc from "fast-check";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PLAIN_DECIMAL } from "@/lib/money/amount";
import { newPlayer, targets } from "./helpers";
import { balanceOf, callWallet, creditBody, ledgerOf, refundBody } from "./wallet-helpers";

// Thousands of malformed bodies and signatures: the answer is always JSON with a refusing status_code,
// never a 500, and the balance never moves.

const REFUSALS = new Set([
  "ERR_INTEGRITY_CHECK_FAILED",
  "ERR_INVALID_REQUEST",
  "ERR_INVALID_PLAYER_ID",
  "ERR_INVALID_ACCOUNT",
  "ERR_TRANSFER_DOES_NOT_EXIST",
]);

/** A value that is not valid for the field's type: each field of a callback is broken in many ways. */
const badValue = {
  amount: fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom("", "-1", "1e3", "1,00", " 1", "1.", ".5", "NaN", "Infinity", "0x1", "1.001", "1000000000000", "１"),
    fc.string().filter((s) => !PLAIN_DECIMAL.test(s)),
  ),
  text: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(""), fc.array(fc.string()), fc.constant("a".repeat(300))),
  timestamp: fc.oneof(fc.string(), fc.double({ min: -1e9, max: -1 }), fc.constant(null)),
  flag: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
  object: fc.oneof(fc.string(), fc.integer(), fc.array(fc.integer(), { minLength: 1 })),
};

const creditFields: Record<string, fc.Arbitrary<unknown>> = {
  amount: badValue.amount,
  // Optional: null on the wire means absent (a valid credit), and NaN or ±Infinity are sent as null.
  deduction: badValue.amount.filter((v) => v !== undefined && JSON.stringify(v) !== "null"),
  request_id: badValue.text,
  session_id: badValue.text,
  transfer_id: badValue.text,
  round_id: badValue.text,
  reason: badValue.text,
  game_code: badValue.text,
  currency: fc.oneof(badValue.text, fc.constant("US D"), fc.constant("TOOLONGCODE1")),
  timestamp: badValue.timestamp,
  round_completed: badValue.flag,
  gift_spin: badValue.object,
};

const brokenField = fc.constantFrom(...Object.keys(creditFields)).chain((field) =>
  fc.tuple(fc.constant(field), fc.oneof(creditFields[field]!, fc.constant(undefined))),
);

describe.each(targets)("$name: wallet against garbage", (t) => {
  it("answers every correctly signed but invalid credit with a refusal, moving no money", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(brokenField, { selector: ([field]) => field, minLength: 1, maxLength: 3 }), async (breaks) => {
        const body: Record<string, unknown> = creditBody(p.id);
        for (const [field, value] of breaks) {
          if (value === undefined && field !== "deduction" && field !== "gift_spin") delete body[field];
          else body[field] = value;
        }
        // A broken optional field that ends up absent leaves a valid credit: skip those.
        fc.pre(breaks.some(([field, value]) => value !== undefined || (field !== "deduction" && field !== "gift_spin")));
        const answer = await callWallet(t, "credit", body);
        expect(answer.status).toBe(200);
        expect(REFUSALS.has(answer.body.status_code), JSON.stringify(answer.body)).toBe(true);
        expect(typeof answer.body.message).toBe("string");
      }),
      { numRuns: 600 },
    );
    expect(await balanceOf(t, p.token)).toBe("10.00");
    expect(await ledgerOf(t, p.id)).toHaveLength(1);
  });

  it("answers every badly signed credit or refund with ERR_INTEGRITY_CHECK_FAILED, moving no money", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    const signature = fc.oneof(
      fc.string(),
      fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }),
      fc.base64String({ minLength: 44, maxLength: 44 }),
      fc.constant(createHmac("sha256", "a-secret-that-is-not-ours").update("x").digest("hex")),
    );
    const body = fc.oneof(
      fc.constant(null).map(() => JSON.stringify(creditBody(p.id))),
      fc.constant(null).map(() => JSON.stringify(refundBody(p.id))),
      fc.json(),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("credit", "refund") as fc.Arbitrary<"credit" | "refund">, body, signature, async (endpoint, raw, sig) => {
        const answer = await callWallet(t, endpoint, raw, { signature: sig, timestamp: String(Date.now()) });
        expect(answer.status).toBe(200);
        expect(answer.body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
      }),
      { numRuns: 600 },
    );
    expect(await balanceOf(t, p.token)).toBe("10.00");
  });

  it("answers any correctly signed JSON with a status code and never a 500", async () => {
    const p = await newPlayer(t, { balance: "10.00" });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("credit", "refund") as fc.Arbitrary<"credit" | "refund">, fc.json(), async (endpoint, raw) => {
        const answer = await callWallet(t, endpoint, raw);
        expect(answer.status).toBe(200);
        expect(REFUSALS.has(answer.body.status_code), JSON.stringify(answer.body)).toBe(true);
      }),
      { numRuns: 400 },
    );
    expect(await balanceOf(t, p.token)).toBe("10.00");
  });
});
