import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminPlayerSummary } from "./contract";
import type { Executor } from "@/db/client";
import { nameOrIdMatches } from "@/db/name-or-id";
import { ledgerEntries, players } from "@/db/schema";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { totalBalance } from "@/lib/ledger/balance";
import { toBlocked } from "@/lib/players/present";
import type { ListPlayersQuery } from "./schemas";

/**
 * GET /v1/admin/players data: players by name (in any case, the same order on every database), a page at a time, each with their balance and last
 * activity (their newest ledger row, found through the ledger's per-player index).
 */
export async function findPlayers(db: Executor, query: z.output<typeof ListPlayersQuery>) {
  const { q, page, limit } = query;
  const where = nameOrIdMatches(players.username, players.id, q);
  const lastActivity = db
    .select({ at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.playerId, players.id))
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ player: players, lastActivityAt: sql<Date | string | null>`(${lastActivity})` })
      .from(players)
      .where(where)
      .orderBy(asc(sql`lower(${players.username})`), asc(players.username), asc(players.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(players).where(where),
  ]);
  const found: z.input<typeof AdminPlayerSummary>[] = rows.map(({ player, lastActivityAt }) => ({
    id: player.id,
    username: player.username,
    currency: player.currency,
    balance: totalBalance(player),
    blocked: toBlocked(player),
    last_activity_at: lastActivityAt === null ? null : new Date(lastActivityAt).toISOString(),
    created_at: player.createdAt.toISOString(),
  }));
  return { players: found, ...pageInfo(counted!.total, page, limit) };
}
