import { createServer } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { endpoints, type Endpoint } from "@/lib/api/endpoints";
import { installFrontDoor } from "@/lib/server/front-door";
import { answerDirectly, type RouteHandler } from "@/lib/server/direct";
import { closeDb, db } from "@/lib/runtime/database";
import { drain } from "@/lib/runtime/lifecycle";
import type { LaneFromWorker, LaneToWorker, LaneWorkerData } from "@/lib/runtime/wallet-lane";
import { walletRoutes } from "./wallet-routes";

// The wallet lane: the platform's signed calls on WALLET_PORT, answered in a thread of their own by
// the same route handlers as on the main port, with an event loop and database connections of their
// own. However busy the lobby's thread is (a reconnect storm, thousands of streams), this thread only
// waits for money. Started and stopped by lib/runtime/wallet-lane.ts; it runs as INSTANCE_ROLE=wallet,
// so the front door refuses anything but the wallet here.

const { host, port } = workerData as LaneWorkerData;
const send = (message: LaneFromWorker) => parentPort!.postMessage(message);

/** The lane's routes: the wallet's, and health, readiness and metrics. */
const wallet = walletRoutes();
const routes = [
  ...wallet,
  [endpoints.health, import("./app/v1/route")],
  [endpoints.ready, import("./app/v1/ready/route")],
  [endpoints.metrics, import("./app/metrics/route")],
] as const;

type RouteModule = Partial<Record<string, RouteHandler>>;

const NOT_HERE = JSON.stringify({ type: "error", status: 404, code: "not_found", message: "No wallet call has this path. This port (WALLET_PORT) takes the platform's wallet calls only." });

async function main() {
  const modules = new Map<string, RouteModule>(await Promise.all(routes.map(async ([endpoint, route]) => [(endpoint as Endpoint).path, (await route) as unknown as RouteModule] as const)));
  // The wallet's calls are answered at the door, as on the main port; the rest by the server below.
  installFrontDoor(Object.fromEntries(wallet.map(([e]) => [e.path, modules.get(e.path)![e.method]!])));
  await db();
  const server = createServer((request, response) => {
    // A known path with another method gets its route's 405; an unknown path, 404.
    const handler = modules.get((request.url ?? "/").split("?", 1)[0]!)?.[request.method ?? "GET"];
    if (handler) return void answerDirectly(handler, request, response, {}).catch(() => response.destroy());
    response.writeHead(404, { "content-type": "application/json", "content-length": Buffer.byteLength(NOT_HERE), "cache-control": "no-store" });
    response.end(NOT_HERE);
  });
  server.on("error", (error) => send({ type: "failed", reason: error.message }));
  server.listen(port, host, () => send({ type: "listening" }));

  parentPort!.on("message", async (message: LaneToWorker) => {
    if (message.type !== "stop") return;
    server.close();
    const finished = await drain(message.timeoutMs);
    server.closeAllConnections();
    await closeDb().catch(() => {});
    send({ type: "stopped", finished });
  });
}

main().catch((error: unknown) => send({ type: "failed", reason: error instanceof Error ? error.message : String(error) }));
