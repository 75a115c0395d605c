import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A plain round-robin HTTP proxy on loopback: each request goes to the next upstream in turn. The
 * scale-out comparison runs both the one-instance and the two-instance case through it, so its own
 * cost is in both figures.
 */
export async function startRoundRobin(upstreams: string[]): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const targets = upstreams.map((u) => new URL(u));
  let turn = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const target = targets[turn++ % targets.length]!;
    const forward = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "application/json" });
      outgoing.end('{"error":{"code":"bad_gateway","message":"The upstream did not answer."}}');
    });
    incoming.pipe(forward);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
