import { describe, expect, it } from "vitest";
import { shedReason } from "./admission";

const limits = { readsInFlight: 4, shedDelayMs: 100 };

describe("shedReason", () => {
  it.each([
    [{ inFlight: 0, delayMs: 0 }, undefined],
    [{ inFlight: 3, delayMs: 99 }, undefined],
    [{ inFlight: 4, delayMs: 0 }, "4 lobby reads are in flight on this server"],
    [{ inFlight: 0, delayMs: 100 }, "this server runs 100 ms behind"],
    [{ inFlight: 9, delayMs: 250.4 }, "9 lobby reads are in flight on this server"],
  ])("load %o: %s", (load, reason) => {
    expect(shedReason(load, limits)).toBe(reason);
  });
});
