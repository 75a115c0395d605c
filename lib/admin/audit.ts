import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { nameOrIdMatches } from "@/db/name-or-id";
import { adminActions, operators, players, rooms, type AdminAction, type AdminActionRow } from "@/db/schema";
import { clientAddressOf } from "@/lib/runtime/client-address";
import { pageInfo, pageOffset } from "@/lib/pagination";
import type { Identity } from "@/lib/operators/identity";
import type { ListAuditQuery } from "./schemas";

/**
 * Who acts, as the audit log names them: an operator, the owner (ADMIN_TOKEN), or the operator's
 * own command line (npm run player:create); the address is the client's (lib/runtime/client-address.ts).
 */
export interface Actor {
  requestId: string;
  source: string;
  /** An operator's username (with the token's label when by token), "owner", or "command line". */
  name: string;
  operatorId: string | null;
}

export const actorOf = (request: Request, requestId: string, identity: Identity): Actor => ({
  requestId,
  source: clientAddressOf(request),
  name: identity.name,
  operatorId: identity.operatorId,
});

/** Before anyone is known: a failed sign-in, whose row names nobody. */
export const unknownActorOf = (request: Request, requestId: string): Actor => ({ requestId, source: clientAddressOf(request), name: "unknown", operatorId: null });

/**
 * Writes the audit row of an admin action, in the action's own transaction: no action without its
 * row. Never a token or a password.
 */
export async function recordAdminAction(
  tx: Executor,
  { actor, action, roomId, playerId, details }: { actor: Actor; action: AdminAction; roomId?: string; playerId?: string; details: Record<string, unknown> },
) {
  await tx.insert(adminActions).values({ action, actor: actor.name, operatorId: actor.operatorId, source: actor.source, requestId: actor.requestId, roomId, playerId, details });
}

/** An audit row with the names of its room and player, as they are now (null where there is none). */
const toAuditEntry = ({ action: r, roomName, playerName }: { action: AdminActionRow; roomName: string | null; playerName: string | null }) => ({
  action: r.action,
  actor: r.actor,
  operator_id: r.operatorId,
  source: r.source,
  request_id: r.requestId,
  room_id: r.roomId,
  room_name: roomName,
  player_id: r.playerId,
  player_name: playerName,
  details: r.details as Record<string, unknown>,
  created_at: r.createdAt.toISOString(),
});

const sameText = (column: PgColumn, text: string) => sql`lower(${column}) = lower(${text})`;

/**
 * Who, as a person types it: the name the row gives (any case: `owner`, `command line`, an operator's
 * name), an operator's name or id (which takes in what they did with their tokens, whose rows say
 * "ann (token deploy)"), or the address the action came from.
 */
function actorMatches(db: Executor, actor: string): SQL | undefined {
  const operatorNamed = db.select({ id: operators.id }).from(operators).where(sameText(operators.username, actor));
  return or(sameText(adminActions.actor, actor), sameText(adminActions.source, actor), eq(adminActions.operatorId, actor), inArray(adminActions.operatorId, operatorNamed));
}

/** GET /v1/admin/audit data: admin actions that pass every filter given, newest first. */
export async function listAdminActions(db: Executor, { page, limit, action, actor, room, player, room_id, player_id, from, to }: ListAuditQuery) {
  const where = and(
    action ? eq(adminActions.action, action) : undefined,
    actor ? actorMatches(db, actor) : undefined,
    // A room or player by their name as it is now, or by the id the row holds.
    nameOrIdMatches(rooms.name, adminActions.roomId, room),
    nameOrIdMatches(players.username, adminActions.playerId, player),
    room_id ? eq(adminActions.roomId, room_id) : undefined,
    player_id ? eq(adminActions.playerId, player_id) : undefined,
    from ? gte(adminActions.createdAt, new Date(from)) : undefined,
    // Times are shown to the millisecond, so `to` takes in the whole of its last millisecond.
    to ? lt(adminActions.createdAt, new Date(Date.parse(to) + 1)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ action: adminActions, roomName: rooms.name, playerName: players.username })
      .from(adminActions)
      .leftJoin(rooms, eq(rooms.id, adminActions.roomId))
      .leftJoin(players, eq(players.id, adminActions.playerId))
      .where(where)
      .orderBy(desc(adminActions.seq))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db
      .select({ total: count() })
      .from(adminActions)
      .leftJoin(rooms, eq(rooms.id, adminActions.roomId))
      .leftJoin(players, eq(players.id, adminActions.playerId))
      .where(where),
  ]);
  return { actions: rows.map(toAuditEntry), ...pageInfo(counted!.total, page, limit) };
}
