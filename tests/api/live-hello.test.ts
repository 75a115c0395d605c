import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Target } from "./global-setup";
import { openStream, updateOf, type Received } from "./event-stream";
import { expectError, get, newPlayer, post, targets } from "./helpers";
import { callWallet, creditBody } from "./wallet-helpers";

// The stream's first event: what a lobby shows, so that coming back is one call. Each part must be
// what its own endpoint answers, and nothing committed around the open may fall between.

/** A bet no other test uses, so that a filter on it finds this test's rooms only. */
const uniqueBet = () => `${randomInt(100, 999)}.${String(randomInt(1, 99)).padStart(2, "0")}`;
const roomsOf = (bet: string, token: string, t: Target) => post(t, "/v1/rooms", { name: "hello", bet_amount: Number(bet), currency: "USD", player_limit: 2, turn: 10 }, { token });
const eventsUrl = (t: Target, params: Record<string, string>) => `${t.baseUrl}/v1/events?${new URLSearchParams(params)}`;
const isHello = (r: Received) => r.event === "hello";

describe.each(targets)("$name: the stream's hello", (t: Target) => {
  it("brings the player, the page asked for and the latest movements, as their own reads answer them", async () => {
    const [watcher, maker] = [await newPlayer(t), await newPlayer(t, { balance: "5000.00" })];
    await callWallet(t, "credit", creditBody(watcher.id));
    const bet = uniqueBet();
    for (let i = 0; i < 3; i++) expect((await roomsOf(bet, maker.token, t)).status).toBe(200);
    const search = `min_bet_amount=${bet}&max_bet_amount=${bet}&limit=2&sort=newest`;

    const stream = await openStream(eventsUrl(t, { list: `?${search}`, moves: "2" }), { "x-player-token": watcher.token });
    try {
      const hello = (await stream.next(isHello)).data;
      const [me, list, moves] = [await get(t, "/v1/player/me", { token: watcher.token }), await get(t, `/v1/rooms?${search}`, { token: watcher.token }), await get(t, "/v1/player/transactions?limit=2", { token: watcher.token })];
      expect(hello.player).toEqual(me.body.data);
      expect(hello.list).toEqual({ ...list.body.data, snapshot: expect.any(String) });
      expect((hello.list as { total: number }).total).toBe(3);
      expect(hello.moves).toEqual(moves.body.data);
      expect((hello.moves as { transactions: unknown[] }).transactions).toHaveLength(2);
    } finally {
      await stream.close();
    }
  });

  it("brings the default page for a bare '?', and only the player when nothing else is asked", async () => {
    const watcher = await newPlayer(t);
    const bare = await openStream(eventsUrl(t, { list: "?" }), { "x-player-token": watcher.token });
    const plain = await openStream(`${t.baseUrl}/v1/events`, { "x-player-token": watcher.token });
    try {
      const list = (await bare.next(isHello)).data.list as { page: number; limit: number };
      expect([list.page, list.limit]).toEqual([1, 20]);
      expect(Object.keys((await plain.next(isHello)).data)).toEqual(["player"]);
    } finally {
      await Promise.all([bare.close(), plain.close()]);
    }
  });

  it("leaves out a list it cannot read rather than refuse the stream, and refuses a bad parameter", async () => {
    const watcher = await newPlayer(t);
    for (const list of ["status=bogus&status=waiting", `?page=1&${"x".repeat(1000)}=1`]) {
      const stream = await openStream(eventsUrl(t, { list, moves: "1" }), { "x-player-token": watcher.token });
      try {
        expect(Object.keys((await stream.next(isHello)).data).sort()).toEqual(["moves", "player"]);
      } finally {
        await stream.close();
      }
    }
    const refuse = async (params: Record<string, string>, field: string) => {
      const response = await fetch(eventsUrl(t, params), { headers: { "x-player-token": watcher.token } });
      const answer = { status: response.status, headers: response.headers, body: await response.json() };
      expectError(answer, 400, "validation_failed");
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    };
    await refuse({ moves: "0" }, "moves");
    await refuse({ moves: "many" }, "moves");
    await refuse({ since: "1" }, "since");
  });

  it("loses no room created while the stream opens: each is in the hello's page or in a batch after it", async () => {
    const [watcher, maker] = [await newPlayer(t), await newPlayer(t, { balance: "10000.00" })];
    const bet = uniqueBet();
    const search = `min_bet_amount=${bet}&max_bet_amount=${bet}&limit=50`;
    const [stream, ...made] = await Promise.all([
      openStream(eventsUrl(t, { list: `?${search}` }), { "x-player-token": watcher.token }),
      ...Array.from({ length: 8 }, () => roomsOf(bet, maker.token, t)),
    ]);
    try {
      expect(made.map((m) => `${m.status} ${m.body.code ?? ""}`)).toEqual(made.map(() => "200 "));
      const hello = (await stream.next(isHello)).data as { list: { rooms: { id: string }[] } };
      // Whatever the stream heard while the hello was read went out after it.
      expect(stream.received[0]!.event).toBe("hello");
      for (const room of made) {
        const id = room.body.data.id as string;
        const inHello = hello.list.rooms.some((r) => r.id === id);
        if (!inHello) await stream.next((r) => updateOf(r, id) !== undefined);
      }
    } finally {
      await stream.close();
    }
  });
});
