import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { directWriterOf } from "@/lib/http/direct-body";
import { liveSubscribers } from "./hub";
import { eventStream } from "./stream";

// The same stream two ways: as a web body (under the framework) and written straight to a Node.js
// response (at the front door). Each must bring its hello after the connection line, and leave no
// subscriber behind once its client goes.

const watcher = { origin: "http://lobby.test", greeting: async () => ({ hello: "there" }) };
const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

/** Reads the body until `text` has arrived; returns what was read. */
async function readUntil(body: ReadableStream<Uint8Array>, text: string): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let got = "";
  while (!got.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    got += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return got;
}

describe("event stream", () => {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => (s.closeAllConnections(), s.close())));

  it("as a web body: starts on the first read, sends its hello after the connection line, and unsubscribes when cancelled", async () => {
    const before = liveSubscribers().size;
    const response = await eventStream(new Request("http://lobby.test/v1/events"), watcher);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await readUntil(response.body!, "event: hello");
    expect(text).toMatch(/^retry: 2000\n: connected\n\nevent: hello\ndata: {"hello":"there"}\n\n$/);
    expect(liveSubscribers().size).toBe(before + 1);
    await response.body!.cancel();
    expect(await eventually(() => liveSubscribers().size === before)).toBe(true);
  });

  /**
   * A server that answers with the stream written to its socket. The request carries no signal: the
   * stream must follow its response itself. `leaveAtOnce`: the connection is dropped before the stream starts.
   */
  async function streamServer({ leaveAtOnce = false } = {}) {
    const server = createServer((_, out) => {
      void eventStream(new Request("http://lobby.test/v1/events"), watcher).then((response) => {
        out.writeHead(200, Object.fromEntries(response.headers));
        if (leaveAtOnce) out.destroy();
        directWriterOf(response)!(out);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("written to the socket: the same events, with no web body read, and unsubscribed when the client goes", async () => {
    const before = liveSubscribers().size;
    const stop = new AbortController();
    const response = await fetch(await streamServer(), { signal: stop.signal });
    expect(await readUntil(response.body!, "event: hello")).toBe('retry: 2000\n: connected\n\nevent: hello\ndata: {"hello":"there"}\n\n');
    expect(liveSubscribers().size).toBe(before + 1);
    stop.abort();
    expect(await eventually(() => liveSubscribers().size === before)).toBe(true);
  });

  it("leaves no subscriber behind for a client gone before its subscription was made", async () => {
    const before = liveSubscribers().size;
    // The connection ends before a byte of the stream: it was gone by the time the stream followed changes.
    await expect(fetch(await streamServer({ leaveAtOnce: true }))).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    expect(liveSubscribers().size).toBe(before);
  });
});
