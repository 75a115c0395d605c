import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lengthenListenQueue, LISTEN_QUEUE } from "./listen-queue";

// The kernel completes a connection to a listening socket without the process: it waits in the
// listen queue until the process accepts it. While this process is blocked, a client in another
// process connects 40 times; each one that finds the queue full has its attempt dropped and does
// not connect. So the count says how long the queue is.

const ATTEMPTS = 40;
/** Connects ATTEMPTS times to the port in argv[1], and prints how many connected once all have or argv[2] ms have passed. */
const CLIENT = `
const net = require("node:net");
let connected = 0;
const done = () => { process.stdout.write(String(connected)); process.exit(0); };
for (let i = 0; i < ${ATTEMPTS}; i++) net.connect(Number(process.argv[1]), "127.0.0.1").on("connect", () => ++connected === ${ATTEMPTS} && done()).on("error", () => {});
setTimeout(done, Number(process.argv[2]));
`;

/** How many of the client's attempts connect within `waitMs` while this process accepts none. */
const connectedWhileBusy = (port: number, waitMs: number) => Number(spawnSync(process.execPath, ["-e", CLIENT, String(port), String(waitMs)], { encoding: "utf8" }).stdout);

let server: Server | undefined;
afterEach(() => server?.close());

const listening = (backlog: number) =>
  new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen({ port: 0, host: "127.0.0.1", backlog }, () => resolve(s));
  });

describe("lengthenListenQueue", () => {
  it("lets the kernel hold a crowd of connections for a server that listened with a short queue", async () => {
    server = await listening(2);
    lengthenListenQueue(server);
    expect(ATTEMPTS).toBeLessThan(LISTEN_QUEUE);
    // All at once in practice; 20 s for the busiest machine.
    expect(connectedWhileBusy((server.address() as { port: number }).port, 20_000)).toBe(ATTEMPTS);
  }, 30_000);

  it("is what makes the difference: the short queue alone holds a few", async () => {
    server = await listening(2);
    // Not lengthened: the queue holds 2 (plus one, as Linux counts); the others' retries find it as
    // full as before, however long the client waits.
    expect(connectedWhileBusy((server.address() as { port: number }).port, 3000)).toBeLessThan(ATTEMPTS);
  }, 30_000);
});
