import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/i18n";
import { lobbyCountsLine } from "./lobby-counts";

describe("lobbyCountsLine", () => {
  it.each([
    [{ players_online: 12, tables_playing: 3 }, "12 players online · 3 tables playing"],
    [{ players_online: 1, tables_playing: 1 }, "1 player online · 1 table playing"],
    [{ players_online: 0, tables_playing: 0 }, "0 players online · 0 tables playing"],
    [{ players_online: 1, tables_playing: 2 }, "1 player online · 2 tables playing"],
    [{ players_online: 2345, tables_playing: 1001 }, "2,345 players online · 1,001 tables playing"],
  ])("%o reads %s", (counts, line) => {
    expect(lobbyCountsLine(counts, i18nFor("en"))).toBe(line);
  });

  it.each([
    [{ players_online: 1, tables_playing: 1 }, "1 jugador en línea · 1 mesa en juego"],
    [{ players_online: 0, tables_playing: 2 }, "0 jugadores en línea · 2 mesas en juego"],
    [{ players_online: 23456, tables_playing: 10001 }, "23.456 jugadores en línea · 10.001 mesas en juego"],
  ])("in Spanish, %o reads %s", (counts, line) => {
    expect(lobbyCountsLine(counts, i18nFor("es"))).toBe(line);
  });
});
