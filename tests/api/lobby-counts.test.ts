import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_URL_TEST } from "../support/needs-postgres";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import { createScratchDatabase } from "../support/scratch-database";
import { openStream } from "./event-stream";
import { SHARED_SERVER_THROTTLE, type Target } from "./global-setup";
import { expectError, get, newPlayer, post, targets } from "./helpers";

// GET /v1/lobby/counts: players online (distinct players with a stream open, here and on the other
// instances) and tables playing. Each database gets a server of its own on a database of its own,
// so that no other test opens a stream or starts a room while these counts are compared. The
// server's own streams are counted live, so a stream is counted once its `hello` has arrived.

type Counts = { players_online: number; tables_playing: number };

const roomBody = (currency: string) => ({ name: "counts", bet_amount: 1, currency, player_limit: 2, turn: 10 });

describe.each(targets)("$name: lobby counts", (shared) => {
  let server: NextServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let t: Target;

  beforeAll(async () => {
    if (shared.name === "postgres") scratch = await createScratchDatabase(DATABASE_URL_TEST!);
    const database = scratch ? { DATABASE_URL: scratch.url } : { PGLITE_DIR: "memory://", DATABASE_URL: "" };
    server = await startNextServer(
      { ADMIN_TOKEN: shared.adminToken, WALLET_SIGNING_SECRET: shared.walletSecrets.join(","), ...SHARED_SERVER_THROTTLE, ...database },
      { label: `${shared.name} lobby counts` },
    );
    t = { ...shared, baseUrl: server.baseUrl, databaseUrl: scratch?.url };
  }, 90_000);

  afterAll(async () => {
    if (server) await stopProcess(server.child);
    await scratch?.drop();
  });

  async function counts(token: string): Promise<Counts> {
    const answer = await get(t, "/v1/lobby/counts", { token });
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** Asks until `done` holds for the counts (the server noticed a closed stream, heard a room change), or fails. */
  async function countsWhen(token: string, done: (c: Counts) => boolean): Promise<Counts> {
    let last: Counts | undefined;
    for (let i = 0; i < 100; i++) {
      last = await counts(token);
      if (done(last)) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`The counts never changed as expected; last ${JSON.stringify(last)}`);
  }

  it("counts a player's two streams once, another player's too, and each no longer once closed", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const before = (await counts(a.token)).players_online;
    const streams = [];
    try {
      const a1 = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": a.token });
      streams.push(a1);
      await a1.next((r) => r.event === "hello");
      expect((await counts(a.token)).players_online).toBe(before + 1);

      const a2 = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": a.token });
      streams.push(a2);
      await a2.next((r) => r.event === "hello");
      expect((await counts(a.token)).players_online).toBe(before + 1);

      const b1 = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": b.token });
      streams.push(b1);
      await b1.next((r) => r.event === "hello");
      expect((await counts(a.token)).players_online).toBe(before + 2);

      // One of A's tabs closes: A is still online. Then the other: only B is.
      await a1.close();
      await a2.close();
      expect((await countsWhen(a.token, (c) => c.players_online === before + 1)).players_online).toBe(before + 1);
      await b1.close();
      expect((await countsWhen(a.token, (c) => c.players_online === before)).players_online).toBe(before);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it("sends the counts to every open stream when they change, within one presence period", async () => {
    const [a, b] = [await newPlayer(t), await newPlayer(t)];
    const before = (await counts(a.token)).players_online;
    const streams = [];
    try {
      const a1 = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": a.token });
      streams.push(a1);
      await a1.next((r) => r.event === "hello");
      const b1 = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": b.token });
      streams.push(b1);
      await b1.next((r) => r.event === "hello");
      // The instance reads its counts every PRESENCE_EVERY_MS (10 s) and sends them when they changed:
      // A's stream hears of B within a period, with room to spare on a busy machine.
      const sent = await a1.next((r) => r.event === "counts" && r.data.players_online === before + 2, 30_000);
      expect(sent.data).toEqual(await counts(a.token));
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it("counts a two-seat room as playing once a second player joins it, in every currency", async () => {
    const watcher = await newPlayer(t);
    const before = (await counts(watcher.token)).tables_playing;
    let expected = before;
    for (const currency of ["USD", "EUR"]) {
      const [host, guest] = [await newPlayer(t, { currency }), await newPlayer(t, { currency })];
      const made = await post(t, "/v1/rooms", roomBody(currency), { token: host.token });
      expect(made.status).toBe(200);
      expect((await counts(watcher.token)).tables_playing).toBe(expected);
      const joined = await post(t, `/v1/rooms/${made.body.data.id}/join`, undefined, { token: guest.token });
      expect(joined.body.data.status).toBe("playing");
      // The answer is shared until this instance hears of the change: ask until it has.
      const now = await countsWhen(watcher.token, (c) => c.tables_playing !== expected);
      expected += 1;
      expect(now.tables_playing).toBe(expected);
    }
  });

  it.each([
    ["no token", {}, 401, "token_missing"],
    ["a token never issued", { token: "x".repeat(43) }, 401, "token_invalid"],
  ] as const)("refuses %s in the documented shape", async (_, options, status, code) => {
    expectError(await get(t, "/v1/lobby/counts", options), status, code);
  });

  it("refuses any query parameter", async () => {
    const p = await newPlayer(t);
    expectError(await get(t, "/v1/lobby/counts?players=1", { token: p.token }), 400, "validation_failed");
  });

  if (shared.name === "postgres") {
    it("adds the other instances' fresh rows, never a stale one nor its own row", async () => {
      const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
      const p = await newPlayer(t);
      const stream = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": p.token });
      try {
        await stream.next((r) => r.event === "hello");
        // The server's own row, written when it started: made to say far more than its live count.
        let own: { instance_id: string }[] = [];
        for (let i = 0; i < 100 && own.length === 0; i++) {
          own = await sql`select instance_id from instance_presence`;
          if (own.length === 0) await new Promise((r) => setTimeout(r, 50));
        }
        expect(own).toHaveLength(1);
        await sql`update instance_presence set players_online = 100, seen_at = now() where instance_id = ${own[0]!.instance_id}`;
        expect((await counts(p.token)).players_online).toBe(1);

        await sql`insert into instance_presence (instance_id, players_online, seen_at) values
          ('room-lobby:fresh', 5, now()), ('room-lobby:stale', 1000, now() - interval '5 minutes')`;
        expect((await counts(p.token)).players_online).toBe(1 + 5);
        await sql`delete from instance_presence where instance_id in ('room-lobby:fresh', 'room-lobby:stale')`;
        expect((await counts(p.token)).players_online).toBe(1);
      } finally {
        await stream.close();
        await sql.end();
      }
    });

    it("removes its own row when it shuts down cleanly", async () => {
      const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
      try {
        expect(await sql`select 1 from instance_presence`).toHaveLength(1);
        await stopProcess(server.child);
        expect(server.child.exitCode).toBe(0);
        expect(await sql`select instance_id from instance_presence`).toEqual([]);
      } finally {
        await sql.end();
      }
    });
  }
});
