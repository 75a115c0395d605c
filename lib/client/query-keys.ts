// One scheme for every cached answer: invalidating a prefix refreshes everything under it.
export const queryKeys = {
  player: ["player"] as const,
  lobbyCounts: ["lobby", "counts"] as const,
  rooms: ["rooms"] as const,
  roomLists: ["rooms", "list"] as const,
  roomList: (search: string) => ["rooms", "list", search] as const,
  room: (id: string) => ["rooms", "one", id] as const,
  roomResult: (id: string) => ["rooms", "result", id] as const,
  /** The player's own ledger: pages of the history, and the latest rows the notices watch. */
  moves: ["moves"] as const,
  movesPage: (page: number) => ["moves", "page", page] as const,
  latestMoves: ["moves", "latest"] as const,
  /** The player's limits and their usage: bets change the usage, so they refresh it too. */
  limits: ["limits"] as const,
};
