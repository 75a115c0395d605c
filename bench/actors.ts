import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db/client";
import { issueLaunchToken } from "@/lib/players/issue-launch-token";
import type { Actors, Bet } from "./scenarios";
import { benchPlayer } from "./seed";

/** Launch tokens for some bench players, wallet players, and a sample of room ids, from the seeded database. */
export async function prepareActors(db: Executor, { players, signingSecret }: { players: number; signingSecret: string }): Promise<Actors> {
  const tokenHolders = Array.from({ length: Math.min(200, players) }, (_, n) => benchPlayer(n));
  const withTokens = [];
  for (const p of tokenHolders) {
    const { token } = await issueLaunchToken(db, { playerId: p.id, ttlSeconds: 86_400, origin: "http://bench.invalid" });
    withTokens.push({ ...p, token });
  }
  const rooms = rowsOf<{ id: string }>(await db.execute(sql`select id from rooms where id like 'bench-r-%' order by random() limit 2000`));
  return {
    players: withTokens,
    walletPlayers: Array.from({ length: players }, (_, n) => benchPlayer(n)),
    roomIds: rooms.map((r) => r.id),
    signingSecret,
  };
}

/** The bets taken by rooms the benchmark created, not yet refunded: what the refund scenario returns. */
export async function betsToRefund(db: Executor): Promise<Bet[]> {
  const rows = await db.execute(sql`
    select d.player_id as "playerId", d.transfer_id as "transferId", d.round_id as "roomId", trim_scale(d.amount)::text as amount, d.currency
    from ledger_entries d
    where d.kind = 'debit' and d.player_id like 'bench-p-%'
      and not exists (select 1 from ledger_entries r where r.refunds_entry_id = d.id)`);
  return rowsOf<Bet>(rows);
}
