import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signBody } from "@/lib/wallet/signature";
import { get, newPlayer, post, targets } from "./helpers";
import type { Target } from "./global-setup";
import { callWallet, creditBody } from "./wallet-helpers";
import { lineWith, logLines, scrape, sample } from "./log-helpers";

// What an operator watches: log lines, metrics and readiness, on the running production build.

const requestId = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;

describe.each(targets)("$name: operations", (t) => {
  it("writes one JSON line per request with its id, route, status, duration and player, and returns the id", async () => {
    const p = await newPlayer(t);
    const id = requestId("log");
    const answer = await get(t, "/v1/player/balance", { token: p.token, headers: { "x-request-id": id } });
    expect(answer.headers.get("x-request-id")).toBe(id);
    const line = await lineWith(t, (l) => l.request_id === id);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/v1/player/balance", status: 200, player_id: p.id });
    expect(line.duration_ms).toEqual(expect.any(Number));
    expect(Date.parse(String(line.time))).not.toBeNaN();
  });

  it("makes a request id when the caller sends none, and logs unknown paths and refused methods too", async () => {
    const missing = await get(t, "/v1/nothing-here");
    const made = missing.headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(await lineWith(t, (l) => l.request_id === made)).toMatchObject({ route: "(unknown path)", status: 404 });
    const id = requestId("405");
    const refused = await fetch(`${t.baseUrl}/v1/player/balance`, { method: "DELETE", headers: { "x-request-id": id } });
    expect(refused.status).toBe(405);
    expect(await lineWith(t, (l) => l.request_id === id)).toMatchObject({ route: "(method not allowed)", status: 405 });
  });

  it("writes one line per wallet decision with the transfer, status_code and amounts", async () => {
    const p = await newPlayer(t);
    const body = creditBody(p.id, { amount: "3.00" });
    const answer = await callWallet(t, "credit", body);
    const id = answer.headers.get("x-request-id");
    const line = await lineWith(t, (l) => l.request_id === id && l.msg === "wallet");
    expect(line).toMatchObject({ endpoint: "credit", transfer_id: body.transfer_id, player_id: p.id, status_code: "OK", amount: "3.00", currency: "USD" });
  });

  it("never writes a launch token, the admin token or its session, the metrics token, a signing secret or a signature", async () => {
    const p = await newPlayer(t);
    const id = requestId("secrets");
    // The player's token: used, mistyped, and in the launch address of the lobby's page.
    await get(t, "/v1/player/me", { token: p.token });
    await get(t, "/v1/player/me", { token: `${p.token.slice(0, -1)}x` });
    await get(t, `/v1/player/me?token=${p.token}`, { token: p.token });
    await fetch(`${t.baseUrl}/?token=${p.token}`);
    // Signed wallet calls: right (both secrets of the rotation) and wrong.
    const signatures: string[] = [];
    for (const secret of [...t.walletSecrets, "a-secret-that-is-not-the-servers"]) {
      const raw = JSON.stringify(creditBody(p.id));
      signatures.push(signBody(raw, secret));
      await callWallet(t, "credit", raw, { secret });
    }
    // The console's sign-in, wrong then right, and its session cookie in use.
    await post(t, "/v1/admin/session", { token: "not-the-admin-token-at-all" });
    const signIn = await fetch(`${t.baseUrl}/v1/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: t.adminToken }),
    });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    await fetch(`${t.baseUrl}/v1/admin/audit`, { headers: { cookie, "x-request-id": id } });
    await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.metricsToken}` } });
    await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.adminToken}` } });

    await lineWith(t, (l) => l.request_id === id);
    const everything = readFileSync(t.logFile, "utf8");
    const secrets: [string, string][] = [
      ["player token", p.token],
      ["admin token", t.adminToken],
      ["metrics token", t.metricsToken!],
      ["admin session", cookie.split("=")[1]!],
      ...t.walletSecrets.map((s, i): [string, string] => [`signing secret ${i}`, s]),
      ...signatures.map((s, i): [string, string] => [`X-Signature ${i}`, s]),
    ];
    for (const [what, secret] of secrets) expect(everything.includes(secret), what).toBe(false);
  });

  it("counts requests, latencies and wallet outcomes in /metrics, and reads rooms by status", async () => {
    const p = await newPlayer(t);
    const balanceOk = 'lobby_http_requests_total{method="GET",route="/v1/player/balance",status="200"}';
    const latencyCount = 'lobby_http_request_duration_seconds_count{method="GET",route="/v1/player/balance",status="200"}';
    const credited = 'lobby_wallet_outcomes_total{endpoint="credit",status_code="OK"}';
    const before = await scrape(t);
    for (let i = 0; i < 3; i++) await get(t, "/v1/player/balance", { token: p.token });
    await callWallet(t, "credit", creditBody(p.id));
    const after = await scrape(t);
    expect(sample(after, balanceOk) - sample(before, balanceOk)).toBeGreaterThanOrEqual(3);
    expect(sample(after, latencyCount) - sample(before, latencyCount)).toBeGreaterThanOrEqual(3);
    expect(sample(after, credited) - sample(before, credited)).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^lobby_http_request_duration_seconds_bucket\{method="GET",route="\/v1\/player\/balance",status="200",le="\+Inf"\} \d+$/m);
    expect(sample(after, 'lobby_rooms{status="waiting"}')).toBeGreaterThan(0);
    expect(sample(after, "lobby_db_pool_max")).toBeGreaterThan(0);
    // The scrape's own query is one of this instance's connections at work.
    if (t.name === "postgres") expect(sample(after, 'lobby_db_connections{state="active"}')).toBeGreaterThanOrEqual(1);
  });

  it("is ready when the database answers and every migration is applied", async () => {
    const answer = await get(t, "/v1/ready");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ database: "reachable", migrations: "up to date", settings_fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it("serves the OpenAPI document and its reference page", async () => {
    const doc = await get(t, "/v1/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toContain("/wallet/refund");
    const page = await fetch(`${t.baseUrl}/api-docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/v1/rooms/{room_id}");
    // Nothing from another host: every src and stylesheet is a path on this one.
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
  });
});
