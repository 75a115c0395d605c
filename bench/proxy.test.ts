import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startRoundRobin } from "./proxy";

// An upstream that answers the first request on each connection and resets the connection when a
// second one arrives on it: what a server does that closed an idle kept-alive connection just as a
// request went out on it.
function oneRequestPerConnectionUpstream() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let answered = false;
    socket.on("data", (data) => {
      if (answered) return socket.resetAndDestroy();
      answered = true;
      const body = `answered on connection ${sockets.size}: ${String(data).split("\r\n")[0]}`;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`);
    });
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => (sockets.forEach((s) => s.destroy()), server.close()) });
    }),
  );
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("startRoundRobin", () => {
  it("sends a request again on a new connection when the upstream reset the kept-alive one it went out on", async () => {
    const upstream = await oneRequestPerConnectionUpstream();
    const proxy = await startRoundRobin([upstream.url]);
    cleanups.push(upstream.close, proxy.close);

    const first = await fetch(`${proxy.baseUrl}/a`, { method: "POST", body: "one" });
    const second = await fetch(`${proxy.baseUrl}/b`, { method: "POST", body: "two" });

    expect([first.status, await first.text()]).toEqual([200, "answered on connection 1: POST /a HTTP/1.1"]);
    expect([second.status, await second.text()]).toEqual([200, "answered on connection 2: POST /b HTTP/1.1"]);
  });

  it("answers 502 naming the error when the upstream cannot be reached", async () => {
    const proxy = await startRoundRobin(["http://127.0.0.1:1"]);
    cleanups.push(proxy.close);
    const answer = await fetch(`${proxy.baseUrl}/x`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({ error: { code: "bad_gateway", message: "The upstream did not answer (ECONNREFUSED)." } });
  });
});
