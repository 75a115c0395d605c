import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "@/lib/money/decimal";
import { authenticatePlayer } from "@/lib/players/authenticate";
import { createPlayer } from "@/lib/players/create-player";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import { newLaunchToken } from "@/lib/players/launch-token";
import { createRoom } from "@/lib/rooms/create-room";
import { joinRoom } from "@/lib/rooms/join-room";
import { findActiveRoomsOf, findSeatsOfAtOnce } from "@/lib/rooms/queries";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import type { PlayerRow } from "./schema";

// The reads a crowd of stream opens makes, asked all at once as a reconnect storm asks them: each
// caller gets its own answer from the statement they share (db/coalesced.ts), on both databases.

const ORIGIN = "https://lobby.example.test";

describe.each(testDatabaseKinds)("%s: the reads of many stream opens at once", (kind) => {
  let t: TestDatabase;
  let players: PlayerRow[];
  let tokens: string[];
  /** Rooms by who created them: player 0 two, player 1 one (which player 0 joined), player 2 none. */
  let roomIds: string[][];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const { db } = t.handle;
    players = await Promise.all(["crowd_a", "crowd_b", "crowd_c"].map((username) => createPlayer(db, { username, currency: "USD", balance: new Decimal(50) })));
    tokens = await Promise.all(players.map(async (p) => (await issueLaunchToken(db, { playerId: p.id, ttlSeconds: 3600, origin: ORIGIN })).token));
    const open = async (player: PlayerRow, name: string) =>
      (
        await createRoom(db, {
          player,
          input: { name, bet_amount: new Decimal(1), currency: "USD", player_limit: 4, turn: 30, time_bank: 0, is_incremental: false, rake_percentage: 0 },
          origin: ORIGIN,
          maxOpenRooms: 20,
        })
      ).room.id;
    roomIds = [[await open(players[0]!, "first"), await open(players[0]!, "second")], [await open(players[1]!, "third")], []];
    await joinRoom(db, { player: players[0]!, roomId: roomIds[1]![0]!, origin: ORIGIN });
  });
  afterAll(() => t?.close());

  it("authenticates each token as its own player, and refuses an unknown one, in one turn", async () => {
    const unknown = newLaunchToken().token;
    const answers = await Promise.allSettled([...tokens, unknown, tokens[0]!].map((token) => authenticatePlayer(t.handle.db, token)));
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value.player.id : (a.reason as { code: string }).code))).toEqual([
      players[0]!.id,
      players[1]!.id,
      players[2]!.id,
      "token_invalid",
      players[0]!.id,
    ]);
  });

  it("reads each player's own active rooms, newest first, within the limit", async () => {
    const [first, second, third] = [roomIds[0]![0]!, roomIds[0]![1]!, roomIds[1]![0]!];
    const answers = await Promise.all([
      findActiveRoomsOf(t.handle.db, players[0]!.id, 50),
      findActiveRoomsOf(t.handle.db, players[1]!.id, 50),
      findActiveRoomsOf(t.handle.db, players[2]!.id, 50),
      findActiveRoomsOf(t.handle.db, players[0]!.id, 1),
    ]);
    expect(answers.map((rooms) => rooms.map((r) => r.id))).toEqual([[third, second, first], [third], [], [third]]);
  });

  it("reads each room's seats in the order they sat down, for each caller its own rooms", async () => {
    const [first, third] = [roomIds[0]![0]!, roomIds[1]![0]!];
    const [firstOnly, both] = await Promise.all([findSeatsOfAtOnce(t.handle.db, [first]), findSeatsOfAtOnce(t.handle.db, [third, first])]);
    expect(firstOnly.map((s) => [s.roomId, s.username])).toEqual([[first, "crowd_a"]]);
    expect(both.map((s) => [s.roomId, s.username])).toEqual([
      [third, "crowd_b"],
      [third, "crowd_a"],
      [first, "crowd_a"],
    ]);
  });
});
