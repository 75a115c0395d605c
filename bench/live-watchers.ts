import { setMaxListeners } from "node:events";
import type { RoomUpdate } from "@/lib/live/contract";
import type { RoomList } from "@/lib/rooms/contract";
import { now, pageKey, STAGES } from "./live-load";
import { retryDelayMs } from "@/lib/client/backoff";
import { Watcher, type WatcherKind } from "./live-watcher";
import { pageDifference, type PageDifference } from "./page-difference";

// A process of watchers for the live benchmark (bench/live.ts forks a few): the players' browsers
// are other machines, so their parsing and patching runs apart from the process that times the
// money. It records when each watcher first showed each stage of each room, in epoch milliseconds.

export type ToWatchers =
  /**
   * `atOnce`: as after a restart or a deploy, every lobby lost its stream in the same instant, and each
   * connects again after the lobby's own first wait (lib/client/backoff.ts).
   */
  | { type: "start"; baseUrl: string; tokens: string[]; search: string; atOnce?: boolean; kind?: WatcherKind }
  | { type: "measure" }
  | { type: "status" }
  | { type: "finish"; fresh: RoomList };

export type FromWatchers =
  | { type: "status"; shown: number; streaming: number; counts: Counts; openedAt: (number | null)[] }
  | { type: "result"; seen: [roomId: string, stage: number, times: number[]][]; counts: Counts; exact: number; newest: number; inexact: Inexact };

/** The watchers whose page differs from a fresh read: how many of each kind of difference, and a few of them. */
export interface Inexact {
  kinds: Record<string, number>;
  samples: (Watcher["heard"] & Partial<PageDifference>)[];
}

interface Counts {
  listReads: number;
  shed: number;
  streamsRefused: number;
  dropped: number;
  errors: number;
}

const stop = new AbortController();
setMaxListeners(0, stop.signal);
const watchers: Watcher[] = [];
const stageOf = new Map<Watcher, Map<string, number>>();
const seen = new Map<string, number[][]>();
let measuring = false;

function onApplied(w: Watcher, updates: RoomUpdate[]) {
  if (!measuring || !w.page) return;
  const at = now();
  const mine = stageOf.get(w) ?? new Map<string, number>();
  stageOf.set(w, mine);
  for (const { room } of updates) {
    const shown = w.page.rooms.find((r) => r.id === room.id);
    if (!shown) continue;
    const stage = STAGES.indexOf(shown.status);
    const times = seen.get(room.id) ?? STAGES.map(() => []);
    seen.set(room.id, times);
    for (let s = (mine.get(room.id) ?? -1) + 1; s <= stage; s++) times[s]!.push(at);
    mine.set(room.id, Math.max(stage, mine.get(room.id) ?? -1));
  }
}

const total = () =>
  watchers.reduce((c, w) => ({
    listReads: c.listReads + w.counts.listReads,
    shed: c.shed + w.counts.shed,
    streamsRefused: c.streamsRefused + w.counts.streamsRefused,
    dropped: c.dropped + w.counts.dropped,
    errors: c.errors + w.counts.errors,
  }), { listReads: 0, shed: 0, streamsRefused: 0, dropped: 0, errors: 0 });

const send = (message: FromWatchers) => process.send!(message);
// Stopped by the benchmark: exit as a process does, so that a CPU profile (WATCHER_CPU_PROFILE_DIR) is written.
process.once("SIGTERM", () => process.exit(0));

process.on("message", async (message: ToWatchers) => {
  if (message.type === "start") {
    const watcherOf = (token: string) => {
      const w = new Watcher(message.baseUrl, token, message.search, stop.signal, onApplied, message.kind);
      watchers.push(w);
      return w;
    };
    if (message.atOnce) {
      for (const token of message.tokens) {
        const w = watcherOf(token);
        setTimeout(() => w.start(), retryDelayMs(0));
      }
      return;
    }
    // Connect in slices, as tabs open over a few seconds rather than in one instant.
    for (let i = 0; i < message.tokens.length; i += 100) {
      for (const token of message.tokens.slice(i, i + 100)) watcherOf(token).start();
      await new Promise((r) => setTimeout(r, 200));
    }
  } else if (message.type === "measure") {
    measuring = true;
  } else if (message.type === "status") {
    send({ type: "status", shown: watchers.filter((w) => w.page).length, streaming: watchers.filter((w) => w.streaming).length, counts: total(), openedAt: watchers.map((w) => w.openedAt ?? null) });
  } else if (message.type === "finish") {
    measuring = false;
    const freshKey = pageKey(message.fresh);
    const missed = watchers.filter((w) => !(w.page && pageKey(w.page) === freshKey));
    const exact = watchers.length - missed.length;
    const newest = watchers.filter((w) => w.page?.rooms[0]?.id === message.fresh.rooms[0]?.id).length;
    const inexact = inexactOf(missed, message.fresh);
    const result = [...seen].flatMap(([roomId, stages]) => stages.map((times, stage) => [roomId, stage, times] as [string, number, number[]]));
    stop.abort();
    // A large answer takes a while to go through the pipe: leave only once it has.
    process.send!({ type: "result", seen: result, counts: total(), exact, newest, inexact } satisfies FromWatchers, () => process.disconnect());
  }
});

/** How the pages that differ from a fresh read differ: each kind counted, and a few shown whole. */
function inexactOf(missed: Watcher[], fresh: RoomList): Inexact {
  const kinds: Record<string, number> = {};
  const samples: Inexact["samples"] = [];
  for (const w of missed) {
    const difference = w.page ? pageDifference(w.page, fresh) : undefined;
    const kind = difference?.kind ?? "no page";
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (samples.length < 3) samples.push({ ...w.heard, ...difference });
  }
  return { kinds, samples };
}
