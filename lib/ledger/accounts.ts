// The accounts of the double-entry ledger. Every ledger row moves its amount from one to another, so
// per currency they all sum to zero. Only players' and pots' balances are kept (players.real_balance
// and bonus_balance, round_pots.balance); the house, the platform and the operator are the sums of
// their rows, which db/consistency.ts checks.

/** Where the rake of every settled round goes: the operator's revenue. */
export const HOUSE = "house";
/** Pays the wins it credits, and receives a settled round's stakes less the rake. */
export const PLATFORM = "platform";
/** Pays deposits (opening balances), and is the other side of every adjustment: it pays positive ones and receives negative ones. */
export const OPERATOR = "operator";

export const playerAccount = (playerId: string) => `player:${playerId}`;
/** A round's pot: the escrow of its bets until it settles. A lobby room's round is the room's id. */
export const potAccount = (roundId: string) => `pot:${roundId}`;

/** The round whose pot the account is, or undefined for any other account. */
export const potRound = (account: string) => (account.startsWith("pot:") ? account.slice("pot:".length) : undefined);
