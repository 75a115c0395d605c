import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "@/lib/env";
import { keyedRequest } from "@/lib/idempotency/once";
import { Decimal } from "@/lib/money/decimal";
import { authenticatePlayer } from "@/lib/players/authenticate";
import { lobbyCounts } from "@/lib/live/lobby-counts";
import { savePresence } from "@/lib/live/presence-queries";
import { createPlayer } from "@/lib/players/create-player";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { findPlayerById } from "@/lib/ledger/queries";
import { refuseBetPastLimits } from "@/lib/ledger/limit-check";
import { LimitReached } from "@/lib/errors";
import { readLimits, saveLimits } from "@/lib/players/limits";
import { NO_LIMITS } from "@/lib/shared/player-limits";
import { createRoom } from "@/lib/rooms/create-room";
import { getRoom } from "@/lib/rooms/get-room";
import { joinRoom } from "@/lib/rooms/join-room";
import { leaveRoom } from "@/lib/rooms/leave-room";
import { listRooms } from "@/lib/rooms/list-rooms";
import { getRoomResult } from "@/lib/rooms/room-result";
import { ListRoomsQuery, ROOM_SORTS } from "@/lib/rooms/schemas";
import { listBets } from "@/lib/wallet/list-bets";
import { listOwnTransactions } from "@/lib/wallet/player-history";
import { largeLobbyIds, seedLargeLobby, type LargeLobby } from "@/tests/support/large-lobby";
import { DATABASE_URL_TEST, nameNeedingPostgres } from "@/tests/support/needs-postgres";
import { plannedEmbedded, plannedPostgres, unboundedStatements, type PlannedDatabase } from "@/tests/support/query-plans";

// Every query a player's request or the lobby makes, run by the real functions on a database with a
// long history, then planned with its own values: none may read a big table from end to end (a
// sequential scan, or all of an index; tests/support/query-plans.ts). Such a read costs nothing on a
// test database and seconds in production, where the ledger and the rooms hold millions of rows.

const BIG_TABLES = new Set(["ledger_entries", "rooms", "room_seats", "players", "launch_tokens", "game_sessions", "idempotency_keys"]);
const ORIGIN = "http://lobby.invalid";
const PLATFORM: Config["platform"] = { eventsUrl: undefined, eventsSecret: "unused", gameLaunchUrl: "https://game.invalid/?session={session_id}", demoTable: false, sessionSeconds: 600 };

// The list cache keeps answers only while this process hears the database's room changes. It is
// made here as one that does not listen, so that every list call reads the database (and nothing
// opens the app's own database to listen to).
(globalThis as { __lobbyListCache?: unknown }).__lobbyListCache ??= { generation: 0, listening: false, entries: new Map() };

/** Every mix of the list's filters, each with a broad, a middling and a narrow set of values. */
const FILTER_VALUES = {
  status: ["finished", "playing", "waiting"],
  currency: ["USD", "EUR", "JPY"],
  player_limit: ["2", "2", "4"],
  min_bet_amount: ["0.5", "5", "50"],
  max_bet_amount: ["10000", "25", "100"],
} as const;
function* listQueries(): Generator<ListRoomsQuery> {
  const names = Object.keys(FILTER_VALUES) as (keyof typeof FILTER_VALUES)[];
  for (let mix = 0; mix < 2 ** names.length; mix++) {
    for (const [s, sort] of ROOM_SORTS.entries()) {
      const breadth = (mix + s) % 3;
      const filters = Object.fromEntries(names.filter((_, i) => mix & (1 << i)).map((name) => [name, FILTER_VALUES[name][breadth]]));
      yield ListRoomsQuery.parse({ ...filters, sort, page: String(1 + 12 * (mix % 2)) });
    }
  }
}

