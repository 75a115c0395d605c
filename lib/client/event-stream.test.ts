import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { followEvents, splitEvents } from "./event-stream";

// The lobby's and the console's event reader against a real HTTP server on loopback: it reads
// events, and after a refusal or a dropped stream it connects again by itself.

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** Answers each connection in turn with the next of `answers`; the last one repeats. */
async function eventServer(answers: ((res: ServerResponse) => void)[]) {
  const seen: string[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    seen.push(String(req.headers["x-try"] ?? ""));
    answers[Math.min(n++, answers.length - 1)]!(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, seen };
}

const refuse = (res: ServerResponse) => res.writeHead(503).end();
const stream = (events: string[], { end }: { end: boolean }) => (res: ServerResponse) => {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(": connected\n\n");
  for (const e of events) res.write(`event: ${e}\ndata: {}\n\n`);
  if (end) res.end();
};

async function until(check: () => boolean, ms = 8000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) if (check()) return;
  throw new Error("timed out");
}

/** A wait that records each delay asked for and returns at once: no test sleeps through a backoff. */
function recordedWaits() {
  const delays: number[] = [];
  return { delays, wait: async (ms: number) => void delays.push(ms) };
}

describe("followEvents", () => {
  it("reads events, and connects again after a refusal and after the stream drops", async () => {
    const { url, seen } = await eventServer([refuse, stream(["room"], { end: true }), stream(["balance"], { end: false })]);
    const events: string[] = [];
    const data: string[] = [];
    let connected = 0;
    let tries = 0;
    const stop = new AbortController();
    const { delays, wait } = recordedWaits();
    const ended: string[] = [];
    void followEvents(url, {
      headers: () => ({ "x-try": String(++tries) }),
      signal: stop.signal,
      onEvent: (e, d) => (events.push(e), data.push(d)),
      onConnected: () => connected++,
      onRefused: (status) => ended.push(`refused ${status}`),
      onDropped: () => ended.push("dropped"),
      onClosed: () => ended.push("closed"),
      wait,
    });
    try {
      await until(() => events.includes("balance"));
      expect(events).toEqual(["room", "balance"]);
      expect(data).toEqual(["{}", "{}"]);
      expect(connected).toBe(2);
      // Each way a connection ended is told: the lobby's banner says it is reconnecting meanwhile.
      expect(ended).toEqual(["refused 503", "closed"]);
      expect(seen).toEqual(["1", "2", "3"]); // headers are made afresh for each connection
      // The first wait after the refusal, and again the first after a stream that had connected.
      expect(delays).toHaveLength(2);
      for (const ms of delays) expect(ms).toBeGreaterThanOrEqual(500), expect(ms).toBeLessThanOrEqual(1500);
    } finally {
      stop.abort();
    }
  });

  it("tells a connection cut before any answer as dropped, and connects again", async () => {
    const { url } = await eventServer([(res) => res.socket?.destroy(), stream(["room"], { end: false })]);
    const events: string[] = [];
    const ended: string[] = [];
    const stop = new AbortController();
    const { wait } = recordedWaits();
    void followEvents(url, { signal: stop.signal, onEvent: (e) => events.push(e), onDropped: () => ended.push("dropped"), onClosed: () => ended.push("closed"), wait });
    try {
      await until(() => events.includes("room"));
      expect(ended).toEqual(["dropped"]);
    } finally {
      stop.abort();
    }
  });

  it("stops for good when aborted", async () => {
    const { url, seen } = await eventServer([refuse]);
    const stop = new AbortController();
    let waiting = false;
    let resume!: () => void;
    const wait = () => ((waiting = true), new Promise<void>((resolve) => (resume = resolve)));
    const following = followEvents(url, { signal: stop.signal, onEvent: () => {}, onConnected: () => {}, wait });
    await until(() => waiting); // refused once, now waiting to connect again
    stop.abort();
    resume();
    await following;
    expect(seen).toHaveLength(1);
  });

  it.each([
    [401, "without a valid token, asking again only counts as a failed attempt"],
    [403, "a blocked player is refused until support unblocks them"],
  ])("stops for good on %i, and says so: %s", async (status) => {
    const { url, seen } = await eventServer([(res) => res.writeHead(status).end()]);
    const stop = new AbortController();
    let unauthorized = 0;
    const { delays, wait } = recordedWaits();
    await followEvents(url, { signal: stop.signal, onEvent: () => {}, onConnected: () => {}, onUnauthorized: () => unauthorized++, wait });
    expect(stop.signal.aborted).toBe(false);
    expect(seen).toHaveLength(1);
    expect(unauthorized).toBe(1);
    expect(delays).toEqual([]);
  });

  it.each([429, 503])("waits as long as a %i's Retry-After says before it connects again", async (status) => {
    const { url, seen } = await eventServer([(res) => res.writeHead(status, { "retry-after": "3" }).end(), stream(["room"], { end: false })]);
    const events: string[] = [];
    const refused: number[] = [];
    const stop = new AbortController();
    const { delays, wait } = recordedWaits();
    void followEvents(url, { signal: stop.signal, onEvent: (e) => events.push(e), onConnected: () => {}, onRefused: (s) => refused.push(s), wait });
    try {
      await until(() => events.includes("room"));
      expect(seen).toHaveLength(2);
      expect(refused).toEqual([status]);
      // The usual first wait is 0.5 to 1.5 s; this one follows Retry-After, plus up to a second.
      expect(delays).toHaveLength(1);
      expect(delays[0]).toBeGreaterThanOrEqual(3000);
      expect(delays[0]).toBeLessThanOrEqual(4000);
    } finally {
      stop.abort();
    }
  });

  it("reads an event's data across chunks, and skips comments", () => {
    const first = splitEvents('event: rooms\ndata: {"rooms":[1,');
    expect(first.events).toEqual([]);
    const second = splitEvents(first.rest + '2]}\n\n: keep-alive\n\nevent: balance\ndata: {}\n\nevent: par');
    expect(second.events).toEqual([
      { name: "rooms", data: '{"rooms":[1,2]}' },
      { name: "balance", data: "{}" },
    ]);
    expect(second.rest).toBe("event: par");
  });
});
