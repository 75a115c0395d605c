import { randomBytes } from "node:crypto";
import type { Executor } from "@/db/client";
import { findPlayerById } from "@/lib/ledger/queries";
import { listRooms } from "@/lib/rooms/list-rooms";
import { ListRoomsQuery } from "@/lib/rooms/schemas";
import { applyCredit } from "@/lib/wallet/apply-credit";
import { CreditRequest } from "@/lib/wallet/schemas";
import { summarize, type Figures } from "./load";
import { FILTER_COMBINATIONS, MAX_BENCH_PAGE, type Actors } from "./scenarios";

// The database floors: the very queries of the room list and of a credit, through the same code
// and the postgres driver, in this process, without HTTP or Next.js. What HTTP adds is the
// difference between these and the HTTP scenarios.

async function loop(name: string, work: () => Promise<unknown>, { concurrency, seconds }: { concurrency: number; seconds: number }): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const samples: string[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await work();
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          if (samples.length < 3) samples.push(String(error).slice(0, 200));
        }
      }
    }),
  );
  return summarize({ name, group: "floor" }, latencies, (performance.now() - started) / 1000, errors, samples);
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function listFloor(db: Executor, actors: Actors, o: { concurrency: number; seconds: number }): Promise<Figures> {
  const players = await Promise.all(actors.players.slice(0, 20).map((p) => findPlayerById(db, p.id)));
  const queries = FILTER_COMBINATIONS.map((combo) => Object.fromEntries(new URLSearchParams(combo)));
  return loop(
    "list SQL, any filter mix, pages 1-50 (no HTTP)",
    () => {
      const query = ListRoomsQuery.parse({ ...pick(queries), page: String(1 + Math.floor(Math.random() * MAX_BENCH_PAGE)) });
      return listRooms(db, { player: pick(players)!, query, origin: "http://bench.invalid" });
    },
    o,
  );
}

export function creditFloor(db: Executor, actors: Actors, o: { concurrency: number; seconds: number; deadlineMs: number }): Promise<Figures> {
  return loop(
    "credit SQL, fresh transfer ids (no HTTP)",
    async () => {
      const player = pick(actors.walletPlayers);
      const request = CreditRequest.parse({
        request_id: randomBytes(8).toString("hex"),
        timestamp: Math.floor(Date.now() / 1000),
        session_id: "bench-session",
        player_id: player.id,
        game_code: "bench",
        transfer_id: `bench-floor-${randomBytes(8).toString("hex")}`,
        round_id: "bench-floor-round",
        round_completed: false,
        amount: "5",
        currency: player.currency,
        reason: "win",
      });
      const answer = await applyCredit(db, { request, deadlineMs: o.deadlineMs });
      if (answer.status_code !== "OK") throw new Error(`credit answered ${answer.status_code}`);
    },
    o,
  );
}
