import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { roleAllows, OPERATOR_ROLES, type OperatorRole } from "@/lib/operators/roles";
import { totpCode } from "@/lib/operators/totp";
import { expectError, get, newOperator, newPlayer, post, targets, unique, type Answer } from "./helpers";
import { openStream } from "./event-stream";
import type { Target } from "./global-setup";

// The operator's team: people with roles, how they sign in, their tokens, and what each role may do.

const cookieOf = (answer: Answer) => answer.headers.get("set-cookie")?.split(";")[0] ?? "";

const ADMIN_ENDPOINTS = Object.entries(endpoints).filter(([, e]) => e.auth === "admin");

describe("every admin endpoint", () => {
  it.each(ADMIN_ENDPOINTS)("%s names the role it needs", (_, e) => {
    expect(OPERATOR_ROLES).toContain((e as { role?: string }).role);
  });
});

describe.each(targets)("$name: the team", (t) => {
  it("adds an operator with the owner's token, and refuses a name taken in any case", async () => {
    const username = unique("Ann");
    const made = await post(t, "/v1/admin/operators", { username, password: "a long enough password", role: "support" }, { admin: t.adminToken });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ id: expect.any(String), username, role: "support", totp: false, disabled_at: null, created_by: "owner", created_at: expect.any(String) });
    expect(JSON.stringify(made.body)).not.toContain("a long enough password");
    expectError(await post(t, "/v1/admin/operators", { username: username.toLowerCase(), password: "another long password", role: "viewer" }, { admin: t.adminToken }), 409, "username_taken");
    const listed = await get(t, "/v1/admin/operators", { admin: t.adminToken });
    expect(listed.body.data.operators).toContainEqual(made.body.data);
  });

  it.each([
    [{ username: "short-pw", password: "too short", role: "viewer" }, "password"],
    [{ username: "no-role", password: "a long enough password", role: "boss" }, "role"],
    [{ username: "has space", password: "a long enough password", role: "viewer" }, "username"],
    // The names the audit log gives those who are not operators.
    [{ username: "Owner", password: "a long enough password", role: "admin" }, "username"],
    [{ username: "player", password: "a long enough password", role: "viewer" }, "username"],
  ])("refuses %j, naming %s", async (body, field) => {
    const answer = await post(t, "/v1/admin/operators", body, { admin: t.adminToken });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
  });

  it("refuses a sign-in name with a control character as input, before anything is looked up", async () => {
    const answer = await post(t, "/v1/admin/session", { username: "ann\u0000", password: "whatever it is" });
    expectError(answer, 400, "validation_failed");
    expect(answer.body.errors).toEqual([{ path: "username", message: "must not contain control characters" }]);
  });

  it("signs an operator in by name and password, in any case of the name, and says who they are", async () => {
    const ann = await newOperator(t, "finance");
    const signedIn = await post(t, "/v1/admin/session", { username: ann.username.toUpperCase(), password: ann.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.operator).toEqual({ id: ann.id, name: ann.username, role: "finance" });
    const me = await get(t, "/v1/admin/me", { headers: { cookie: cookieOf(signedIn) } });
    expect(me.body.data).toEqual({ id: ann.id, name: ann.username, role: "finance", totp: false });
    expect((await get(t, "/v1/admin/me", { admin: t.adminToken })).body.data).toEqual({ id: null, name: "owner", role: "admin", totp: false });
  });

  it("answers a wrong password and an unknown name alike", async () => {
    const ann = await newOperator(t, "viewer");
    const wrong = await post(t, "/v1/admin/session", { username: ann.username, password: `${ann.password}x` });
    const unknown = await post(t, "/v1/admin/session", { username: unique("nobody"), password: ann.password });
    expectError(wrong, 401, "admin_unauthorized");
    expectError(unknown, 401, "admin_unauthorized");
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("disabling an operator ends their sessions and tokens at once, and they cannot sign in again", async () => {
    const bob = await newOperator(t, "support");
    const cookie = cookieOf(await post(t, "/v1/admin/session", { username: bob.username, password: bob.password }));
    expect((await get(t, "/v1/admin/me", { headers: { cookie } })).status).toBe(200);
    expect((await get(t, "/v1/admin/me", { admin: bob.token })).status).toBe(200);

    const disabled = await post(t, `/v1/admin/operators/${bob.id}/disable`, { reason: "left the company" }, { admin: t.adminToken });
    expect(disabled.body.data.disabled_at).toEqual(expect.any(String));
    expectError(await get(t, "/v1/admin/me", { headers: { cookie } }), 401, "admin_unauthorized");
    expectError(await get(t, "/v1/admin/me", { admin: bob.token }), 401, "admin_unauthorized");
    expectError(await post(t, "/v1/admin/session", { username: bob.username, password: bob.password }), 401, "admin_unauthorized");
  });

  it("closes the console's event streams once their session or token has ended, within a keep-alive (15 s), and no one else's", async () => {
    const bob = await newOperator(t, "viewer");
    const cookie = cookieOf(await post(t, "/v1/admin/session", { username: bob.username, password: bob.password }));
    const [bySession, byToken, owners] = await Promise.all([
      openStream(`${t.baseUrl}/v1/admin/events`, { cookie }),
      openStream(`${t.baseUrl}/v1/admin/events`, { authorization: `Bearer ${bob.token}` }),
      openStream(`${t.baseUrl}/v1/admin/events`, { authorization: `Bearer ${t.adminToken}` }),
    ]);
    try {
      await post(t, `/v1/admin/operators/${bob.id}/disable`, { reason: "left the company" }, { admin: t.adminToken });
      // A busy machine gets more than a keep-alive's time; the server's check is at each one.
      for (const stream of [bySession, byToken]) expect((await stream.next((r) => r.event === "closed", 45_000)).data).toEqual({ reason: "revoked" });
      // The owner's, open as long, still is.
      expect(owners.received.filter((r) => r.event === "closed")).toEqual([]);
      const p = await newPlayer(t);
      const made = await post(t, "/v1/rooms", { name: unique("still"), bet_amount: 1, currency: p.currency, player_limit: 2, turn: 10 }, { token: p.token });
      expect(made.status).toBe(200);
      await owners.next((r) => r.event === "rooms");
    } finally {
      await Promise.all([bySession.close(), byToken.close(), owners.close()]);
    }
  }, 120_000);

  it("refuses an admin disabling themselves, and an unknown operator", async () => {
    const root = await newOperator(t, "admin");
    expectError(await post(t, `/v1/admin/operators/${root.id}/disable`, {}, { admin: root.token }), 400, "validation_failed");
    expectError(await post(t, "/v1/admin/operators/no-such-operator/disable", {}, { admin: root.token }), 404, "operator_not_found");
  });

  it("a revoked token stops working; the operator's other tokens do not", async () => {
    const cat = await newOperator(t, "viewer");
    const second = await post(t, `/v1/admin/operators/${cat.id}/tokens`, { label: "grafana" }, { admin: t.adminToken });
    expect(second.body.data).toEqual({ id: expect.stringMatching(/^tok_/), label: "grafana", token: expect.stringMatching(/^lop_/), created_at: expect.any(String) });
    const revoked = await post(t, `/v1/admin/operators/${cat.id}/tokens/${second.body.data.id}/revoke`, undefined, { admin: t.adminToken });
    expect(revoked.body.data).toEqual({ revoked: true });
    expectError(await get(t, "/v1/admin/me", { admin: second.body.data.token }), 401, "admin_unauthorized");
    expect((await get(t, "/v1/admin/me", { admin: cat.token })).body.data.name).toBe(`${cat.username} (token tests)`);
  });

  it("asks for the authenticator's code once TOTP is confirmed, and takes only a right one", async () => {
    const dee = await newOperator(t, "viewer");
    const started = await post(t, "/v1/admin/me/totp", undefined, { admin: dee.token });
    const secret = started.body.data.secret as string;
    expect(started.body.data.otpauth_url).toContain(`secret=${secret}`);
    // Not asked for until confirmed.
    expect((await post(t, "/v1/admin/session", { username: dee.username, password: dee.password })).status).toBe(200);
    expectError(await post(t, "/v1/admin/me/totp/confirm", { code: totpCode(secret, Date.now() + 300_000) }, { admin: dee.token }), 400, "validation_failed");
    const confirmed = await post(t, "/v1/admin/me/totp/confirm", { code: totpCode(secret, Date.now()) }, { admin: dee.token });
    expect(confirmed.body.data).toEqual({ id: dee.id, name: dee.username, role: "viewer", totp: true });

    const noCode = await post(t, "/v1/admin/session", { username: dee.username, password: dee.password });
    expectError(noCode, 401, "admin_unauthorized");
    expect(noCode.body.errors).toEqual([{ path: "code", message: expect.any(String) }]);
    expectError(await post(t, "/v1/admin/session", { username: dee.username, password: dee.password, code: totpCode(secret, Date.now() + 300_000) }), 401, "admin_unauthorized");
    // The code that confirmed the app is taken: the next step's signs in, once.
    const next = totpCode(secret, Date.now() + 30_000);
    const withCode = await post(t, "/v1/admin/session", { username: dee.username, password: dee.password, code: next });
    expect(withCode.status).toBe(200);
    const again = await post(t, "/v1/admin/session", { username: dee.username, password: dee.password, code: next });
    expectError(again, 401, "admin_unauthorized");
    expect(again.body.errors).toEqual([{ path: "code", message: "That code has been used already: enter the next one your authenticator app shows." }]);
    expectError(await post(t, "/v1/admin/me/totp", undefined, { admin: t.adminToken }), 400, "validation_failed");
  });

  it("takes one authenticator code once when sign-ins race with it", async () => {
    const eli = await newOperator(t, "viewer");
    const { secret } = (await post(t, "/v1/admin/me/totp", undefined, { admin: eli.token })).body.data;
    // Confirmed with the step before now's (clocks drift), so that now's code is still free.
    expect((await post(t, "/v1/admin/me/totp/confirm", { code: totpCode(secret, Date.now() - 30_000) }, { admin: eli.token })).status).toBe(200);
    const code = totpCode(secret, Date.now() + 30_000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(t, "/v1/admin/session", { username: eli.username, password: eli.password, code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it("resets an operator's authenticator app for a lost phone: their sessions end, and sign-in asks for no code", async () => {
    const fay = await newOperator(t, "support");
    const { secret } = (await post(t, "/v1/admin/me/totp", undefined, { admin: fay.token })).body.data;
    await post(t, "/v1/admin/me/totp/confirm", { code: totpCode(secret, Date.now() - 30_000) }, { admin: fay.token });
    const cookie = cookieOf(await post(t, "/v1/admin/session", { username: fay.username, password: fay.password, code: totpCode(secret, Date.now() + 30_000) }));
    expect((await get(t, "/v1/admin/me", { headers: { cookie } })).body.data.totp).toBe(true);

    const reset = await post(t, `/v1/admin/operators/${fay.id}/totp/reset`, { reason: "lost her phone" }, { admin: t.adminToken });
    expect(reset.body.data).toMatchObject({ id: fay.id, totp: false });
    expectError(await get(t, "/v1/admin/me", { headers: { cookie } }), 401, "admin_unauthorized");
    expect((await get(t, "/v1/admin/me", { admin: fay.token })).body.data.totp).toBe(false);
    expect((await post(t, "/v1/admin/session", { username: fay.username, password: fay.password })).status).toBe(200);
    // Nothing to reset the second time: nothing recorded.
    expect((await post(t, `/v1/admin/operators/${fay.id}/totp/reset`, {}, { admin: t.adminToken })).body.data.totp).toBe(false);
    const rows = (await get(t, "/v1/admin/audit?action=reset_totp&limit=100", { admin: t.adminToken })).body.data.actions.filter((a: { details: { operator_id: string } }) => a.details.operator_id === fay.id);
    expect(rows).toEqual([expect.objectContaining({ actor: "owner", details: { operator_id: fay.id, username: fay.username, reason: "lost her phone" } })]);
  });

  it("names the person and the token that acted in every audit row", async () => {
    const eve = await newOperator(t, "support");
    const player = await newPlayer(t);
    const tag = unique("audit-names");
    await post(t, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { admin: eve.token, headers: { "x-request-id": `${tag}-token` } });
    const cookie = cookieOf(await post(t, "/v1/admin/session", { username: eve.username, password: eve.password }));
    await post(t, `/v1/admin/players/${player.id}/tokens`, {}, { headers: { cookie, origin: t.baseUrl, "x-request-id": `${tag}-session` } });
    const rows = (await get(t, `/v1/admin/audit?limit=100&player_id=${player.id}`, { admin: t.adminToken })).body.data.actions as { request_id: string; actor: string }[];
    const mine = Object.fromEntries(rows.filter((r) => r.request_id.startsWith(tag)).map((r) => [r.request_id, r.actor]));
    expect(mine).toEqual({ [`${tag}-token`]: `${eve.username} (token tests)`, [`${tag}-session`]: eve.username });
  });
});

/** The status of one call, reading no further than its headers: an event stream never ends by itself. */
async function statusOf(t: Target, method: string, path: string, token: string): Promise<number> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method === "POST") headers["content-type"] = "application/json";
  const answer = await fetch(t.baseUrl + path, { method, headers, body: method === "POST" ? "{}" : undefined, signal: abort.signal });
  abort.abort();
  return answer.status;
}

describe.each(targets)("$name: what each role may do", (t) => {
  it.each(OPERATOR_ROLES)("a %s is refused exactly the admin endpoints their role does not allow, before any input is read", async (role: OperatorRole) => {
    const someone = await newOperator(t, role);
    const refusals: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [name, e] of ADMIN_ENDPOINTS) {
      const needed = (e as { role: OperatorRole }).role;
      const path = e.path.replace(/\{[^}]+\}/g, "no-such-id");
      const status = await statusOf(t, e.method, path, someone.token);
      refusals[name] = status === 403 ? 403 : 0;
      expected[name] = roleAllows(role, needed) ? 0 : 403;
    }
    expect(refusals).toEqual(expected);
  });

  it("says which role is needed, and which one the caller has", async () => {
    const viewer = await newOperator(t, "viewer");
    const player = await newPlayer(t);
    const refused = await post(t, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { admin: viewer.token });
    expectError(refused, 403, "role_required");
    expect(refused.body.message).toBe("This needs the support role (or admin); you are signed in as a viewer.");
    expect((await get(t, "/v1/player/me", { token: player.token })).status).toBe(200);
  });
});
