// Why money moved, recorded on every ledger row by the path that moved it (never read back off a
// reason or a reference id, which the platform writes as it likes). The player's history and notices
// show the player's causes in their own words; settlement rows touch no player.

/** The causes of movements of a player's money, as the player's history names them. */
export const MOVEMENT_CAUSES = ["deposit", "bet", "win", "left_room", "removed_by_admin", "room_closed", "platform_refund", "admin_adjustment"] as const;
export type MovementCause = (typeof MOVEMENT_CAUSES)[number];

/** The causes of a settled pot's two rows: the rake to the house, the rest to the platform. */
export const SETTLEMENT_CAUSES = ["rake", "settlement"] as const;
export type SettlementCause = (typeof SETTLEMENT_CAUSES)[number];

export type LedgerCause = MovementCause | SettlementCause;

/** The reference id prefix of each refund this service makes itself: readable in exports and logs. */
export const OWN_REFUND_PREFIX = { left_room: "exit-", removed_by_admin: "removal-", room_closed: "close-" } as const;
