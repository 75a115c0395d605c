import { describe, expect, it } from "vitest";
import { call, expectError, get, newPlayer, post, targets, unique } from "./helpers";

// The console's session cookie: its attributes, which cookies are refused, where a change made with
// it may come from, and the sign-ins and sign-outs in the audit log.

const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";
const attributes = (setCookie: string | null) => (setCookie ?? "").split(";").slice(1).map((a) => a.trim().split("=")[0]!.toLowerCase());

describe.each(targets)("$name: the console's session", (t) => {
  const signIn = (headers: Record<string, string> = {}) => post(t, "/v1/admin/session", { token: t.adminToken }, { headers });

  it.each([
    ["X-Forwarded-Proto: https", { "x-forwarded-proto": "https" }, true],
    ["X-Forwarded-Proto: http", { "x-forwarded-proto": "http" }, false],
    ["plain http", {}, false],
  ])("over %s the cookie is HttpOnly, SameSite=Strict, Secure: %s", async (_, headers, secure) => {
    const signedIn = await signIn(headers);
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.get("set-cookie");
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(["httponly", "samesite", "path", "max-age"]));
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(attributes(setCookie).includes("secure")).toBe(secure);
    const out = await post(t, "/v1/admin/session/end", undefined, { headers: { ...headers, cookie: cookieOf(setCookie) } });
    expect(attributes(out.headers.get("set-cookie")).includes("secure")).toBe(secure);
  });

  it("is a session kept on the server: a made-up cookie is refused, and signing out ends it for good", async () => {
    const cookie = cookieOf((await signIn()).headers.get("set-cookie"));
    const secret = cookie.split("=")[1]!;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect((await get(t, "/v1/admin/audit?limit=1", { headers: { cookie } })).status).toBe(200);
    const madeUp = `lobby_admin=${(secret[0] === "A" ? "B" : "A") + secret.slice(1)}`;
    expectError(await get(t, "/v1/admin/audit?limit=1", { headers: { cookie: madeUp } }), 401, "admin_unauthorized");
    await post(t, "/v1/admin/session/end", undefined, { headers: { cookie, origin: t.baseUrl } });
    // A copy of the cookie kept from before signing out opens nothing.
    expectError(await get(t, "/v1/admin/audit?limit=1", { headers: { cookie } }), 401, "admin_unauthorized");
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["no Origin", {}],
    ["the site's origin under another scheme", { origin: t.baseUrl.replace("http:", "https:") }],
  ])("refuses a change made with the cookie from %s", async (_, headers) => {
    const cookie = cookieOf((await signIn()).headers.get("set-cookie"));
    const player = await newPlayer(t);
    const path = `/v1/admin/players/${player.id}/tokens/revoke`;
    expectError(await call(t, "POST", path, undefined, { headers: { cookie, ...headers } }), 401, "admin_unauthorized");
    expect((await get(t, "/v1/player/me", { token: player.token })).status).toBe(200);
    const revoked = await call(t, "POST", path, undefined, { headers: { cookie, origin: t.baseUrl } });
    expect(revoked.body.data).toEqual({ revoked: 1 });
  });

  it("writes sign-in, failed sign-in and sign-out to the audit log, never a token", async () => {
    const tag = unique("session");
    const typed = unique("wrong-guess-of-the-admin-token");
    expectError(await post(t, "/v1/admin/session", { token: typed }, { headers: { "x-request-id": `${tag}-failed` } }), 401, "admin_unauthorized");
    const signedIn = await signIn({ "x-request-id": `${tag}-in`, "x-forwarded-for": "203.0.113.9" });
    const cookie = cookieOf(signedIn.headers.get("set-cookie"));
    await post(t, "/v1/admin/session/end", undefined, { headers: { cookie, "x-request-id": `${tag}-out` } });
    // Without a live session, signing out is nobody's action: nothing is written.
    await post(t, "/v1/admin/session/end", undefined, { headers: { "x-request-id": `${tag}-nobody` } });

    const actions = (await get(t, "/v1/admin/audit?limit=100", { admin: t.adminToken })).body.data.actions as { request_id: string }[];
    const mine = actions.filter((a) => a.request_id.startsWith(tag));
    expect(mine).toEqual([
      expect.objectContaining({ action: "sign_out", actor: "owner", request_id: `${tag}-out`, details: {} }),
      expect.objectContaining({ action: "sign_in", actor: "owner", source: "203.0.113.9", request_id: `${tag}-in`, details: { expires_at: signedIn.body.data.expires_at } }),
      expect.objectContaining({ action: "sign_in_failed", actor: "unknown", request_id: `${tag}-failed`, details: { with: "admin token" } }),
    ]);
    const written = JSON.stringify(mine);
    for (const secret of [typed, t.adminToken, cookie.split("=")[1]!]) expect(written).not.toContain(secret);
  });
});
