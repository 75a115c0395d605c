import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertMatchesDocument } from "../support/openapi-validator";
import { createScratchDatabase } from "../support/scratch-database";
import { startNextServer, stopProcess, type NextServer } from "../support/next-server";
import type { Target } from "./global-setup";
import { call, expectError, get, newPlayer, post, type Answer } from "./helpers";
import { signBody } from "@/lib/wallet/signature";
import { creditBody } from "./wallet-helpers";

// The throttle on servers of its own with small limits. One trusted proxy, so each test names its
// client address in X-Forwarded-For as a proxy would and starts with clean counters. A day-long window
// keeps a window's end from falling inside a test.

const LIMIT = 4;
const SIGN_IN_LIMIT = 2;
const ADMIN_TOKEN = randomBytes(24).toString("hex");
const METRICS_TOKEN = randomBytes(24).toString("hex");
const SECRET = randomBytes(24).toString("hex");
const settings = (extra: Record<string, string> = {}) => ({
  ADMIN_TOKEN,
  METRICS_TOKEN,
  WALLET_SIGNING_SECRET: SECRET,
  TRUSTED_PROXIES: "1",
  THROTTLE_PLAYER_TOKEN: `${LIMIT}/86400`,
  THROTTLE_ADMIN_TOKEN: `${LIMIT}/86400`,
  THROTTLE_ADMIN_SIGN_IN: `${SIGN_IN_LIMIT}/86400`,
  THROTTLE_WALLET_SIGNATURE: `${LIMIT}/86400`,
  ...extra,
});
const targetOf = (server: NextServer, name: Target["name"], databaseUrl?: string): Target => ({
  name,
  baseUrl: server.baseUrl,
  adminToken: ADMIN_TOKEN,
  metricsToken: METRICS_TOKEN,
  walletSecrets: [SECRET, SECRET],
  databaseUrl,
  logFile: "",
});

const newAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
/** As a proxy in front would send it: whatever the client wrote, then the address the proxy saw. */
const from = (address: string, clientWrote?: string) => ({ "x-forwarded-for": clientWrote ? `${clientWrote}, ${address}` : address });
const WRONG_TOKEN = "A".repeat(43);

function expectThrottled(answer: Answer) {
  expectError(answer, 429, "too_many_requests");
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(86_400);
}

const me = (t: Target, address: string, token?: string, clientWrote?: string) => get(t, "/v1/player/me", { token, headers: from(address, clientWrote) });
const adminRead = (t: Target, address: string, token: string) => get(t, "/v1/admin/audit?limit=1", { admin: token, headers: from(address) });
const signIn = (t: Target, address: string, token: string) => post(t, "/v1/admin/session", { token }, { headers: from(address) });

interface Backend {
  name: Target["name"];
  start: () => Promise<{ target: Target; second?: Target; stop: () => Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "embedded",
    start: async () => {
      const server = await startNextServer(settings({ PGLITE_DIR: "memory://" }), { label: "embedded throttle" });
      return { target: targetOf(server, "embedded"), stop: () => stopProcess(server.child) };
    },
  },
];
if (process.env.DATABASE_URL_TEST) {
  backends.push({
    name: "postgres",
    start: async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!);
      const first = await startNextServer(settings({ DATABASE_URL: scratch.url }), { label: "postgres throttle A" });
      const second = await startNextServer(settings({ DATABASE_URL: scratch.url }), { label: "postgres throttle B" });
      return {
        target: targetOf(first, "postgres", scratch.url),
        second: targetOf(second, "postgres", scratch.url),
        stop: async () => {
          await Promise.all([stopProcess(first.child), stopProcess(second.child)]);
          await scratch.drop();
        },
      };
    },
  });
}

