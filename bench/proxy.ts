import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A plain round-robin HTTP proxy on loopback: each request goes to the next upstream in turn. The
 * scale-out comparison runs both the one-instance and the two-instance case through it, so its own
 * cost is in both figures.
 */
export async function startRoundRobin(
  upstreams: string[],
  { maxSockets = 64 }: { maxSockets?: number } = {},
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  // Event streams each hold a connection for as long as they are open: the live benchmark lifts the cap.
  const agent = new Agent({ keepAlive: true, maxSockets });
  const targets = upstreams.map((u) => new URL(u));
  let turn = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const target = targets[turn++ % targets.length]!;
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => forward(Buffer.concat(chunks), 0));

    function forward(body: Buffer, attempt: number) {
      const upstream = request(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        // An idle kept-alive connection the upstream closed just as this request went out on it: the
        // upstream read nothing, so sending it again on a new connection is safe, even for a POST.
        if (upstream.reusedSocket && error.code === "ECONNRESET" && attempt === 0) return forward(body, 1);
        if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "application/json" });
        outgoing.end(JSON.stringify({ error: { code: "bad_gateway", message: `The upstream did not answer (${error.code ?? error.message}).` } }));
      });
      upstream.end(body);
    }
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
