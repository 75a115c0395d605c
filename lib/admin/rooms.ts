import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { gameSessions, ledgerEntries, players, roomSeats, type RoomRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { config } from "@/lib/env";
import { findPotsOf, potFigures, readRound, settlementOf } from "@/lib/ledger/pots";
import type { RoundPotRow } from "@/db/schema";
import { formatMoney } from "@/lib/money/amount";
import { isStuck } from "@/lib/shared/stuck-room";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { toRoomResource } from "@/lib/rooms/present";
import { countRooms, countRoomsByStatus, sumOpenPots, countRoomsSearching, findRoomById, findRoomsPage, findSeatsOf, type SeatedPlayer } from "@/lib/rooms/queries";
import type { AdminListRoomsQuery } from "@/lib/rooms/schemas";
import { toTransaction, type ListTransactionsQuery } from "@/lib/wallet/list-transactions";
import type { z } from "zod";

// The admin console's view of rooms: the lobby's room, plus the money in it.

const toAdminRoom = (room: RoomRow, seats: SeatedPlayer[], pot: RoundPotRow | undefined, origin: string) => {
  const resource = toRoomResource(room, seats, origin);
  return { ...resource, ...potFigures(pot, room.currency), stuck: isStuck(resource, config().stuckRoomSeconds) };
};

/** GET /v1/admin/rooms data: a filtered, searched page of rooms with their money, and the counts by status. */
export async function listRoomsForAdmin(db: Executor, { query, origin }: { query: z.output<typeof AdminListRoomsQuery>; origin: string }) {
  const { page, limit, q, sort, ...filters } = query;
  const [rows, total, counts, pots] = await Promise.all([
    findRoomsPage(db, filters, { offset: pageOffset(page, limit), limit, search: q, sort }),
    q ? countRoomsSearching(db, filters, q) : countRooms(db, filters).then((c) => c.total),
    countRoomsByStatus(db, filters, q),
    sumOpenPots(db, filters, q),
  ]);
  const ids = rows.map((r) => r.id);
  const [seats, potsOfPage] = await Promise.all([findSeatsOf(db, ids), findPotsOf(db, ids)]);
  return {
    rooms: rows.map((r) => toAdminRoom(r, seats, potsOfPage.get(r.id), origin)),
    counts: { waiting: counts.waiting ?? 0, playing: counts.playing ?? 0, finished: counts.finished ?? 0 },
    totals: pots.map((t) => ({ currency: t.currency, rooms: Number(t.rooms), pot: formatMoney(t.pot, t.currency) })),
    stuck_after_seconds: config().stuckRoomSeconds,
    ...pageInfo(total, page, limit),
  };
}

/** A room for an admin, or `room_not_found`. */
async function roomForAdmin(db: Executor, roomId: string) {
  const room = isWellFormedId(roomId) ? await findRoomById(db, roomId) : undefined;
  if (!room) throw new AppError("room_not_found", `No room has the id "${roomId}".`);
  return room;
}

/** The seats' bets, as ledger debits: the platform may refund a bet under any round_id. */
const betDebitsOf = (db: Executor, betIds: string[]) =>
  db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.kind, "debit"), inArray(ledgerEntries.transferId, betIds)));

/** A round's ledger rows: those under its round_id, and the refunds of its seats' bets under any other. */
const roundRows = (db: Executor, roomId: string, betIds: string[]) =>
  or(eq(ledgerEntries.roundId, roomId), betIds.length > 0 ? inArray(ledgerEntries.refundsEntryId, betDebitsOf(db, betIds)) : undefined);

const seatsOf = (db: Executor, roomId: string) =>
  db
    .select({ playerId: roomSeats.playerId, username: players.username, joinedAt: roomSeats.joinedAt, betTransferId: roomSeats.betTransferId })
    .from(roomSeats)
    .innerJoin(players, eq(players.id, roomSeats.playerId))
    .where(eq(roomSeats.roomId, roomId))
    .orderBy(asc(roomSeats.joinedAt));

/** GET /v1/admin/rooms/{room_id} data: the room, and who sits there with which bet and its refund. */
export async function getRoomForAdmin(db: Executor, { roomId, origin }: { roomId: string; origin: string }) {
  const room = await roomForAdmin(db, roomId);
  // The pot and its settlement from one read of the round.
  const [seatRows, round] = await Promise.all([seatsOf(db, room.id), readRound(db, room.id)]);
  const { pot } = round;
  // A room's seats are at most its player limit, and so are their refunds.
  const betIds = seatRows.flatMap((s) => (s.betTransferId ? [s.betTransferId] : []));
  const refunds =
    betIds.length === 0
      ? []
      : await db
          .select({ id: ledgerEntries.id, transferId: ledgerEntries.transferId })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.kind, "refund"), inArray(ledgerEntries.refundsEntryId, betDebitsOf(db, betIds))));
  const refundOf = (transferId: string | null) => refunds.find((r) => r.transferId === transferId)?.id ?? null;
  return {
    room: toAdminRoom(room, seatRows.map((s) => ({ ...s, roomId: room.id })), pot, origin),
    settlement: settlementOf(round) ?? null,
    seats: seatRows.map((s) => ({
      player_id: s.playerId,
      username: s.username,
      joined_at: s.joinedAt.toISOString(),
      bet_transfer_id: s.betTransferId,
      refund: refundOf(s.betTransferId),
    })),
  };
}

/**
 * GET /v1/admin/rooms/{room_id}/ledger data: a page of the ledger rows of the room's round, oldest
 * first (the round's story: bets, then wins and refunds).
 */
export async function listRoomLedger(db: Executor, { roomId, query }: { roomId: string; query: ListTransactionsQuery }) {
  const room = await roomForAdmin(db, roomId);
  const { page, limit } = query;
  const betIds = (await seatsOf(db, room.id)).flatMap((s) => (s.betTransferId ? [s.betTransferId] : []));
  const [ledger, [counted]] = await Promise.all([
    db
      .select({ entry: ledgerEntries, playerName: players.username })
      .from(ledgerEntries)
      // Left: the round's settlement rows have no player.
      .leftJoin(players, eq(players.id, ledgerEntries.playerId))
      .where(roundRows(db, room.id, betIds))
      .orderBy(asc(ledgerEntries.seq))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(ledgerEntries).where(roundRows(db, room.id, betIds)),
  ]);
  // Credits and refunds that name a game session issued for this room's table are linked to it.
  const named = [...new Set(ledger.flatMap(({ entry: e }) => (e.sessionId ? [e.sessionId] : [])))];
  const tableSessions = named.length === 0 ? [] : await db.select({ id: gameSessions.id }).from(gameSessions).where(and(inArray(gameSessions.id, named), eq(gameSessions.roomId, room.id)));
  const isTableSession = new Set(tableSessions.map((s) => s.id));
  return {
    ledger: ledger.map(({ entry: e, playerName }) => ({
      ...toTransaction(e),
      player_id: e.playerId,
      player_name: playerName,
      game_session: e.sessionId && isTableSession.has(e.sessionId) ? e.sessionId : null,
    })),
    ...pageInfo(counted!.total, page, limit),
  };
}