function suite(open: () => Promise<PlannedDatabase>, size: LargeLobby) {
  let planned: PlannedDatabase;
  // Rooms as the seed makes them (tests/support/large-lobby.ts): an old finished one, the newest
  // playing one, and the newest waiting EUR rooms of four seats and of two (one seat taken in each).
  const last = size.rooms - 1;
  const finished = largeLobbyIds.room(20);
  const newestPlaying = last % 2 === 1 ? last : last - 1;
  const playing = largeLobbyIds.room(newestPlaying);
  const newestWaitingEur = (seats: 2 | 4) =>
    largeLobbyIds.room(Array.from({ length: 60 }, (_, i) => last - i).find((n) => n % 2 === 0 && (n % 3 === 0) === (seats === 4) && [6, 8].includes(n % 10))!);
  const waiting = newestWaitingEur(4);
  // Seat 0 of the newest playing room: a player with a history of bets and wins.
  const seatZero = ((37 * newestPlaying) % (size.players / 10)) * 10 + (newestPlaying % 10);
  const seated = async () => (await findPlayerById(planned.handle.db, largeLobbyIds.player(seatZero)))!;

  // Seeding takes about a minute on a quiet machine and three beside other work; the limit only catches a hang.
  beforeAll(async () => {
    planned = await open();
    await seedLargeLobby(planned.handle.db, size);
  }, 600_000);
  afterAll(() => planned?.close());

  /** Runs `calls` and fails with the plan of every statement they issued that reads a big table whole. */
  async function expectIndexReads(calls: () => Promise<unknown>) {
    expect(await unboundedStatements(planned, BIG_TABLES, calls)).toEqual([]);
  }

  it("authenticates a launch token by its hash", async () => {
    const { token } = await issueLaunchToken(planned.handle.db, { playerId: (await seated()).id, ttlSeconds: 600, origin: ORIGIN });
    await expectIndexReads(() => authenticatePlayer(planned.db, token));
  });

  it("lists rooms under every mix of filters and every sort, with the caller's active rooms", async () => {
    const player = await seated();
    await expectIndexReads(async () => {
      for (const query of listQueries()) await listRooms(planned.db, { player, query, origin: ORIGIN });
    });
  });

  it("reads the lobby's counts (tables playing from the tallies, players online from the instances' rows) and writes an instance's row", async () => {
    let counts: Awaited<ReturnType<typeof lobbyCounts>> | undefined;
    await expectIndexReads(async () => {
      await savePresence(planned.db, { instanceId: "plans-other-instance", playersOnline: 7, forgetAfterSeconds: 600 });
      counts = await lobbyCounts(planned.db);
    });
    // No stream is open in this process: the other instance's row is all there is.
    expect(counts?.players_online).toBe(7);
    expect(counts?.tables_playing).toBeGreaterThan(0);
  });

  it("reads a room's details: waiting, finished, and playing with a seat (and its game session)", async () => {
    const player = await seated();
    await expectIndexReads(async () => {
      for (const roomId of [waiting, finished, playing]) await getRoom(planned.db, { roomId, origin: ORIGIN, player, platform: PLATFORM });
    });
  });

  it("reads a room's result, its refunds under another round id included", async () => {
    const results: Awaited<ReturnType<typeof getRoomResult>>[] = [];
    await expectIndexReads(async () => {
      for (const n of [10, 20]) results.push(await getRoomResult(planned.db, { roomId: largeLobbyIds.room(n) }));
      await getRoomResult(planned.db, { roomId: waiting });
    });
    // Rooms 10 and 20: USD, two seats, bets of 1 and 2; seat 0 won both bets, seat 1's bet came back
    // under another round id (10) or under the room's own (20).
    for (const [i, bet] of [1, 2].entries()) {
      const money = (d: number) => new Decimal(d).toFixed(2);
      expect(results[i]!.players.map((p) => [p.bet, p.won, p.refunded, p.net])).toEqual([
        [money(bet), money(2 * bet), money(0), money(bet)],
        [money(bet), money(0), money(bet), money(0)],
      ]);
    }
  });

  it("reads a page of a round's bets for the platform, a page past the end and an unknown round included", async () => {
    const pages: Awaited<ReturnType<typeof listBets>>[] = [];
    await expectIndexReads(async () => {
      for (const [roundId, page] of [[playing, 1], [finished, 2], [finished, 9], ["no-such-round", 1]] as const) {
        pages.push(await listBets(planned.db, { roundId, page, limit: 1, deadlineMs: 30_000 }));
      }
    });
    // The seed's playing rooms are full: four seats when n % 3 = 0, else two; room 20 has two.
    expect(pages.map((p) => [p.total, p.bets?.length])).toEqual([[newestPlaying % 3 === 0 ? 4 : 2, 1], [2, 1], [2, 0], [0, 0]]);
  });

  it("reads a player's transactions, first and later pages, with a long history and with none", async () => {
    const regular = await seated();
    const newcomer = await createPlayer(planned.handle.db, { username: `newcomer_${Date.now()}`, currency: "USD" });
    await expectIndexReads(async () => {
      for (const player of [regular, newcomer]) {
        for (const page of [1, 3]) await listOwnTransactions(planned.db, { player, query: { page, limit: 20 } });
      }
    });
  });

  it("reads a player's limits with what counts against them, and checks bets against them, through the player's index", async () => {
    const player = await seated();
    // Past the daily limit at once: the refusal reads the window's rows too, to say when it frees up.
    await saveLimits(planned.handle.db, { playerId: player.id, values: { ...NO_LIMITS, daily_bet_limit: new Decimal("0.01"), loss_limit_30d: new Decimal(1_000_000) }, updatedBy: "player" });
    const outcomes: unknown[] = [];
    await expectIndexReads(async () => {
      await readLimits(planned.db, { player });
      await planned.db.transaction(async (tx) => {
        outcomes.push(await refuseBetPastLimits(tx, { player, amount: new Decimal(1) }).catch((error: unknown) => error));
      });
    });
    expect(outcomes[0]).toBeInstanceOf(LimitReached);
    // The window's rows only: the player's index from a seq found in one step back along ledger_time,
    // never a walk of the whole ledger's seq for the player's rows.
    planned.issued.take();
    await readLimits(planned.db, { player });
    const usage = planned.issued.take().find((q) => q.sql.includes("sum("))!;
    const plan = await planned.planText(usage);
    expect(plan).toMatch(/ledger_time[^\n]*\n[^\n]*Index Cond: \(created_at < /);
    expect(plan).toMatch(/ledger_player_newest[^\n]*\n[^\n]*Index Cond: \(\(player_id = [^)]*\) AND \(seq > /);
  });

  it("costs a bet of a player without limits one read by primary key", async () => {
    const newcomer = await createPlayer(planned.handle.db, { username: `unlimited_${Date.now()}`, currency: "USD" });
    planned.issued.take();
    await planned.db.transaction((tx) => refuseBetPastLimits(tx, { player: newcomer, amount: new Decimal(1) }));
    const issued = planned.issued.take().filter((q) => /^\s*(select|with)\b/i.test(q.sql));
    expect(issued.map((q) => q.sql)).toEqual([expect.stringMatching(/from "player_limits" where "player_limits"\."player_id" = \$1$/)]);
  });

  it("reads by index in a player's own changes too: create, join, leave, and start a room, each with an Idempotency-Key", async () => {
    const player = await createPlayer(planned.handle.db, { username: `mover_${Date.now()}`, currency: "EUR", balance: new Decimal(500) });
    // A day of keys from many players, some of this one's expired: claiming one reads and prunes by index.
    await planned.handle.db.execute(sql`
      insert into idempotency_keys (player_id, key, request, answer, created_at)
      select case when g % 1000 = 0 then ${player.id} else 'player-' || (g % 5000) end, 'key-' || g, 'request', '{}'::json,
        now() - make_interval(secs => g % 100000)
      from generate_series(1, 200000) g`);
    await planned.handle.db.execute(sql`analyze idempotency_keys`);
    const keyed = (path: string) => keyedRequest(new Request(ORIGIN + path, { method: "POST", headers: { "idempotency-key": randomUUID() } }), { playerId: player.id });
    await expectIndexReads(async () => {
      const { room } = await createRoom(planned.db, {
        player,
        input: { name: "Plans", bet_amount: new Decimal(2), currency: "EUR", player_limit: 2, turn: 30, time_bank: 0, is_incremental: false, rake_percentage: 0 },
        origin: ORIGIN,
        maxOpenRooms: 20,
        keyed: keyed("/v1/rooms"),
      });
      await leaveRoom(planned.db, { playerId: player.id, roomId: room.id, origin: ORIGIN, keyed: keyed(`/v1/rooms/${room.id}/leave`) });
      await joinRoom(planned.db, { player, roomId: waiting, origin: ORIGIN, keyed: keyed(`/v1/rooms/${waiting}/join`) });
      await leaveRoom(planned.db, { playerId: player.id, roomId: waiting, origin: ORIGIN });
      // The second seat of a two-seat room: the room starts, and the platform is told.
      const { room: started } = await joinRoom(planned.db, { player, roomId: newestWaitingEur(2), origin: ORIGIN });
      expect(started.status).toBe("playing");
    });
  });
}

describe("player and lobby queries read by index (embedded)", { timeout: 60_000 }, () => suite(plannedEmbedded, { rooms: 52_000, players: 10_000 }));

describe.skipIf(!DATABASE_URL_TEST)(nameNeedingPostgres("player and lobby queries read by index (PostgreSQL)", DATABASE_URL_TEST), { timeout: 60_000 }, () =>
  suite(() => plannedPostgres(DATABASE_URL_TEST!), { rooms: 80_000, players: 16_000 }),
);
