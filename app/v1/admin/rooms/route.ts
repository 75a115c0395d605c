import { listRoomsForAdmin } from "@/lib/admin/rooms";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/rooms — rooms with their pot and rake, filtered and searched, and counts by status
export const GET = route(endpoints.adminRooms, async ({ db, query, origin }) => ok(await listRoomsForAdmin(db, { query, origin })));
