import { addNote, listNotes } from "@/lib/admin/notes";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/players/{player_id}/notes — write a note on the player
export const POST = route(endpoints.addNote, async ({ db, params, body, actor }) => created(await addNote(db, { playerId: params.player_id, body: body.body, actor })));

// GET /v1/admin/players/{player_id}/notes — the notes on the player, newest first
export const GET = route(endpoints.playerNotes, async ({ db, params, query }) => ok(await listNotes(db, { playerId: params.player_id, query })));
