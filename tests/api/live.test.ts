import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { startNextServer, stopProcess } from "../support/next-server";
import type { Target } from "./global-setup";
import { newPlayer, post, targets } from "./helpers";
import { openStream } from "./event-stream";
import { callWallet, creditBody } from "./wallet-helpers";

// The live event streams: what arrives, to whom, and from which instance.

const roomBody = (currency = "USD") => ({ name: "live", bet_amount: 1, currency, player_limit: 2, turn: 10 });

describe.each(targets)("$name: live updates", (t: Target) => {
  it("streams room changes to every player and balance changes to their owner only", async () => {
    const [watcher, a, b] = [await newPlayer(t), await newPlayer(t), await newPlayer(t)];
    const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      const made = await post(t, "/v1/rooms", roomBody(), { token: a.token });
      const roomId = made.body.data.id;
      expect((await stream.next((r) => r.data.room_id === roomId && r.data.type === "created")).event).toBe("room");
      await post(t, `/v1/rooms/${roomId}/join`, undefined, { token: b.token });
      expect((await stream.next((r) => r.data.room_id === roomId && r.data.type === "playing")).data).toMatchObject({ status: "playing", current_players: 2 });

      await callWallet(t, "credit", creditBody(watcher.id));
      expect((await stream.next((r) => r.event === "balance")).data).toEqual({ type: "balance", player_id: watcher.id });
      expect(stream.received.filter((r) => r.event === "balance" && r.data.player_id !== watcher.id)).toEqual([]);
    } finally {
      await stream.close();
    }
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
      await stream.next((r) => r.data.room_id === made.body.data.id && r.data.type === "created");
    } finally {
      await stream.close();
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
        await stream.next((r) => r.data.room_id === made.body.data.id && r.data.type === "created");
      } finally {
        await stream.close();
      }
    } finally {
      await stopProcess(other.child);
    }
  });
});
