import { describe, expect, it } from "vitest";
import { expectError, get, post, targets, unique } from "./helpers";

// An operator's API tokens as the team page lists them: labels and dates, revoked ones included,
// never the token; only an admin may read them.

describe.each(targets)("$name: an operator's tokens", (t) => {
  const owner = { admin: t.adminToken };
  async function newOperator(role: string) {
    const made = await post(t, "/v1/admin/operators", { username: unique(role), password: "a password long enough", role }, owner);
    expect(made.status).toBe(201);
    return made.body.data as { id: string; username: string };
  }

  it("lists each token by label, newest first, with when it was revoked, and never the token itself", async () => {
    const ann = await newOperator("support");
    expect((await get(t, `/v1/admin/operators/${ann.id}/tokens`, owner)).body.data).toEqual({ tokens: [] });

    const first = (await post(t, `/v1/admin/operators/${ann.id}/tokens`, { label: "nightly report" }, owner)).body.data;
    const second = (await post(t, `/v1/admin/operators/${ann.id}/tokens`, { label: "refund script" }, owner)).body.data;
    expect((await post(t, `/v1/admin/operators/${ann.id}/tokens/${first.id}/revoke`, undefined, owner)).body.data).toEqual({ revoked: true });

    const listed = await get(t, `/v1/admin/operators/${ann.id}/tokens`, owner);
    expect(listed.status).toBe(200);
    expect(listed.body.data.tokens).toEqual([
      { id: second.id, label: "refund script", created_at: second.created_at, revoked_at: null },
      { id: first.id, label: "nightly report", created_at: first.created_at, revoked_at: expect.any(String) },
    ]);
    const text = JSON.stringify(listed.body);
    for (const secret of [first.token, second.token]) expect(text).not.toContain(secret);
    // The revoked one no longer works; the other does.
    expectError(await get(t, "/v1/admin/me", { admin: first.token }), 401, "admin_unauthorized");
    expect((await get(t, "/v1/admin/me", { admin: second.token })).body.data).toMatchObject({ id: ann.id, role: "support" });
  });

  it("revokes nothing, and says so, for an id that is no token's", async () => {
    const ann = await newOperator("viewer");
    for (const id of ["tok_000000000000", "%00", "tok_", "not-a-token"]) {
      const answer = await post(t, `/v1/admin/operators/${ann.id}/tokens/${id}/revoke`, undefined, owner);
      expect([answer.status, answer.body.data]).toEqual([200, { revoked: false }]);
    }
  });

  it("lists only that operator's tokens", async () => {
    const [ann, bob] = [await newOperator("viewer"), await newOperator("viewer")];
    const annToken = (await post(t, `/v1/admin/operators/${ann.id}/tokens`, { label: "ann's" }, owner)).body.data;
    await post(t, `/v1/admin/operators/${bob.id}/tokens`, { label: "bob's" }, owner);
    const listed = (await get(t, `/v1/admin/operators/${ann.id}/tokens`, owner)).body.data.tokens;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([annToken.id]);
  });

  it.each(["viewer", "support", "finance"])("refuses a %s: the team's tokens are for admins", async (role) => {
    const someone = await newOperator(role);
    const token = (await post(t, `/v1/admin/operators/${someone.id}/tokens`, { label: "own" }, owner)).body.data.token;
    expectError(await get(t, `/v1/admin/operators/${someone.id}/tokens`, { admin: token }), 403, "role_required");
  });

  it("lets an admin operator read them, and says when no operator has the id", async () => {
    const admin = await newOperator("admin");
    const token = (await post(t, `/v1/admin/operators/${admin.id}/tokens`, { label: "own" }, owner)).body.data.token;
    expect((await get(t, `/v1/admin/operators/${admin.id}/tokens`, { admin: token })).body.data.tokens).toHaveLength(1);
    expectError(await get(t, "/v1/admin/operators/no-such-operator/tokens", owner), 404, "operator_not_found");
  });
});
