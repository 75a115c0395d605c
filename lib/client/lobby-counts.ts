import type { I18n } from "@/lib/i18n/i18n";
import type { LobbyCounts } from "@/lib/live/contract";

/** The lobby's line under its heading: "12 players online · 3 tables playing". */
export const lobbyCountsLine = ({ players_online, tables_playing }: LobbyCounts, i18n: I18n) => i18n.t.list.counts.line(players_online, tables_playing);
