import { describe, expect, it } from "vitest";
import { expectError, get, post, targets, unique } from "./helpers";
import type { Target } from "./global-setup";

// Who reads /metrics: METRICS_TOKEN, and nobody else. The console's credentials (the admin token, an
// operator's token, a console session) are refused there, and METRICS_TOKEN opens nothing else.

const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

async function newOperator(t: Target) {
  const username = unique("watcher");
  const password = "a-long-password-of-the-metrics-test";
  const made = await post(t, "/v1/admin/operators", { username, password, role: "admin" }, { admin: t.adminToken });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const issued = await post(t, `/v1/admin/operators/${made.body.data.id}/tokens`, { label: "scraper" }, { admin: t.adminToken });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  return { username, password, token: issued.body.data.token as string };
}

describe.each(targets)("$name: who reads /metrics", (t) => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("serves METRICS_TOKEN the Prometheus text", async () => {
    const answer = await fetch(`${t.baseUrl}/metrics`, { headers: bearer(t.metricsToken!) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0.0.4/);
    expect(await answer.text()).toMatch(/^lobby_http_requests_total\{/m);
  });

  it("refuses the console's every credential there with 401 metrics_unauthorized", async () => {
    const operator = await newOperator(t);
    const ownerCookie = cookieOf((await post(t, "/v1/admin/session", { token: t.adminToken })).headers.get("set-cookie"));
    const signedIn = await post(t, "/v1/admin/session", { username: operator.username, password: operator.password });
    expect(signedIn.status).toBe(200);
    const operatorCookie = cookieOf(signedIn.headers.get("set-cookie"));
    // Each of them opens the admin API: refused at /metrics for what it is, not for being stale.
    for (const headers of [bearer(t.adminToken), bearer(operator.token), { cookie: ownerCookie }, { cookie: operatorCookie }]) {
      expect((await get(t, "/v1/admin/audit?limit=1", { headers })).status).toBe(200);
      expectError(await get(t, "/metrics", { headers }), 401, "metrics_unauthorized");
    }
  });

  it.each([
    ["no credential", {}, /Send METRICS_TOKEN as: Authorization: Bearer <token>/],
    ["a wrong token", { authorization: "Bearer not-the-metrics-token-at-all" }, /not the metrics token/],
  ])("refuses %s, saying what to send", async (_, headers, message) => {
    const answer = await get(t, "/metrics", { headers });
    expectError(answer, 401, "metrics_unauthorized");
    expect(answer.body.message).toMatch(message);
  });

  it("opens no admin endpoint, and no console session, with METRICS_TOKEN", async () => {
    for (const path of ["/v1/admin/audit", "/v1/admin/rooms", "/v1/admin/players", "/v1/admin/operators", "/v1/admin/me"]) {
      expectError(await get(t, path, { headers: bearer(t.metricsToken!) }), 401, "admin_unauthorized");
    }
    expectError(await post(t, "/v1/admin/players", { username: unique("nobody"), currency: "USD" }, { headers: bearer(t.metricsToken!) }), 401, "admin_unauthorized");
    expectError(await post(t, "/v1/admin/session", { token: t.metricsToken }), 401, "admin_unauthorized");
  });
});
