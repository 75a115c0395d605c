import { describe, expect, it } from "vitest";
import { movementCause } from "./movement-cause";

describe("movementCause", () => {
  it("names deposits, bets and wins by their kind", () => {
    expect(movementCause({ kind: "deposit", referenceId: null })).toBe("deposit");
    expect(movementCause({ kind: "debit", referenceId: null })).toBe("bet");
    expect(movementCause({ kind: "credit", referenceId: null })).toBe("win");
  });

  it("tells the service's own refunds by their reference id", () => {
    expect(movementCause({ kind: "refund", referenceId: "exit-01JABC" })).toBe("left_room");
    expect(movementCause({ kind: "refund", referenceId: "removal-01JABC" })).toBe("removed_by_admin");
    expect(movementCause({ kind: "refund", referenceId: "close-01JABC" })).toBe("room_closed");
  });

  it("takes any other refund for the platform's", () => {
    expect(movementCause({ kind: "refund", referenceId: "ref-991" })).toBe("platform_refund");
    expect(movementCause({ kind: "refund", referenceId: "my-exit-1" })).toBe("platform_refund");
    expect(movementCause({ kind: "refund", referenceId: null })).toBe("platform_refund");
  });
});
