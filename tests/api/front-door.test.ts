import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import type { Target } from "./global-setup";
import { backends, type Backend } from "./own-backends";
import { describePostgres, expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// The front door (lib/server/front-door.ts) decides lobby reads and stream opens before any
// authentication or query: caps hold however many opens arrive at once, a crowd of opens is let in at
// a steady rate and each refused one is told its own time to come back, and an instance by role
// serves only its part.

const ADMIN_TOKEN = randomBytes(24).toString("hex");
const SECRET = randomBytes(24).toString("hex");

async function serve(backend: Backend, settings: Record<string, string>, label: string) {
  const database = await backend.env();
  const server = await startNextServer({ ADMIN_TOKEN, WALLET_SIGNING_SECRET: SECRET, ...database.env, ...settings }, { label });
  const target: Target = { name: backend.name, baseUrl: server.baseUrl, adminToken: ADMIN_TOKEN, walletSecrets: [SECRET, SECRET], databaseUrl: database.databaseUrl, logFile: "" };
  return { target, stop: async () => (await stopProcess(server.child), await database.drop()) };
}

/**
 * Opens a stream; answers its status, body if refused, Retry-After, and a way to close it. The
 * response is kept with them, its body unread: fetch cancels the body of a Response that is garbage
 * collected unread, which closes the connection, and the server would count a stream closed that the
 * test still counts open.
 */
async function open(t: Target, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${t.baseUrl}/v1/events`, { headers: { "x-player-token": token }, signal: controller.signal });
  const body = response.status === 200 ? undefined : await response.json();
  return { status: response.status, body, retryAfter: Number(response.headers.get("retry-after")), response, close: () => controller.abort() };
}

describe.each(backends)("$name: the front door", (backend) => {
  describe("stream caps", () => {
    let server: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      server = await serve(backend, { LIVE_STREAMS_PER_PLAYER: "3", LIVE_OPENS_PER_SECOND: "1000" }, `${backend.name} front door: caps`);
    });
    afterAll(() => server?.stop());

    it("holds one player to their streams however many opens arrive at once", async () => {
      const player = await newPlayer(server.target);
      const opens = await Promise.all(Array.from({ length: 12 }, () => open(server.target, player.token)));
      try {
        expect(opens.filter((o) => o.status === 200)).toHaveLength(3);
        const refused = opens.filter((o) => o.status !== 200);
        expect(refused).toHaveLength(9);
        for (const r of refused) {
          expect(r.status).toBe(503);
          expect(r.body).toMatchObject({ type: "error", status: 503, code: "overloaded", message: expect.stringMatching(/At most 3 live update streams per player/) });
          expect(r.retryAfter).toBeGreaterThan(0);
        }
        // Another player is not affected.
        const other = await open(server.target, (await newPlayer(server.target)).token);
        expect(other.status).toBe(200);
        other.close();
      } finally {
        opens.forEach((o) => o.close());
      }
    });

    it("holds a player with several launch tokens to one player's streams, once each token has been accepted", async () => {
      const player = await newPlayer(server.target);
      const tokens = [player.token];
      for (let i = 0; i < 2; i++) tokens.push((await post(server.target, `/v1/admin/players/${player.id}/tokens`, {}, { admin: ADMIN_TOKEN })).body.data.token);
      // Each token's first answer tells the instance whose it is.
      for (const token of tokens) expect((await get(server.target, "/v1/player/balance", { token })).status).toBe(200);
      const opens = [];
      try {
        for (const token of tokens) opens.push(await open(server.target, token));
        expect(opens.map((o) => o.status)).toEqual([200, 200, 200]);
        // A fourth, by any of the three tokens, is past the player's three.
        for (const token of tokens) {
          const more = await open(server.target, token);
          opens.push(more);
          expect(more.status).toBe(503);
          expect(more.body.message).toMatch(/At most 3 live update streams per player/);
        }
      } finally {
        opens.forEach((o) => o.close());
      }
    });
  });

  describe("stream opens at a steady rate", () => {
    let server: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      server = await serve(backend, { LIVE_OPENS_PER_SECOND: "1" }, `${backend.name} front door: rate`);
    });
    afterAll(() => server?.stop());

    it("refuses a crowd past its rate before checking a token, each told its own second to return", async () => {
      const started = Date.now();
      // Tokens that are not even well formed: any open that reached authentication would get 401.
      const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => open(server.target, `not-a-token-${i}`)));
      const elapsedSeconds = (Date.now() - started) / 1000;
      const authenticated = crowd.filter((o) => o.status === 401);
      const refused = crowd.filter((o) => o.status === 503);
      expect(authenticated.length + refused.length).toBe(8);
      // The bucket holds one open, and refills at one a second while the crowd arrives.
      expect(authenticated.length).toBeGreaterThanOrEqual(1);
      expect(authenticated.length).toBeLessThanOrEqual(1 + Math.ceil(elapsedSeconds));
      for (const r of refused) expect(r.body).toMatchObject({ code: "overloaded", message: expect.stringMatching(/reconnected at 1 a second/) });
      // One a second: each refused open is sent to a second of its own.
      const waits = refused.map((r) => r.retryAfter).sort((a, b) => a - b);
      expect(new Set(waits).size).toBe(waits.length);
      expect(waits[0]).toBeGreaterThanOrEqual(1);
    });
  });
});

/** Sends raw HTTP/1.1 bytes and answers the status line that comes back, or what ended the connection. */
function rawStatusLine(baseUrl: string, text: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let got = "";
    socket.on("data", (chunk) => {
      got += chunk.toString("latin1");
      if (got.includes("\r\n")) (resolve(got.split("\r\n")[0]!), socket.destroy());
    });
    socket.on("close", () => resolve(got.split("\r\n")[0] || "closed without an answer"));
    socket.on("error", (error) => resolve(`error: ${error.message}`));
  });
}

describe.each(backends)("$name: a player's reads a second", (backend) => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(backend, { LOBBY_READ_RATE_PER_PLAYER: "1", LOBBY_READS_PER_PLAYER: "100" }, `${backend.name} front door: read rate`);
  });
  afterAll(() => server?.stop());

  it("holds a player who reads without pause to their rate, while money and other players pass", async () => {
    const [greedy, other] = [await newPlayer(server.target), await newPlayer(server.target)];
    const started = Date.now();
    const reads = await Promise.all(Array.from({ length: 10 }, () => get(server.target, "/v1/player/balance", { token: greedy.token })));
    const elapsedSeconds = (Date.now() - started) / 1000;
    const served = reads.filter((r) => r.status === 200);
    const refused = reads.filter((r) => r.status !== 200);
    // A burst of twice the rate at once, then one a second while the reads arrive.
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(served.length).toBeLessThanOrEqual(2 + Math.ceil(elapsedSeconds));
    expect(refused.length).toBe(10 - served.length);
    for (const r of refused) {
      expectError(r, 429, "too_many_requests");
      expect(r.body.message).toMatch(/At most 1 of one player's lobby reads a second/);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect((await get(server.target, "/v1/player/balance", { token: other.token })).status).toBe(200);
    expect((await callWallet(server.target, "credit", creditBody(greedy.id))).body.status_code).toBe("OK");
  });

  it("keeps the connection after a refused stream open or read, for the client's next try", async () => {
    const player = await newPlayer(server.target);
    const { hostname, port } = new URL(server.target.baseUrl);
    /** One raw request: the answer's head, and whether the server ended the connection after it (a kept one is left at the head). */
    const exchange = (path: string) =>
      new Promise<{ head: string; ended: boolean }>((resolve) => {
        let got = "";
        const socket = connect(Number(port), hostname, () => socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}\r\nx-player-token: ${player.token}\r\n\r\n`));
        socket.on("data", (chunk) => {
          got += chunk.toString("latin1");
          // A kept connection is left to idle, and a stream served stays open (on a stream lane, with
          // `connection: close`): the answer's head is all this needs of either.
          const kept = !/\r\nconnection: close\r\n/i.test(got) || /^HTTP\/1\.1 200 /.test(got);
          if (got.includes("\r\n\r\n") && kept) (resolve({ head: got.split("\r\n\r\n")[0]!, ended: false }), socket.destroy());
        });
        // The server's end of the connection, never ours before the head.
        socket.on("end", () => (resolve({ head: got.split("\r\n\r\n")[0]!, ended: true }), socket.destroy()));
        socket.on("error", () => resolve({ head: got, ended: false }));
      });
    // Ten at once against a burst of two and one a second: most are refused, each after its wait.
    for (const path of ["/v1/events", "/v1/player/balance"]) {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(path)));
      const elapsedSeconds = (Date.now() - started) / 1000;
      const refused = answers.filter((a) => /^HTTP\/1\.1 429 /.test(a.head));
      expect(refused.length).toBeGreaterThanOrEqual(10 - 2 - Math.ceil(elapsedSeconds));
      for (const answer of refused) {
        expect(answer.head).toMatch(/\r\nconnection: keep-alive\r\n/i);
        expect(answer.ended).toBe(false);
      }
    }
  });

  it("counts a player's stream opens with their reads: each hello reads what a lobby read would", async () => {
    const player = await newPlayer(server.target);
    const stop = new AbortController();
    try {
      const started = Date.now();
      const opens = await Promise.all(Array.from({ length: 4 }, () => fetch(`${server.target.baseUrl}/v1/events?moves=1`, { headers: { "x-player-token": player.token }, signal: stop.signal })));
      const elapsedSeconds = (Date.now() - started) / 1000;
      const served = opens.filter((r) => r.status === 200);
      // A burst of twice the rate at once, then one a second, as for reads.
      expect(served.length).toBeGreaterThanOrEqual(2);
      expect(served.length).toBeLessThanOrEqual(2 + Math.ceil(elapsedSeconds));
      for (const refused of opens.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(429);
        expect((await refused.json()).message).toMatch(/At most 1 of one player's lobby reads or stream opens a second/);
      }
    } finally {
      stop.abort();
    }
  });
});

