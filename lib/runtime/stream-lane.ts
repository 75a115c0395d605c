import "server-only";
import path from "node:path";
import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { fork, type ChildProcess } from "node:child_process";
import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { STREAM_LANE_BUNDLE } from "./lane-bundles";

// The stream lane: the players' event streams served from a process of their own (stream-lane.ts at
// the root is that process). The front door admits a stream open on the main thread as before, then
// hands its connection (the socket itself, over the process's IPC channel) to the lane, which answers
// it with the same route handler and from then on writes its hello, its room batches and its
// keep-alives. A reconnect storm's opens and the fan-out to thousands of lobbies then cost the main
// thread one hand-over each: pages, bets and the wallet keep its event loop, and the lane runs on the
// other core. Only with PostgreSQL (the lane keeps connections of its own) and a production build.
// While the lane is starting, or starting again after a failure, the main thread serves streams itself.

/** One stream handed over: the request as the lane needs it; the socket travels beside it. */
export interface StreamHandover {
  type: "stream";
  id: number;
  url: string;
  headers: IncomingMessage["headers"];
}
export type LaneToProcess =
  | StreamHandover
  /** An event for every lobby on the lane: the instance's players online and tables playing. */
  | { type: "lobbies"; event: string; data: unknown }
  | { type: "stop" };
export type LaneFromProcess =
  | { type: "ready" }
  /** A stream handed over has ended: the door counts it out. */
  | { type: "closed"; id: number }
  /** Distinct players with a stream on the lane, each time it changes: the instance counts them online. */
  | { type: "players"; count: number }
  /** A launch token the lane authenticated, by its hash, and its player: the door counts it as theirs. */
  | { type: "owner"; tokenHash: string; playerId: string };

/** Why the lane could not start: said as it is. */
export class StreamLaneError extends Error {}

interface Lane {
  child: ChildProcess | undefined;
  ready: boolean;
  stopping: boolean;
  /** Streams handed over and not yet ended, each with the door's release and this side's socket. */
  open: Map<number, { release: () => void; socket: Socket }>;
  nextId: number;
  players: number;
}
const lane = () => processState("stream-lane", (): Lane => ({ child: undefined, ready: false, stopping: false, open: new Map(), nextId: 1, players: 0 }));

/** How long a lane that died waits before it starts again; the main thread serves streams meanwhile. */
const RESTART_AFTER_MS = 1000;

export interface StreamLaneOptions {
  /** Told of each launch token the lane authenticates (lib/players/token-owners.ts). */
  onOwner: (tokenHash: string, playerId: string) => void;
}

/** Streams the lane holds now. */
export const laneStreams = (): number => lane().open.size;

/** Distinct players with a stream on the lane now. */
export const lanePlayers = (): number => lane().players;

/** Sends an event to every lobby on the lane, if it runs. */
export function toLaneLobbies(event: string, data: unknown): void {
  const child = lane().child;
  if (lane().ready && child?.connected) child.send({ type: "lobbies", event, data } satisfies LaneToProcess);
}

/** Every stream handed over ends: the process they were on has gone, and with it those not yet sent. */
function forgetAll(l: Lane) {
  l.players = 0;
  const streams = [...l.open.values()];
  l.open.clear();
  for (const { release, socket } of streams) {
    socket.destroy();
    release();
  }
}

/**
 * Starts the lane's process and resolves once it serves; rejects with the reason it could not (its
 * build missing, the database unreachable). A lane that dies later is logged and started again.
 */
export function startStreamLane(options: StreamLaneOptions): Promise<void> {
  const bundle = path.join(/*turbopackIgnore: true*/ process.cwd(), STREAM_LANE_BUNDLE);
  if (!existsSync(bundle)) return Promise.reject(new StreamLaneError(`the stream lane's build is missing (${STREAM_LANE_BUNDLE}): run npm run build`));
  const l = lane();
  return new Promise((resolve, reject) => {
    // It answers nothing but the streams handed to it: the lobby's role, no wallet port, no lane of its own.
    const env = { ...process.env, INSTANCE_ROLE: "lobby", WALLET_PORT: "", LIVE_STREAM_PROCESS: "off" };
    const child = fork(/*turbopackIgnore: true*/ bundle, [], { env, execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    l.child = child;
    child.on("message", (message: LaneFromProcess) => {
      if (message.type === "closed") {
        const stream = l.open.get(message.id);
        l.open.delete(message.id);
        stream?.release();
      } else if (message.type === "players") l.players = message.count;
      else if (message.type === "owner") options.onOwner(message.tokenHash, message.playerId);
      else if (message.type === "ready" && !l.ready) {
        l.ready = true;
        log("info", "stream lane serving", { pid: child.pid });
        resolve();
      }
    });
    child.on("error", (error) => log("error", "stream lane failed", { error: error.message }));
    child.on("exit", (code, signal) => {
      const wasReady = l.ready;
      if (l.child === child) {
        l.child = undefined;
        l.ready = false;
      }
      forgetAll(l);
      if (!wasReady) return reject(new StreamLaneError(`the stream lane stopped before it served (exit ${code ?? signal})`));
      if (l.stopping) return;
      log("error", "stream lane stopped unexpectedly; the main thread serves streams until it starts again", { code, signal, restart_after_ms: RESTART_AFTER_MS });
      restartLater(options);
    });
  });
}

function restartLater(options: StreamLaneOptions) {
  setTimeout(() => {
    if (lane().stopping) return;
    startStreamLane(options).catch((error: Error) => {
      log("error", "stream lane could not start again; trying again", { error: error.message, restart_after_ms: RESTART_AFTER_MS });
      restartLater(options);
    });
  }, RESTART_AFTER_MS).unref();
}

/**
 * Hands an admitted stream open to the lane: its socket and its request, whose head the main thread
 * has read. `release` counts it out of the door's tallies once the lane says it ended. False when
 * there is no lane to take it now: the caller serves it itself.
 */
export function handOverStream(request: IncomingMessage, headers: IncomingMessage["headers"], release: () => void): boolean {
  const l = lane();
  const child = l.child;
  if (!l.ready || !child?.connected) return false;
  const socket = request.socket;
  const id = l.nextId++;
  l.open.set(id, { release, socket });
  const handover: StreamHandover = { type: "stream", id, url: request.url ?? "/", headers };
  // Kept open until sent, then closed here: the lane holds its own copy of the connection, and the
  // HTTP server here forgets it as it forgets any closed connection.
  child.send(handover, socket, { keepOpen: true }, (error) => {
    socket.destroy();
    if (!error) return;
    // Not delivered: the connection is lost with it and the lobby reconnects.
    l.open.delete(id);
    release();
  });
  return true;
}

/** Stops the lane: its streams end (their lobbies reconnect to another instance) and its process exits. */
export async function stopStreamLane(timeoutMs: number): Promise<void> {
  const l = lane();
  l.stopping = true;
  const child = l.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.connected) child.send({ type: "stop" } satisfies LaneToProcess);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
