import { describe, expect, it } from "vitest";
import { patchedRow } from "./use-admin-live";
import type { Room } from "@/lib/rooms/contract";

describe("patchedRow", () => {
  it("takes the pushed room's state, and keeps the pot and rake read from the pot account", () => {
    const room = { id: "r1", bet_amount: 2.5, currency: "USD", current_players: 3, rake_percentage: 5, status: "playing" } as Room;
    const row = { ...room, current_players: 1, status: "waiting" as const, pot: "2.50", rake: "0.12", stuck: false };
    expect(patchedRow(row, room)).toMatchObject({ current_players: 3, status: "playing", pot: "2.50", rake: "0.12" });
  });
});
