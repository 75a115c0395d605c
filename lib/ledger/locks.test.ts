import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { LockOrderViolation, lockPlayer, lockRoom } from "./locks";

// The lock order, as code: a path that locks out of order fails at once rather than deadlocking.

describe("the lock order", { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "embedded", dir: "memory://" });
    await handle.db.execute(sql`insert into players (id, username, currency, avatar_name, avatar_url) values ('p-a', 'a', 'USD', 'x', '/x'), ('p-b', 'b', 'USD', 'x', '/x')`);
    await handle.db.execute(sql`insert into rooms (id, name, bet_amount, currency, player_limit, turn) values ('r-1', 'r', 1, 'USD', 2, 10)`);
  }, 60_000);
  afterAll(() => handle?.close());

  it("takes a room, then players in ascending id, and a player it holds again", async () => {
    await handle.db.transaction(async (tx) => {
      expect((await lockRoom(tx, "r-1"))?.id).toBe("r-1");
      expect((await lockPlayer(tx, "p-a"))?.id).toBe("p-a");
      expect((await lockPlayer(tx, "p-a"))?.id).toBe("p-a");
      expect((await lockPlayer(tx, "p-b"))?.id).toBe("p-b");
      expect((await lockPlayer(tx, "p-a"))?.id).toBe("p-a");
    });
  });

  it("refuses a room after a player, and a player below one already held", async () => {
    await expect(handle.db.transaction(async (tx) => (await lockPlayer(tx, "p-a"), await lockRoom(tx, "r-1")))).rejects.toThrow(
      new LockOrderViolation("Room r-1 locked after player p-a: rooms come before players."),
    );
    await expect(handle.db.transaction(async (tx) => (await lockPlayer(tx, "p-b"), await lockPlayer(tx, "p-a")))).rejects.toThrow(
      new LockOrderViolation("Player p-a locked after player p-b: players are locked in ascending id."),
    );
  });

  it("starts every transaction afresh", async () => {
    await handle.db.transaction((tx) => lockPlayer(tx, "p-b"));
    await handle.db.transaction(async (tx) => (await lockRoom(tx, "r-1"), await lockPlayer(tx, "p-a")));
  });
});
