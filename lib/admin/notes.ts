import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/db/client";
import { playerNotes, type PlayerNoteRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isWellFormedId } from "@/lib/ids";
import { findPlayerById } from "@/lib/ledger/queries";
import { pageInfo, pageOffset } from "@/lib/pagination";
import { recordAdminAction, type Actor } from "./audit";
import type { PlayerNote } from "./support-contract";
import type { ListNotesQuery } from "./support-schemas";

// What support writes about a player: notes are added, never changed or deleted.

/** The audit row keeps the start of a note: enough to find it, not a second copy of it. */
export const NOTE_EXCERPT = 100;

const toNote = (n: PlayerNoteRow): z.input<typeof PlayerNote> => ({
  id: String(n.seq),
  author: n.author,
  operator_id: n.operatorId,
  body: n.body,
  created_at: n.createdAt.toISOString(),
});

async function existingPlayer(db: Executor, playerId: string) {
  const player = isWellFormedId(playerId) ? await findPlayerById(db, playerId) : undefined;
  if (!player) throw new AppError("player_not_found", `No player has the id "${playerId}".`);
  return player;
}

/** POST /v1/admin/players/{player_id}/notes: the note, signed by who wrote it. */
export async function addNote(db: Executor, { playerId, body, actor }: { playerId: string; body: string; actor: Actor }) {
  const player = await existingPlayer(db, playerId);
  return db.transaction(async (tx) => {
    const [note] = await tx.insert(playerNotes).values({ playerId: player.id, author: actor.name, operatorId: actor.operatorId, body }).returning();
    await recordAdminAction(tx, { actor, action: "add_note", playerId: player.id, details: { note_id: String(note!.seq), excerpt: [...body].slice(0, NOTE_EXCERPT).join("") } });
    return toNote(note!);
  });
}

/** GET /v1/admin/players/{player_id}/notes data: newest first. */
export async function listNotes(db: Executor, { playerId, query }: { playerId: string; query: ListNotesQuery }) {
  const player = await existingPlayer(db, playerId);
  const { page, limit } = query;
  const [rows, [counted]] = await Promise.all([
    db.select().from(playerNotes).where(eq(playerNotes.playerId, player.id)).orderBy(desc(playerNotes.seq)).limit(limit).offset(pageOffset(page, limit)),
    db.select({ total: count() }).from(playerNotes).where(eq(playerNotes.playerId, player.id)),
  ]);
  return { notes: rows.map(toNote), ...pageInfo(counted!.total, page, limit) };
}
