import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { existsSync } from "node:fs";
import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { WALLET_LANE_BUNDLE } from "./lane-bundles";

// The wallet lane (WALLET_PORT): the platform's signed calls served from a worker thread with an
// event loop, a listen queue and database connections of their own (wallet-lane.ts at the root is
// the thread). The lobby's thread may be saturated by a reconnect storm; a credit on the lane never
// waits behind it. The main port keeps serving the wallet too, for platforms not yet moved.

export interface LaneWorkerData {
  host: string | undefined;
  port: number;
}
export type LaneToWorker = { type: "stop"; timeoutMs: number };
export type LaneFromWorker = { type: "listening" } | { type: "failed"; reason: string } | { type: "stopped"; finished: boolean };

/** Why the lane could not start: said as it is, on the start's one line. */
export class WalletLaneError extends Error {}

interface Lane {
  worker: Worker | undefined;
  stopping: boolean;
}
const lane = () => processState("wallet-lane", (): Lane => ({ worker: undefined, stopping: false }));

/** How long a lane that died unexpectedly waits before it starts again. */
const RESTART_AFTER_MS = 1000;

const SOURCE = path.join(process.cwd(), "wallet-lane.ts");

/**
 * The thread: a production server runs the bundle `npm run build` made beside its own build; under
 * `next dev` the TypeScript itself, through tsx, so that an edit shows without a build.
 */
function spawn(data: LaneWorkerData): Worker {
  const env = { ...process.env, INSTANCE_ROLE: "wallet" };
  if (process.env.NODE_ENV !== "development") {
    const bundle = path.join(process.cwd(), WALLET_LANE_BUNDLE);
    if (!existsSync(bundle)) throw new WalletLaneError(`the wallet lane's build is missing (${WALLET_LANE_BUNDLE}): run npm run build`);
    return thread(`import(${JSON.stringify(pathToFileURL(bundle).href)})`, data, env, []);
  }
  const load = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(SOURCE)}, ${JSON.stringify(pathToFileURL(SOURCE).href)}))`;
  return thread(load, data, env, ["--conditions=react-server"]);
}

/** A thread that runs `code` (an import of its module: the build must not try to bundle a path it reads at run time). */
function thread(code: string, workerData: LaneWorkerData, env: NodeJS.ProcessEnv, execArgv: string[]): Worker {
  return new Worker(code, { eval: true, workerData, env, execArgv });
}

/**
 * Starts the lane and resolves once it listens; rejects with the reason it could not (the port taken,
 * the database unreachable). A lane that dies later is logged and started again.
 */
export function startWalletLane(data: LaneWorkerData): Promise<void> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = spawn(data);
    } catch (error) {
      return reject(error);
    }
    lane().worker = worker;
    let listening = false;
    worker.on("message", (message: LaneFromWorker) => {
      if (message.type === "listening" && !listening) {
        listening = true;
        log("info", "wallet lane listening", { port: data.port });
        resolve();
      } else if (message.type === "failed" && !listening) {
        reject(new WalletLaneError(`the wallet lane could not start on WALLET_PORT ${data.port}: ${message.reason}`));
        void worker.terminate();
      }
    });
    worker.on("error", (error) => (listening ? log("error", "wallet lane failed", { error: error.message }) : reject(new WalletLaneError(`the wallet lane could not start: ${error.message}`))));
    worker.on("exit", (code) => {
      if (lane().worker === worker) lane().worker = undefined;
      if (!listening || lane().stopping) return;
      log("error", "wallet lane stopped unexpectedly; starting it again", { code, restart_after_ms: RESTART_AFTER_MS });
      restartLater(data);
    });
  });
}

/** Starts the lane again after a pause, and again after each failure, until it listens or the instance stops. */
function restartLater(data: LaneWorkerData) {
  setTimeout(() => {
    if (lane().stopping) return;
    startWalletLane(data).catch((error: Error) => {
      log("error", "wallet lane could not start again; trying again", { error: error.message, restart_after_ms: RESTART_AFTER_MS });
      restartLater(data);
    });
  }, RESTART_AFTER_MS).unref();
}

/** Stops the lane: no new connections, calls in flight finish for up to `timeoutMs`. True when all finished. */
export async function stopWalletLane(timeoutMs: number): Promise<boolean> {
  const l = lane();
  l.stopping = true;
  const worker = l.worker;
  // None started, or the one that was has exited (and its restart is now called off).
  if (!worker) return true;
  const stopped = new Promise<boolean>((resolve) => {
    worker.on("message", (message: LaneFromWorker) => message.type === "stopped" && resolve(message.finished));
    worker.once("exit", () => resolve(false));
  });
  worker.postMessage({ type: "stop", timeoutMs } satisfies LaneToWorker);
  const finished = await stopped;
  await worker.terminate();
  return finished;
}
