// One scheme for every cached answer: invalidating a prefix refreshes everything under it.
export const queryKeys = {
  player: ["player"] as const,
  rooms: ["rooms"] as const,
  roomLists: ["rooms", "list"] as const,
  roomList: (search: string) => ["rooms", "list", search] as const,
  room: (id: string) => ["rooms", "one", id] as const,
};
