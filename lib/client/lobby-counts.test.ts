import { describe, expect, it } from "vitest";
import { lobbyCountsLine } from "./lobby-counts";

describe("lobbyCountsLine", () => {
  it.each([
    [{ players_online: 12, tables_playing: 3 }, "12 players online · 3 tables playing"],
    [{ players_online: 1, tables_playing: 1 }, "1 player online · 1 table playing"],
    [{ players_online: 0, tables_playing: 0 }, "0 players online · 0 tables playing"],
    [{ players_online: 1, tables_playing: 2 }, "1 player online · 2 tables playing"],
    [{ players_online: 2345, tables_playing: 1001 }, "2,345 players online · 1,001 tables playing"],
  ])("%o reads %s", (counts, line) => {
    expect(lobbyCountsLine(counts)).toBe(line);
  });
});