describe.each(backends)("$name: throttle", (backend) => {
  let t: Target;
  let second: Target | undefined;
  let stop = async () => {};
  let player: Awaited<ReturnType<typeof newPlayer>>;
  beforeAll(async () => {
    ({ target: t, second, stop } = await backend.start());
    player = await newPlayer(t);
  }, 120_000);
  afterAll(() => stop());

  describe("player tokens", () => {
    it(`answers ${LIMIT} failures, then 429 from that address only, even for a valid token`, async () => {
      const address = newAddress();
      for (let i = 0; i < LIMIT; i++) expectError(await me(t, address, WRONG_TOKEN), 401, "token_invalid");
      expectThrottled(await me(t, address, WRONG_TOKEN));
      expectThrottled(await me(t, address, player.token));
      expect((await me(t, newAddress(), player.token)).status).toBe(200);
    });

    it("counts neither a missing token nor a success", async () => {
      const address = newAddress();
      for (let i = 0; i < 2 * LIMIT; i++) {
        expectError(await me(t, address), 401, "token_missing");
        expect((await me(t, address, player.token)).status).toBe(200);
      }
      for (let i = 0; i < LIMIT; i++) expectError(await me(t, address, "not a token at all"), 401, "token_invalid");
      expectThrottled(await me(t, address, WRONG_TOKEN));
    });

    it("cannot be escaped by writing another address into X-Forwarded-For", async () => {
      const address = newAddress();
      for (let i = 0; i < LIMIT; i++) expectError(await me(t, address, WRONG_TOKEN, newAddress()), 401, "token_invalid");
      expectThrottled(await me(t, address, WRONG_TOKEN, newAddress()));
    });
  });

  describe("admin tokens", () => {
    it(`answers ${LIMIT} wrong Bearer tokens, then 429 even for the right one; no credential is not counted`, async () => {
      const address = newAddress();
      for (let i = 0; i < 2 * LIMIT; i++) expectError(await get(t, "/v1/admin/audit", { headers: from(address) }), 401, "admin_unauthorized");
      for (let i = 0; i < LIMIT; i++) expectError(await adminRead(t, address, "wrong-admin-token-of-some-length"), 401, "admin_unauthorized");
      expectThrottled(await adminRead(t, address, "wrong-admin-token-of-some-length"));
      expectThrottled(await adminRead(t, address, ADMIN_TOKEN));
      expect((await adminRead(t, newAddress(), ADMIN_TOKEN)).status).toBe(200);
    });

    it(`says of the ${SIGN_IN_LIMIT}th failed sign-in that it locks the address, then refuses even the right token; the Bearer API keeps its own count`, async () => {
      const address = newAddress();
      for (let i = 0; i < SIGN_IN_LIMIT - 1; i++) expectError(await signIn(t, address, "not-the-admin-token"), 401, "admin_unauthorized");
      expectThrottled(await signIn(t, address, "not-the-admin-token"));
      expectThrottled(await signIn(t, address, ADMIN_TOKEN));
      expect((await adminRead(t, address, ADMIN_TOKEN)).status).toBe(200);
      expect((await signIn(t, newAddress(), ADMIN_TOKEN)).status).toBe(200);
    });
  });

  describe("metrics tokens", () => {
    const scrape = (address: string, token?: string) => fetch(`${t.baseUrl}/metrics`, { headers: { ...from(address), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

    it(`counts a wrong one with the wrong admin tokens: ${LIMIT} in all, then 429 for both, even the right ones; no token is not counted`, async () => {
      const address = newAddress();
      for (let i = 0; i < 2 * LIMIT; i++) expect((await scrape(address)).status).toBe(401);
      for (let i = 0; i < LIMIT / 2; i++) expectError(await adminRead(t, address, "wrong-admin-token-of-some-length"), 401, "admin_unauthorized");
      for (let i = 0; i < LIMIT / 2; i++) expectError(await get(t, "/metrics", { headers: { ...from(address), authorization: "Bearer wrong-metrics-token-of-some-length" } }), 401, "metrics_unauthorized");
      expect((await scrape(address, METRICS_TOKEN)).status).toBe(429);
      expectThrottled(await adminRead(t, address, ADMIN_TOKEN));
      expect((await scrape(newAddress(), METRICS_TOKEN)).status).toBe(200);
    });
  });

  describe("guesses sent all at once", () => {
    it(`evaluates no more of 40 simultaneous wrong Bearer tokens than the limit of ${LIMIT}`, async () => {
      const address = newAddress();
      const answers = await Promise.all(Array.from({ length: 40 }, () => adminRead(t, address, "wrong-admin-token-of-some-length")));
      expect(answers.filter((a) => a.status === 401)).toHaveLength(LIMIT);
      answers.filter((a) => a.status !== 401).forEach(expectThrottled);
    });

    it(`evaluates no more of 40 simultaneous wrong sign-ins than the limit of ${SIGN_IN_LIMIT}`, async () => {
      const address = newAddress();
      const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(t, address, "not-the-admin-token")));
      // The last failure before the block is answered 429 at once, as it locks the address.
      expect(answers.filter((a) => a.status === 401)).toHaveLength(SIGN_IN_LIMIT - 1);
      answers.filter((a) => a.status !== 401).forEach(expectThrottled);
    });
  });

  describe("wallet signatures", () => {
    const creditFrom = async (address: string, signature?: string) => {
      const body = JSON.stringify(creditBody(player.id));
      const response = await fetch(`${t.baseUrl}/wallet/credit`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signature ?? signBody(body, SECRET), ...from(address) },
        body,
      });
      const answer = { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
      assertMatchesDocument("POST", "/wallet/credit", answer.status, answer.body);
      return answer;
    };

    it(`answers ${LIMIT} bad signatures, then ERR_TOO_MANY_REQUESTS; a valid signature from that address is never refused`, async () => {
      const address = newAddress();
      for (let i = 0; i < LIMIT; i++) {
        const bad = await creditFrom(address, "0".repeat(64));
        expect([bad.status, bad.body.status_code]).toEqual([200, "ERR_INTEGRITY_CHECK_FAILED"]);
      }
      const refused = await creditFrom(address, "0".repeat(64));
      expect([refused.status, refused.body.status_code]).toEqual([429, "ERR_TOO_MANY_REQUESTS"]);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      const good = await creditFrom(address);
      expect([good.status, good.body.status_code]).toEqual([200, "OK"]);
      expect((await creditFrom(address, "0".repeat(64))).body.status_code).toBe("ERR_TOO_MANY_REQUESTS");
    });
  });

  // Two instances exist only on PostgreSQL: the embedded database serves one process.
  if (backend.name === "postgres") {
    describe("two instances on one database", () => {
      it("holds its limit across two instances on one database, each allowing at most one more try", async () => {
        const [a, b] = [t, second!];
        const address = newAddress();
        const answers: number[] = [];
        // Failures spread over both instances: the count is shared, so only LIMIT of them are answered 401.
        for (let i = 0; i < 3 * LIMIT; i++) answers.push((await me(i % 2 ? b : a, address, WRONG_TOKEN)).status);
        expect(answers.filter((s) => s === 401)).toHaveLength(LIMIT);
        expect(answers.slice(LIMIT).every((s) => s === 429)).toBe(true);
        // Both instances now know the block from their own counted failure, and refuse without counting.
        expectThrottled(await me(a, address, player.token));
        expectThrottled(await me(b, address, player.token));
        const sql = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
        try {
          const [row] = await sql`select failures from auth_failures where scope = 'player_token' and address = ${address}`;
          expect(row!.failures).toBe(LIMIT + 1);
        } finally {
          await sql.end();
        }
      });

      it("lets an instance that has not seen the block check one more credential", async () => {
        const [a, b] = [t, second!];
        const address = newAddress();
        for (let i = 0; i < LIMIT; i++) expectError(await me(b, address, WRONG_TOKEN), 401, "token_invalid");
        expectThrottled(await me(b, address, player.token));
        expect((await me(a, address, player.token)).status).toBe(200);
        expectThrottled(await me(a, address, WRONG_TOKEN));
        expectThrottled(await me(a, address, player.token));
      });
    });
  }
});

