import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { hashLaunchToken } from "@/lib/players/launch-token";
import { describe, expect, it } from "vitest";
import { startNextServer, stopProcess } from "../support/next-server";
import type { Target } from "./global-setup";
import { snapshotHolds } from "@/lib/shared/snapshot";
import { openStream, updateOf } from "./event-stream";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// The live event streams: what arrives, to whom, and from which instance.

const roomBody = (currency = "USD") => ({ name: "live", bet_amount: 1, currency, player_limit: 2, turn: 10 });

describe.each(targets)("$name: live updates", (t: Target) => {
  it("pushes each room change with the room as the list shows it, and balance changes to their owner only", async () => {
    const [watcher, a, b] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      const made = await post(t, "/v1/rooms", roomBody(), { token: a.token });
      const roomId = made.body.data.id;
      const created = updateOf(await stream.next((r) => updateOf(r, roomId) !== undefined), roomId)!;
      expect(created.room).toEqual(made.body.data);
      expect(created.previous_status).toBeNull();
      expect(created.changes).toEqual([{ xid: made.headers.get("x-lobby-write"), from: null, to: "waiting" }]);

      const joined = await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: b.token });
      const playing = updateOf(await stream.next((r) => updateOf(r, roomId)?.room.status === "playing"), roomId)!;
      expect(playing.room).toEqual(joined.body.data);
      expect(playing.changes.at(-1)).toEqual({ xid: joined.headers.get("x-lobby-write"), from: "waiting", to: "playing" });

      await callWallet(t, "credit", creditBody(watcher.id));
      expect((await stream.next((r) => r.event === "balance")).data).toEqual({ type: "balance", player_id: watcher.id });
      expect(stream.received.filter((r) => r.event === "balance" && r.data.player_id !== watcher.id)).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it("sends a burst of room changes to a watcher as a few batches, not one message per change", async () => {
    const [watcher, a] = [await newPlayer(t), await newPlayer(t, { balance: "1000.00" })];
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      const made = await Promise.all(Array.from({ length: 20 }, () => post(t, "/v1/rooms", roomBody(), { token: a.token })));
      const ids = made.map((m) => m.body.data.id as string);
      await stream.next(() => ids.every((id) => stream.received.some((r) => updateOf(r, id))));
      const carrying = stream.received.filter((r) => ids.some((id) => updateOf(r, id)));
      expect(carrying.length).toBeLessThan(ids.length);
    } finally {
      await stream.close();
    }
  });

  it("answers a list with the snapshot it was counted in, holding every change committed before", async () => {
    const [watcher, a] = [await newPlayer(t), await newPlayer(t)];
    const made = await post(t, "/v1/rooms", roomBody(), { token: a.token });
    const write = made.headers.get("x-lobby-write")!;
    expect(write).toMatch(/^\d+$/);
    // The writer's own next read holds the change, whichever instance and cache answer it.
    const list = await get(t, `/v1/rooms?limit=5`, { token: watcher.token, headers: { "x-lobby-after": write } });
    expect(list.status).toBe(200);
    expect(snapshotHolds(list.body.data.snapshot, write)).toBe(true);
    expect(list.body.data.rooms.map((r: { id: string }) => r.id)).toContain(made.body.data.id);
  });

  it("refuses a stream without a valid token, and gives admins every balance", async () => {
    const refused = await fetch(`${t.baseUrl}/v1/events`);
    expect(refused.status).toBe(401);
    const p = await newPlayer(t);
    const stream = await openStream(`${t.baseUrl}/v1/admin/events`, { authorization: `Bearer ${t.adminToken}` });
    try {
      await callWallet(t, "credit", creditBody(p.id));
      expect((await stream.next((r) => r.event === "balance" && r.data.player_id === p.id)).data.type).toBe("balance");
    } finally {
      await stream.close();
    }
  });

  it("caps a player's open streams: past the cap, 503 overloaded with Retry-After", async () => {
    const p = await newPlayer(t);
    const open = await Promise.all(Array.from({ length: 5 }, () => openStream(`${t.baseUrl}/v1/events`, { "x-player-token": p.token })));
    try {
      const refused = await get(t, "/v1/events", { token: p.token });
      expectError(refused, 503, "overloaded");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another player is not held back by this one's tabs.
      const other = await newPlayer(t);
      const theirs = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": other.token });
      await theirs.close();
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });

  it("closes a player's streams when their tokens are revoked", async () => {
    const p = await newPlayer(t);
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": p.token });
    try {
      const revoked = await post(t, `/v1/admin/players/${p.id}/tokens/revoke`, {}, { admin: t.adminToken });
      expect(revoked.status).toBe(200);
      expect((await stream.next((r) => r.event === "closed")).data).toEqual({ reason: "revoked" });
      await stream.ended();
    } finally {
      await stream.close();
    }
  });
});

describe.each(targets.filter((t) => t.name === "postgres"))("$name: live updates across instances", (t) => {
  it("tells its streams to refetch after its listening connection to the database is lost, and streams on", async () => {
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    const [watcher, a] = [await newPlayer(t), await newPlayer(t)];
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      const killed = await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`;
      expect(killed.length).toBeGreaterThan(0);
      expect((await stream.next((r) => r.event === "resync")).data).toEqual({ type: "resync" });
      const made = await post(t, "/v1/rooms", roomBody(), { token: a.token });
      await stream.next((r) => updateOf(r, made.body.data.id) !== undefined);
    } finally {
      await stream.close();
      await sql.end();
    }
  });

  it("closes a player's stream when their token expires", async () => {
    const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    const p = await newPlayer(t);
    const token = randomBytes(32).toString("base64url");
    try {
      await sql`insert into launch_tokens (token_hash, player_id, expires_at) values (${hashLaunchToken(token)}, ${p.id}, now() + interval '2 seconds')`;
      const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": token });
      try {
        expect((await stream.next((r) => r.event === "closed")).data).toEqual({ reason: "expired" });
        await stream.ended();
      } finally {
        await stream.close();
      }
    } finally {
      await sql.end();
    }
  });

  it("delivers a change made through one instance to a stream on another", async () => {
    const other = await startNextServer(
      { DATABASE_URL: t.databaseUrl, ADMIN_TOKEN: t.adminToken, WALLET_SIGNING_SECRET: t.walletSecrets.join(",") },
      { label: "second instance" },
    );
    try {
      const [watcher, a] = [await newPlayer(t), await newPlayer(t)];
      const stream = await openStream(`${other.baseUrl}/v1/events`, { "x-player-token": watcher.token });
      try {
        const made = await post(t, "/v1/rooms", roomBody(), { token: a.token });
        await stream.next((r) => updateOf(r, made.body.data.id) !== undefined);
      } finally {
        await stream.close();
      }
    } finally {
      await stopProcess(other.child);
    }
  });
});
