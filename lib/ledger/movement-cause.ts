// Why the player's money moved, in the words the lobby's history and notices use. The ledger keeps
// the platform's own reason (`win`, `player_exit`, `game_error`…); refunds this service makes itself
// carry a reference id whose prefix says which of its paths made them (lib/rooms/leave-room.ts,
// lib/admin/close-room.ts). Any other refund came from the platform.

export const MOVEMENT_CAUSES = ["deposit", "bet", "win", "left_room", "removed_by_admin", "room_closed", "platform_refund"] as const;
export type MovementCause = (typeof MOVEMENT_CAUSES)[number];

/** The reference id prefix of each refund this service makes itself. */
export const OWN_REFUND_PREFIX = { left_room: "exit-", removed_by_admin: "removal-", room_closed: "close-" } as const;

export function movementCause(entry: { kind: "deposit" | "debit" | "credit" | "refund"; referenceId: string | null }): MovementCause {
  switch (entry.kind) {
    case "deposit":
      return "deposit";
    case "debit":
      return "bet";
    case "credit":
      return "win";
    case "refund": {
      const own = Object.entries(OWN_REFUND_PREFIX).find(([, prefix]) => entry.referenceId?.startsWith(prefix));
      return own ? (own[0] as MovementCause) : "platform_refund";
    }
  }
}