describe.each(backends)("$name: the front door's own answers", (backend) => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(backend, {}, `${backend.name} front door: answers`);
  });
  afterAll(() => server?.stop());

  it("answers a read it serves directly whatever the Host header says", async () => {
    const line = await rawStatusLine(server.target.baseUrl, "GET /v1/rooms HTTP/1.1\r\nHost: not a host\r\nX-Player-Token: made-up\r\nConnection: close\r\n\r\n");
    expect(line).toBe("HTTP/1.1 401 Unauthorized");
  });
});

describe("idle connections", () => {
  it("keeps an idle connection open past Node.js's own 6 s and says for how long, so a client's next request on it is answered", async () => {
    // Against one server: how long a connection idles is the server's, whatever its database.
    const { hostname, port } = new URL(targets[0]!.baseUrl);
    const socket = connect(Number(port), hostname);
    let got = "";
    let ended = false;
    socket.on("data", (chunk) => (got += chunk.toString("latin1")));
    socket.on("end", () => (ended = true));
    const answers = () => got.match(/^HTTP\/1\.1 \d+ .*$/gm) ?? [];
    const until = async (done: () => boolean) => {
      while (!done() && !ended) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      socket.write(`GET /v1 HTTP/1.1\r\nhost: ${hostname}\r\n\r\n`);
      await until(() => answers().length === 1 && got.includes("\r\n\r\n"));
      expect(got).toMatch(/\r\nkeep-alive: timeout=65\r\n/i);
      // Node.js's default (5 s, closed at 6 s) is where a client sending just then met a reset.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(ended).toBe(false);
      socket.write(`GET /v1 HTTP/1.1\r\nhost: ${hostname}\r\n\r\n`);
      await until(() => answers().length === 2);
      expect(answers()).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
    } finally {
      socket.destroy();
    }
  });
});

