import "server-only";
import path from "node:path";
import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { fork, type ChildProcess } from "node:child_process";
import { log } from "@/lib/observability/log";
import { processState } from "@/lib/process/state";
import { STREAM_LANE_BUNDLE } from "./lane-bundles";

// Stream lanes: the players' event streams served from processes of their own (stream-lane.ts at the
// root is one). The front door admits a stream open on the main thread as before, then hands its
// connection (the socket itself, over the process's IPC channel) to a lane, which answers it with the
// same route handler and from then on writes its hello, its room batches and its keep-alives. A
// reconnect storm's opens and the fan-out to thousands of lobbies then cost the main thread one
// hand-over each: pages, bets and the wallet keep its event loop, and the lanes run on other cores.
// Only with PostgreSQL (each lane keeps connections of its own), a production build and
// LIVE_STREAM_PROCESSES set: each stream costs more CPU in all, which pays only where the instance has
// cores to spare (docs/operations.md). While no lane serves (starting, or starting again after a
// failure), the main thread serves streams itself.

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

/** Why a lane could not start: said as it is. */
export class StreamLaneError extends Error {}

interface Lane {
  /** Its place among the instance's lanes: a token's streams go to the same one. */
  index: number;
  child: ChildProcess | undefined;
  ready: boolean;
  /** Streams handed over and not yet ended, each with the door's release and this side's socket. */
  open: Map<number, { release: () => void; socket: Socket }>;
  players: number;
}
interface Lanes {
  lanes: Lane[];
  stopping: boolean;
  nextId: number;
}
const state = () => processState("stream-lane", (): Lanes => ({ lanes: [], stopping: false, nextId: 1 }));

/** How long a lane that died waits before it starts again; the main thread serves its share meanwhile. */
const RESTART_AFTER_MS = 1000;

export interface StreamLaneOptions {
  /** Told of each launch token a lane authenticates (lib/players/token-owners.ts). */
  onOwner: (tokenHash: string, playerId: string) => void;
}

/** Streams the lanes hold now. */
export const laneStreams = (): number => state().lanes.reduce((n, l) => n + l.open.size, 0);

/**
 * Distinct players with a stream on a lane now. A player's streams on one token go to one lane; one
 * with tokens on two lanes (two launches) is counted on each, as across instances (lib/live/presence.ts).
 */
export const lanePlayers = (): number => state().lanes.reduce((n, l) => n + l.players, 0);

const serving = (l: Lane): l is Lane & { child: ChildProcess } => l.ready && l.child?.connected === true;

/** Sends an event to every lobby on the lanes. */
export function toLaneLobbies(event: string, data: unknown): void {
  for (const l of state().lanes.filter(serving)) l.child.send({ type: "lobbies", event, data } satisfies LaneToProcess);
}

/** Every stream handed to a lane ends: its process has gone, and with it those not yet sent. */
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
 * Starts `count` lanes and resolves once they serve; rejects with the first reason one could not (its
 * build missing, the database unreachable), while those that started serve. A lane that dies later
 * is logged and started again.
 */
export async function startStreamLanes(count: number, options: StreamLaneOptions): Promise<void> {
  const s = state();
  s.lanes = Array.from({ length: count }, (_, index): Lane => ({ index, child: undefined, ready: false, open: new Map(), players: 0 }));
  const started = await Promise.allSettled(s.lanes.map((l) => startLane(l, options)));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

function startLane(l: Lane, options: StreamLaneOptions): Promise<void> {
  const bundle = path.join(/*turbopackIgnore: true*/ process.cwd(), STREAM_LANE_BUNDLE);
  if (!existsSync(bundle)) return Promise.reject(new StreamLaneError(`the stream lane's build is missing (${STREAM_LANE_BUNDLE}): run npm run build`));
  return new Promise((resolve, reject) => {
    // It answers nothing but the streams handed to it: the lobby's role, no wallet port, no lanes of its own.
    const env = { ...process.env, INSTANCE_ROLE: "lobby", WALLET_PORT: "", LIVE_STREAM_PROCESSES: "0", STREAM_LANES_OF_INSTANCE: String(state().lanes.length) };
    // A server run with a CPU profile (docs/performance.md) profiles its lanes too.
    const execArgv = process.execArgv.filter((flag) => flag.startsWith("--cpu-prof"));
    const child = fork(/*turbopackIgnore: true*/ bundle, [], { env, execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
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
        log("info", "stream lane serving", { lane: l.index, pid: child.pid });
        resolve();
      }
    });
    child.on("error", (error) => log("error", "stream lane failed", { lane: l.index, error: error.message }));
    child.on("exit", (code, signal) => {
      const wasReady = l.ready;
      if (l.child === child) {
        l.child = undefined;
        l.ready = false;
      }
      forgetAll(l);
      if (!wasReady) return reject(new StreamLaneError(`stream lane ${l.index} stopped before it served (exit ${code ?? signal})`));
      if (state().stopping) return;
      log("error", "stream lane stopped unexpectedly; its share of streams is served elsewhere until it starts again", { lane: l.index, code, signal, restart_after_ms: RESTART_AFTER_MS });
      restartLater(l, options);
    });
  });
}

function restartLater(l: Lane, options: StreamLaneOptions) {
  setTimeout(() => {
    if (state().stopping) return;
    startLane(l, options).catch((error: Error) => {
      log("error", "stream lane could not start again; trying again", { lane: l.index, error: error.message, restart_after_ms: RESTART_AFTER_MS });
      restartLater(l, options);
    });
  }, RESTART_AFTER_MS).unref();
}

/** The lane for a token's streams: always the same one while it serves, so that its player is counted once. */
function laneFor(token: string): Lane | undefined {
  const ready = state().lanes.filter(serving);
  if (ready.length === 0) return undefined;
  let hash = 0;
  for (let i = 0; i < Math.min(token.length, 16); i++) hash = (hash * 31 + token.charCodeAt(i)) >>> 0;
  const own = state().lanes[hash % state().lanes.length]!;
  return serving(own) ? own : ready[hash % ready.length];
}

/**
 * Hands an admitted stream open to a lane: its socket and its request, whose head the main thread
 * has read; `token`, the launch token it was sent with ("" for none), picks the lane. `release` counts
 * it out of the door's tallies once the lane says it ended. False when
 * no lane can take it now: the caller serves it itself.
 *
 * Node.js passes one connection at a time to a process and waits for the process to acknowledge it
 * before the next: a round trip through both event loops for each. In a reconnect storm one lane's
 * hand-overs queue (a few hundred a second); several lanes take them side by side.
 */
export function handOverStream(request: IncomingMessage, headers: IncomingMessage["headers"], token: string, release: () => void): boolean {
  const l = laneFor(token);
  if (!l) return false;
  const child = l.child!;
  const socket = request.socket;
  const id = state().nextId++;
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

/** Stops the lanes: their streams end (their lobbies reconnect to another instance) and their processes exit. */
export async function stopStreamLanes(timeoutMs: number): Promise<void> {
  const s = state();
  s.stopping = true;
  await Promise.all(
    s.lanes.map(async ({ child }) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      if (child.connected) child.send({ type: "stop" } satisfies LaneToProcess);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
