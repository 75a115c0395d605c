import { describe, expect, it } from "vitest";
import { signBody } from "@/lib/wallet/signature";
import { expectError, get, newPlayer, post, targets, type Answer } from "./helpers";
import type { Target } from "./global-setup";
import { callWallet } from "./wallet-helpers";

// The limits on what a caller may send: body size (declared or streamed), JSON nesting, and query
// parameters, on every endpoint that reads them.

const OVER = 64 * 1024 + 1;

/** A body sent in 16 KiB chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += 16 * 1024)));
    },
  });
}

async function send(t: Target, path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(t.baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const big = JSON.stringify({ name: "x".repeat(OVER) });
const deepArray = "[".repeat(10_000) + "]".repeat(10_000);
const deepObject = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);

describe.each(targets)("$name: body limits", (t) => {
  it("refuses a body over 64 KiB on every kind of POST, declared or chunked, with 413", async () => {
    const p = await newPlayer(t);
    const posts: [string, Record<string, string>][] = [
      ["/v1/rooms", { "x-player-token": p.token }],
      ["/v1/admin/session", {}],
      ["/v1/admin/players", { authorization: `Bearer ${t.adminToken}` }],
      [`/v1/admin/players/${p.id}/tokens`, { authorization: `Bearer ${t.adminToken}` }],
    ];
    for (const [path, headers] of posts) {
      expectError(await send(t, path, big, headers), 413, "payload_too_large");
      expectError(await send(t, path, chunked(big), headers), 413, "payload_too_large");
    }
  });

  it("refuses an oversized wallet call, declared or chunked, with ERR_INVALID_REQUEST and no 500", async () => {
    for (const endpoint of ["credit", "refund"]) {
      for (const body of [big, chunked(big)]) {
        const answer = await send(t, `/wallet/${endpoint}`, body, { "x-signature": signBody(big, t.walletSecrets[0]), "x-timestamp": "1" });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status_code: "ERR_INVALID_REQUEST", message: expect.stringMatching(/at most 65536 bytes/) });
      }
    }
  });

  it.each([
    ["arrays 10,000 deep", deepArray],
    ["objects 10,000 deep", deepObject],
    ["33 levels", `{"name":${"[".repeat(32)}${"]".repeat(32)}}`],
  ])("answers JSON nested %s with 400 invalid_json on the API", async (_, raw) => {
    const p = await newPlayer(t);
    for (const [path, o] of [
      ["/v1/rooms", { token: p.token }],
      ["/v1/admin/session", {}],
      ["/v1/admin/players", { admin: t.adminToken }],
    ] as const) {
      const answer = await post(t, path, undefined, { ...o, raw, headers: { "content-type": "application/json" } });
      expectError(answer, 400, "invalid_json");
      expect(answer.body.message).toMatch(/more than 32 levels deep/);
    }
  });

  it("takes nesting up to the limit to validation, which names the field", async () => {
    const p = await newPlayer(t);
    const raw = `{"name":${"[".repeat(31)}${"]".repeat(31)}}`;
    const answer = await post(t, "/v1/rooms", undefined, { token: p.token, raw, headers: { "content-type": "application/json" } });
    expectError(answer, 400, "validation_failed");
  });

  it("answers a deeply nested wallet body with ERR_INVALID_REQUEST when signed, ERR_INTEGRITY_CHECK_FAILED when not", async () => {
    for (const raw of [deepArray, deepObject]) {
      for (const endpoint of ["credit", "refund"] as const) {
        const signed = await callWallet(t, endpoint, raw, { timestamp: "1" });
        expect(signed.status).toBe(200);
        expect(signed.body).toMatchObject({ status_code: "ERR_INVALID_REQUEST", message: expect.stringMatching(/more than 32 levels deep/) });
        const unsigned = await callWallet(t, endpoint, raw, { signature: "0".repeat(64), timestamp: "1" });
        expect(unsigned.body.status_code).toBe("ERR_INTEGRITY_CHECK_FAILED");
      }
    }
  });
});

describe.each(targets)("$name: query parameters", (t) => {
  const long = "9".repeat(200);
  /** For each GET endpoint that takes a query: a bad query and the parameter the error must name. */
  const listCases = (roomId: string, playerId: string): [string, string][] => [
    ["/v1/rooms?colour=red", "colour"],
    ["/v1/rooms?page=1&page=2", "page"],
    ["/v1/rooms?page=abc", "page"],
    ["/v1/rooms?page=1.5", "page"],
    ["/v1/rooms?page=0", "page"],
    [`/v1/rooms?page=${long}`, "page"],
    ["/v1/rooms?limit=101", "limit"],
    [`/v1/rooms?min_bet_amount=${long}`, "min_bet_amount"],
    ["/v1/rooms?currency=TOOLONGCODE1", "currency"],
    ["/v1/rooms?status=open", "status"],
    ["/v1/rooms?player_limit=3", "player_limit"],
    [`/v1/admin/rooms?q=${"x".repeat(101)}`, "q"],
    ["/v1/admin/rooms?page=-1", "page"],
    ["/v1/admin/rooms?search=x", "search"],
    ["/v1/admin/audit?page=first", "page"],
    ["/v1/admin/audit?limit=1&limit=2", "limit"],
    ["/v1/admin/audit?sort=asc", "sort"],
    [`/v1/admin/players/${playerId}/transactions?page=${long}`, "page"],
    [`/v1/admin/players/${playerId}/transactions?kind=debit`, "kind"],
    // Endpoints that take no query refuse any parameter rather than ignore it.
    ["/v1?verbose=1", "verbose"],
    ["/v1/ready?deep=1", "deep"],
    ["/v1/openapi.json?format=yaml", "format"],
    ["/v1/player/me?fields=all", "fields"],
    ["/v1/player/balance?currency=EUR", "currency"],
    [`/v1/rooms/${roomId}?expand=players`, "expand"],
    ["/v1/events?since=0", "since"],
    [`/v1/admin/players/${playerId}?x=1`, "x"],
    [`/v1/admin/rooms/${roomId}?x=1`, "x"],
    ["/v1/admin/events?x=1", "x"],
    ["/metrics?name[]=x", "name[]"],
  ];

  it("refuses unknown, repeated, over-long and malformed parameters on every GET endpoint, naming them", async () => {
    const p = await newPlayer(t);
    const room = await post(t, "/v1/rooms", { name: "query", bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: p.token });
    for (const [path, parameter] of listCases(room.body.data.id, p.id)) {
      const auth = path.startsWith("/v1/admin") ? { admin: t.adminToken } : path.startsWith("/metrics") ? { headers: { authorization: `Bearer ${t.metricsToken}` } } : { token: p.token };
      const answer = await get(t, path, auth);
      try {
        expectError(answer, 400, "validation_failed");
        expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(parameter);
      } catch (error) {
        throw new Error(`GET ${path.slice(0, 120)}: ${(error as Error).message}`);
      }
    }
  });

  it("still ignores empty values, as an HTML form sends them, and serves valid queries", async () => {
    const p = await newPlayer(t);
    expect((await get(t, "/v1/rooms?status=&page=2&limit=5", { token: p.token })).status).toBe(200);
    expect((await get(t, "/v1/player/me?", { token: p.token })).status).toBe(200);
    expect((await get(t, "/v1?probe=", {})).status).toBe(200);
  });

  it("checks the token before the query, so a stranger learns nothing about the parameters", async () => {
    expectError(await get(t, "/v1/rooms?colour=red"), 401, "token_missing");
    expectError(await get(t, "/v1/admin/audit?sort=asc"), 401, "admin_unauthorized");
  });
});
