import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { plainText } from "@/lib/validation/fields";

// POST /v1/admin/rooms/{room_id}/players/{player_id}/remove
export const RoomPlayerParams = z.object({ room_id: z.string(), player_id: z.string() });

// GET /v1/admin/players: a search by name or id
export const ListPlayersQuery = z.strictObject({ q: plainText(100).trim().optional(), ...pageQuery });

// GET /v1/admin/audit
export const ListAuditQuery = z.strictObject(pageQuery);

// POST /v1/admin/session
export const SignInInput = z.strictObject({ token: z.string("must be the admin token").min(1, "must be the admin token").max(500) });