/** The server's "address throttled" line for the scope, once it has been written. */
async function throttledLine(server: NextServer, scope: string): Promise<Record<string, unknown>> {
  for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt; await new Promise((r) => setTimeout(r, 50))) {
    const lines = server.output.join("").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    const found = lines.find((l) => l.msg === "address throttled" && l.scope === scope);
    if (found) return found;
  }
  throw new Error(`No "address throttled" line for ${scope}:\n${server.output.join("")}`);
}

describe("throttle with no proxy in front", () => {
  let t: Target;
  let server: NextServer;
  beforeAll(async () => {
    server = await startNextServer(settings({ PGLITE_DIR: "memory://", TRUSTED_PROXIES: "0" }), { label: "embedded throttle, no proxy" });
    t = targetOf(server, "embedded");
  }, 120_000);
  afterAll(() => stopProcess(server.child));

  it("keys on the connection's address, whatever X-Forwarded-For a client sends", async () => {
    for (let i = 0; i < LIMIT; i++) expectError(await me(t, newAddress(), WRONG_TOKEN), 401, "token_invalid");
    expectThrottled(await me(t, newAddress(), WRONG_TOKEN));
    expectThrottled(await call(t, "GET", "/v1/player/me", undefined, { token: WRONG_TOKEN }));
    // The block names the socket's loopback address: without the peer stamp (lib/runtime/peer-address.ts)
    // every client would share one "unknown" bucket, and the lines above would pass all the same.
    const blocked = await throttledLine(server, "player_token");
    expect(blocked.address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });
});