describePostgres("a player's reads in flight", (t) => {
  it("answers a player's reads beyond their share with 429 while other players are served", async () => {
    const server = await startNextServer(
      { DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, WALLET_SIGNING_SECRET: t.walletSecrets.join(","), LOBBY_READS_PER_PLAYER: "2" },
      { label: "reads per player" },
    );
    const target = { ...t, baseUrl: server.baseUrl };
    const sql = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
    try {
      const [greedy, patient] = [await newPlayer(target), await newPlayer(target)];
      const lock = await sql.reserve();
      await lock`begin`;
      await lock`lock table room_tallies in access exclusive mode`;
      let held: Promise<unknown>[] = [];
      try {
        held = [get(target, "/v1/rooms", { token: greedy.token }), get(target, "/v1/rooms", { token: greedy.token })];
        for (;;) {
          const [waiting] = await sql<{ n: number }[]>`select count(*)::int as n from pg_locks where relation = 'room_tallies'::regclass and not granted`;
          if (waiting!.n >= 2) break;
          await new Promise((r) => setImmediate(r));
        }
        const extra = await get(target, "/v1/rooms", { token: greedy.token });
        expectError(extra, 429, "too_many_requests");
        expect(extra.body.message).toMatch(/At most 2 of one player's lobby reads/);
        expect(Number(extra.headers.get("retry-after"))).toBeGreaterThan(0);
        // Money passes while the reads wait; another player's read is admitted (and waits its turn).
        expect((await callWallet(target, "credit", creditBody(greedy.id))).body.status_code).toBe("OK");
        held.push(get(target, "/v1/rooms", { token: patient.token }));
      } finally {
        await lock`rollback`;
        lock.release();
      }
      const answers = (await Promise.all(held)) as { status: number }[];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    } finally {
      await sql.end();
      await stopProcess(server.child);
    }
  });
});

describePostgres("instances by role", (t) => {
  let wallet: NextServer;
  let lobby: NextServer;
  beforeAll(async () => {
    const env = { DATABASE_URL: t.databaseUrl!, ADMIN_TOKEN: t.adminToken, WALLET_SIGNING_SECRET: t.walletSecrets.join(",") };
    wallet = await startNextServer({ ...env, INSTANCE_ROLE: "wallet" }, { label: "wallet instance" });
    lobby = await startNextServer({ ...env, INSTANCE_ROLE: "lobby" }, { label: "lobby instance" });
  });
  afterAll(async () => {
    if (wallet) await stopProcess(wallet.child);
    if (lobby) await stopProcess(lobby.child);
  });

  it("shows one settings fingerprint on both instances, whose shared settings match though their roles differ", async () => {
    const fingerprint = async (server: NextServer) => ((await (await fetch(`${server.baseUrl}/v1/ready`)).json()) as { data: { settings_fingerprint: string } }).data.settings_fingerprint;
    const [onWallet, onLobby] = [await fingerprint(wallet), await fingerprint(lobby)];
    expect(onWallet).toMatch(/^[0-9a-f]{16}$/);
    expect(onLobby).toBe(onWallet);
  });

  it("serves the platform's calls on a wallet instance and the lobby on a lobby instance, each refusing the other's", async () => {
    const player = await newPlayer(t);
    const onWallet = { ...t, baseUrl: wallet.baseUrl };
    const onLobby = { ...t, baseUrl: lobby.baseUrl };
    expect((await callWallet(onWallet, "credit", creditBody(player.id))).body.status_code).toBe("OK");
    const notLobby = await fetch(`${wallet.baseUrl}/v1/rooms`, { headers: { "x-player-token": player.token } });
    expect(notLobby.status).toBe(404);
    expect(await notLobby.json()).toMatchObject({ type: "error", status: 404, code: "not_found", message: expect.stringMatching(/INSTANCE_ROLE=wallet/) });

    expect((await get(onLobby, "/v1/rooms", { token: player.token })).status).toBe(200);
    const notWallet = await fetch(`${lobby.baseUrl}/wallet/credit`, { method: "POST", body: "{}" });
    expect(notWallet.status).toBe(404);
    expect(await notWallet.json()).toMatchObject({ code: "not_found", message: expect.stringMatching(/INSTANCE_ROLE=lobby/) });

    for (const server of [wallet, lobby]) {
      expect((await fetch(`${server.baseUrl}/v1/ready`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/v1`)).status).toBe(200);
    }
  });
});
