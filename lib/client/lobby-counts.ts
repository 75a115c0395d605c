import type { LobbyCounts } from "@/lib/live/contract";

const counted = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The lobby's line under its heading: "12 players online · 3 tables playing". */
export const lobbyCountsLine = ({ players_online, tables_playing }: LobbyCounts) =>
  `${counted(players_online, "player online", "players online")} · ${counted(tables_playing, "table playing", "tables playing")}`;
