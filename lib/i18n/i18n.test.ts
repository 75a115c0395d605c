import { describe, expect, it } from "vitest";
import type { LimitReachedDetail } from "@/lib/errors";
import { i18nFor } from "./i18n";

// An error the lobby met, in the player's words: by its code, and for a limit's refusal with its figures.

const [en, es] = [i18nFor("en"), i18nFor("es")];
const refusal = (limit: Partial<LimitReachedDetail>) => ({
  code: "limit_reached",
  limit: { name: "daily_bet_limit", amount: "50.00", used: "48.00", bet: "5.00", currency: "USD", frees_at: "2026-11-28T14:31:27.412Z", ...limit } as LimitReachedDetail,
});

describe("i18n.error", () => {
  it("says which limit refused a bet, what is used, and by when it frees up, the time rounded up to the minute", () => {
    const by = en.dateTime("2026-11-28T14:32:00.000Z");
    expect(en.error(refusal({}))).toBe(`Your daily bet limit is 50.00 USD and you have bet 48.00 USD in the last 24 hours; this bet of 5.00 USD would pass it. It frees up by ${by}.`);
    expect(es.error(refusal({ name: "loss_limit_7d", used: "-2.5" }))).toBe(
      `Tu límite de pérdidas de 7 días es 50,00 USD y tu pérdida neta en los últimos 7 días es -2,50 USD; esta apuesta de 5,00 USD lo superaría. Se libera hacia el ${es.dateTime("2026-11-28T14:32:00.000Z")}.`,
    );
  });

  it("says a bet larger than the whole limit never fits, and until when self-exclusion runs", () => {
    expect(en.error(refusal({ name: "loss_limit_30d", frees_at: null }))).toBe("Your loss limit for 30 days is 50.00 USD and your net loss over the last 30 days is 48.00 USD; this bet of 5.00 USD is more than the whole limit.");
    const until = "2026-12-31T00:00:00.000Z";
    expect(en.error(refusal({ name: "self_exclusion", amount: null, used: null, frees_at: until }))).toBe(`You have excluded yourself from play until ${en.dateTime(until)}.`);
  });

  it("falls back to the code's words without the figures, and to the unknown's for an unknown code", () => {
    expect(en.error({ code: "limit_reached" })).toBe("This bet would pass one of your limits. See Limits for where you stand.");
    expect(en.error({ code: "no_such_code" })).toBe("Something went wrong. Try again.");
  });
});
