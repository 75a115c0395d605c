import { describe, expect, it } from "vitest";
import { durationText, lockMessage } from "./lock-message";

describe("the sign-in lock message", () => {
  it("says seconds under a minute and whole minutes, rounded up, above", () => {
    expect(durationText(1)).toBe("1 second");
    expect(durationText(40)).toBe("40 seconds");
    expect(durationText(60)).toBe("1 minute");
    expect(durationText(61)).toBe("2 minutes");
    expect(durationText(900)).toBe("15 minutes");
  });

  it("names the local time the lock ends", () => {
    const now = new Date(2026, 10, 24, 21, 37, 10);
    expect(lockMessage(900, now, "en-GB")).toBe("Too many failed sign-ins from this address. Signing in is locked for 15 minutes, until 21:52.");
  });
});
