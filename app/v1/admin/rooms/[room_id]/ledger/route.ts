import { listRoomLedger } from "@/lib/admin/rooms";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/rooms/{room_id}/ledger — the ledger rows of the room's round, oldest first, paginated
export const GET = route(endpoints.adminRoomLedger, async ({ db, params, query }) => ok(await listRoomLedger(db, { roomId: params.room_id, query })));
