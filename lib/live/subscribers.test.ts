import { describe, expect, it } from "vitest";
import { streamRefusal } from "./limits";
import { batchWindowMs, type RoomsMessage } from "./room-batch";
import { Subscribers, type Subscriber } from "./subscribers";

// The instance's event streams: who gets what, caps, slow readers, and broadcasts in slices.

function stream(playerId?: string, { keepsUp = true } = {}) {
  const got: string[] = [];
  const closed: string[] = [];
  const s: Subscriber = {
    playerId,
    origin: "https://lobby.test",
    write: (bytes) => (got.push(new TextDecoder().decode(bytes)), keepsUp),
    close: (reason) => closed.push(reason),
  };
  return { s, got, closed };
}

const message = (text: string): RoomsMessage => ({ rooms: 1, bytesFor: (origin) => new TextEncoder().encode(`${origin} ${text}`) });

describe("Subscribers", () => {
  it("counts distinct players: two streams of one player are one, the console's are none", () => {
    const subs = new Subscribers();
    const [tab1, tab2, other, admin] = [stream("p1"), stream("p1"), stream("p2"), stream()];
    const removes = [tab1, tab2, other, admin].map((x) => subs.add(x.s));
    expect(subs.players).toBe(2);
    removes[0]!();
    expect(subs.players).toBe(2);
    removes[1]!();
    expect(subs.players).toBe(1);
    expect(subs.size).toBe(2);
  });

  it("tells each change in its number of players, and only changes (what a stream lane reports to its instance)", () => {
    const subs = new Subscribers();
    const told: number[] = [];
    subs.onPlayers = (n) => told.push(n);
    const [tab1, tab2, other, admin] = [stream("p1"), stream("p1"), stream("p2"), stream()];
    const removes = [tab1, tab2, other, admin].map((x) => subs.add(x.s));
    expect(told).toEqual([1, 2]);
    removes.forEach((remove) => remove());
    removes[0]!();
    expect(told).toEqual([1, 2, 1, 0]);
  });

  it("sends balances to the player's own streams and the console's only; closes a revoked player's streams", () => {
    const subs = new Subscribers();
    const [mine, theirs, admin] = [stream("p1"), stream("p2"), stream()];
    [mine, theirs, admin].forEach((x) => subs.add(x.s));
    subs.toPlayer("p1", { type: "balance", player_id: "p1" });
    expect(mine.got).toHaveLength(1);
    expect(admin.got).toHaveLength(1);
    expect(theirs.got).toEqual([]);
    subs.closePlayer("p1", "revoked");
    expect(mine.closed).toEqual(["revoked"]);
    expect(theirs.closed).toEqual([]);
  });

  it("broadcasts each batch to every stream, in order, across slices", async () => {
    const subs = new Subscribers();
    const all = Array.from({ length: 600 }, (_, i) => stream(`p${i}`));
    all.forEach((x) => subs.add(x.s));
    subs.broadcast(message("one"));
    subs.broadcast(message("two"));
    await subs.drained();
    for (const x of all) expect(x.got).toEqual(["https://lobby.test one", "https://lobby.test two"]);
  });

  it("sends an event to every player's stream, in turn with the batches, and none to the console's", async () => {
    const subs = new Subscribers();
    const [player, admin] = [stream("p1"), stream()];
    [player, admin].forEach((x) => subs.add(x.s));
    subs.broadcast(message("one"));
    subs.toLobbies("counts", { players_online: 1, tables_playing: 0 });
    await subs.drained();
    expect(player.got).toEqual(["https://lobby.test one", 'event: counts\ndata: {"players_online":1,"tables_playing":0}\n\n']);
    expect(admin.got).toEqual(["https://lobby.test one"]);
  });

  it("gives the event loop back every few milliseconds of writing, so a wallet call waits one slice at most", async () => {
    // A clock the writes move: each write costs a quarter of a millisecond, so 64 are 16 ms, several
    // slices of 2 ms, whatever the machine's speed.
    let clock = 0;
    const subs = new Subscribers(() => clock);
    let written = 0;
    for (let i = 0; i < 64; i++) {
      subs.add({ origin: "https://lobby.test", write: () => ((clock += 0.25), written++, true), close: () => {} });
    }
    subs.broadcast(message("one"));
    // A wallet call's next step, queued as the broadcast starts: it runs after the first slice.
    const writtenWhenServed = await new Promise<number>((resolve) => setImmediate(() => resolve(written)));
    expect(writtenWhenServed).toBe(16);
    await subs.drained();
    expect(written).toBe(64);
  });

  it("closes a stream whose reader cannot keep up, and forgets removed streams", async () => {
    const subs = new Subscribers();
    const slow = stream("p1", { keepsUp: false });
    const gone = stream("p2");
    subs.add(slow.s);
    subs.add(gone.s)();
    subs.broadcast(message("x"));
    await subs.drained();
    expect(slow.closed).toEqual(["slow"]);
    expect(gone.got).toEqual([]);
    expect(subs.size).toBe(1);
    expect(subs.countOf("p2")).toBe(0);
  });
});

describe("streamRefusal", () => {
  const limits = { perPlayer: 2, perInstance: 3 };
  /** Open streams in all, and by key as the front door counts them. */
  const opened = (size: number, byKey: Record<string, number> = {}) => ({
    size,
    countOf: (caller: readonly string[]) => Math.max(0, ...caller.map((key) => byKey[key] ?? 0)),
  });
  it("refuses past the instance's cap and past the player's, by any of the caller's keys", () => {
    expect(streamRefusal(opened(0), ["token:a"], limits)).toBeUndefined();
    expect(streamRefusal(opened(2, { "token:a": 2 }), ["token:a"], limits)).toMatch(/At most 2 live update streams per player/);
    // Another token of a player who holds two already.
    expect(streamRefusal(opened(2, { "token:a": 2, "player:p": 2 }), ["token:b", "player:p"], limits)).toMatch(/At most 2 live update streams per player/);
    expect(streamRefusal(opened(2, { "token:a": 2 }), ["token:b"], limits)).toBeUndefined();
    expect(streamRefusal(opened(3), ["token:c"], limits)).toMatch(/limit of 3 live update streams/);
    expect(streamRefusal(opened(3), undefined, limits)).toMatch(/limit of 3/);
  });
});

describe("batchWindowMs", () => {
  it("gathers longer the more watchers there are, from 100 ms to 1 s", () => {
    expect([0, 100, 600, 1000, 2000, 5000, 6000, 100_000].map(batchWindowMs)).toEqual([100, 100, 100, 167, 333, 833, 1000, 1000]);
  });
});
