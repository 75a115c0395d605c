import { describe, expect, it } from "vitest";
import { get, newPlayer, post, targets, unique } from "./helpers";
import type { Target } from "./global-setup";

// The audit log searched as a person searches it: by names (an operator's, a room's, a player's) in
// any case, or by ids; the older `room_id` and `player_id` still work.

interface Row {
  action: string;
  actor: string;
  operator_id: string | null;
  room_id: string | null;
  room_name: string | null;
  player_id: string | null;
  player_name: string | null;
  request_id: string;
}

const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

describe.each(targets)("$name: the audit log by names", (t) => {
  /** The rows a search finds, of those this test made (their request ids start with `tag`). */
  const search = async (tag: string, query: string) => {
    const answer = await get(t, `/v1/admin/audit?limit=100&${query}`, { admin: t.adminToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data.actions as Row[]).filter((r) => r.request_id.startsWith(tag));
  };

  /** An operator who closes a room by token and revokes a player's tokens in the console; the owner acts on the same room. */
  async function story(target: Target) {
    const tag = unique("story");
    const username = unique("Ann");
    const password = "a-long-password-of-the-audit-test";
    const operator = (await post(target, "/v1/admin/operators", { username, password, role: "support" }, { admin: target.adminToken })).body.data as { id: string };
    const token = (await post(target, `/v1/admin/operators/${operator.id}/tokens`, { label: "deploy" }, { admin: target.adminToken })).body.data.token as string;
    const cookie = cookieOf((await post(target, "/v1/admin/session", { username, password })).headers.get("set-cookie"));

    const player = await newPlayer(target);
    const roomName = unique("Harbour Table");
    const roomId = (await post(target, "/v1/rooms", { name: roomName, bet_amount: 1, currency: "USD", player_limit: 2, turn: 10 }, { token: player.token })).body.data.id as string;
    const byOwner = await post(target, `/v1/admin/players/${player.id}/tokens`, {}, { admin: target.adminToken, headers: { "x-request-id": `${tag}-owner` } });
    expect(byOwner.status).toBe(201);
    const bySession = await post(target, `/v1/admin/players/${player.id}/tokens/revoke`, undefined, { headers: { cookie, origin: target.baseUrl, "x-request-id": `${tag}-session` } });
    expect(bySession.status).toBe(200);
    const byToken = await post(target, `/v1/admin/rooms/${roomId}/close`, { reason: "audit names" }, { admin: token, headers: { "x-request-id": `${tag}-token` } });
    expect(byToken.status).toBe(200);
    return { tag, username, operatorId: operator.id, player, roomName, roomId };
  }

  it("names who acted, with the operator's id, and finds them by name in any case, by id, tokens included", async () => {
    const s = await story(t);
    const all = await search(s.tag, "");
    expect(all.map((r) => [r.request_id, r.action, r.actor, r.operator_id])).toEqual([
      [`${s.tag}-token`, "close_room", `${s.username} (token deploy)`, s.operatorId],
      [`${s.tag}-session`, "revoke_tokens", s.username, s.operatorId],
      [`${s.tag}-owner`, "issue_launch_token", "owner", null],
    ]);
    const mine = [`${s.tag}-token`, `${s.tag}-session`];
    for (const actor of [s.username, s.username.toUpperCase(), s.operatorId]) {
      expect((await search(s.tag, `actor=${encodeURIComponent(actor)}`)).map((r) => r.request_id), actor).toEqual(mine);
    }
    expect((await search(s.tag, `actor=${encodeURIComponent(`${s.username} (token deploy)`)}`)).map((r) => r.request_id)).toEqual([`${s.tag}-token`]);
    expect((await search(s.tag, "actor=Owner")).map((r) => r.request_id)).toEqual([`${s.tag}-owner`]);
    // Part of a name is not a person.
    expect(await search(s.tag, `actor=${encodeURIComponent(s.username.slice(0, 5))}`)).toEqual([]);
  });

  it("finds a room and a player by any part of the name in any case, or by id, and keeps room_id and player_id", async () => {
    const s = await story(t);
    const closed = [`${s.tag}-token`];
    const part = s.roomName.slice(9).toUpperCase();
    for (const query of [`room=${encodeURIComponent(part)}`, `room=${s.roomId}`, `room_id=${s.roomId}`]) {
      const rows = await search(s.tag, query);
      expect(rows.map((r) => r.request_id), query).toEqual(closed);
      expect(rows[0]).toMatchObject({ room_id: s.roomId, room_name: s.roomName });
    }
    const ofPlayer = [`${s.tag}-session`, `${s.tag}-owner`];
    for (const query of [`player=${encodeURIComponent(s.player.username.toUpperCase())}`, `player=${s.player.id}`, `player_id=${s.player.id}`]) {
      expect((await search(s.tag, query)).map((r) => r.request_id), query).toEqual(ofPlayer);
    }
    // Every filter given applies; an id alias takes the id alone.
    expect((await search(s.tag, `player=${encodeURIComponent(s.player.username)}&actor=owner`)).map((r) => r.request_id)).toEqual([`${s.tag}-owner`]);
    expect(await search(s.tag, `room_id=${encodeURIComponent(s.roomName)}`)).toEqual([]);
    // `%` is itself, not a pattern that matches every name.
    expect(await search(s.tag, "room=%25")).toEqual([]);
  });

  it("counts what it finds on every page", async () => {
    const s = await story(t);
    const answer = await get(t, `/v1/admin/audit?limit=1&player=${encodeURIComponent(s.player.username)}`, { admin: t.adminToken });
    // create_player (by the admin token of newPlayer), issue_launch_token twice, revoke_tokens.
    expect(answer.body.data).toMatchObject({ total: 4, total_pages: 4, limit: 1 });
    expect(answer.body.data.actions).toHaveLength(1);
  });
});
