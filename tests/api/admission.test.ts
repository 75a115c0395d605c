import postgres from "postgres";
import { expect, it } from "vitest";
import { startNextServer, stopProcess } from "../support/next-server";
import { describePostgres, expectError, get, newPlayer } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// Money first: when an instance is busy with lobby reads, it sheds further lobby reads with 503 and
// Retry-After while wallet calls go through; once the reads in flight finish, the lobby is served
// again. The busy instance is made by holding its one allowed lobby read (LOBBY_READS_IN_FLIGHT=1)
// behind a lock on the list's tallies, which no credit touches.

describePostgres("admission control", (t) => {
  it("sheds a lobby read with 503 and Retry-After while a credit is served, then serves the lobby again", async () => {
    const busy = await startNextServer(
      { DATABASE_URL: t.databaseUrl, ADMIN_TOKEN: t.adminToken, METRICS_TOKEN: t.metricsToken, WALLET_SIGNING_SECRET: t.walletSecrets.join(","), LOBBY_READS_IN_FLIGHT: "1" },
      { label: "busy instance" },
    );
    // One connection holds the lock, the other watches for the read waiting on it.
    const sql = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
    const target = { ...t, baseUrl: busy.baseUrl };
    try {
      const player = await newPlayer(target);
      const held = sql.reserve();
      const lock = await held;
      await lock`begin`;
      await lock`lock table room_tallies in access exclusive mode`;
      let release = async () => {
        await lock`rollback`;
        lock.release();
      };
      try {
        // The one lobby read allowed waits behind the lock.
        const first = get(target, "/v1/rooms", { token: player.token });
        for (let i = 0; i < 50; i++) {
          const [waiting] = await sql<{ n: number }[]>`select count(*)::int as n from pg_locks where relation = 'room_tallies'::regclass and not granted`;
          if (waiting!.n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const shed = await get(target, "/v1/rooms", { token: player.token });
        expectError(shed, 503, "overloaded");
        expect(Number(shed.headers.get("retry-after"))).toBeGreaterThan(0);
        expectError(await get(target, "/v1/player/me", { token: player.token }), 503, "overloaded");

        const credit = await callWallet(target, "credit", creditBody(player.id));
        expect(credit.body.status_code).toBe("OK");

        await release();
        release = async () => {};
        expect((await first).status).toBe(200);
      } finally {
        await release();
      }
      const again = await get(target, "/v1/rooms", { token: player.token });
      expect(again.status).toBe(200);
      const metrics = await (await fetch(`${busy.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.metricsToken}` } })).text();
      expect(metrics).toMatch(/lobby_reads_shed_total\{route="\/v1\/rooms"\} 1/);
    } finally {
      await sql.end();
      await stopProcess(busy.child);
    }
  });
});
