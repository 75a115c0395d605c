import { describe, expect, it } from "vitest";
import { noticeOf } from "./notices";
import type { PlayerTransaction } from "@/lib/wallet/contract";

const move = (over: Partial<PlayerTransaction>): PlayerTransaction => ({
  id: "m1",
  kind: "refund",
  cause: "platform_refund",
  amount: "1234.5",
  currency: "USD",
  reason: "game_error",
  room: { id: "r1", name: "Friday table" },
  round_id: "r1",
  balance_after: "2000.00",
  created_at: "2026-11-24T10:00:00.000Z",
  ...over,
});

describe("noticeOf", () => {
  it("tells of refunds the player did not make, with the amount", () => {
    expect(noticeOf(move({ cause: "room_closed" }))).toBe("An admin closed “Friday table”. Your bet of 1,234.50 USD is back in your balance.");
    expect(noticeOf(move({ cause: "removed_by_admin", amount: "5", currency: "JPY" }))).toBe("An admin removed you from “Friday table”. Your bet of 5 JPY is back in your balance.");
    expect(noticeOf(move({}))).toBe("The game platform refunded 1,234.50 USD for “Friday table” (game error).");
    expect(noticeOf(move({ room: null, reason: "player_exit" }))).toBe("The game platform refunded 1,234.50 USD (player exit).");
  });

  it("says nothing of the player's own doing", () => {
    for (const cause of ["bet", "win", "left_room", "deposit"] as const) expect(noticeOf(move({ cause }))).toBeUndefined();
  });
});
