import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { ADMIN_ACTIONS } from "@/db/schema";
import { plainText } from "@/lib/validation/fields";

// POST /v1/admin/rooms/{room_id}/close and …/players/{player_id}/remove: why, in the admin's words, for the audit log
export const AdminActionInput = z.strictObject({
  reason: plainText(500).trim().min(1, "must not be empty: leave it out, or say why").optional(),
});

// POST /v1/admin/rooms/{room_id}/players/{player_id}/remove
export const RoomPlayerParams = z.object({ room_id: z.string(), player_id: z.string() });

// GET /v1/admin/players: a search by name or id
export const ListPlayersQuery = z.strictObject({ q: plainText(100).trim().optional(), ...pageQuery });

// Years 1970 to 9999: the database's timestamps cannot hold the year 0000 that ISO 8601 allows.
const instant = z.iso
  .datetime({ offset: true, error: "must be a date and time such as 2026-11-24T08:00:00Z" })
  .refine((text) => {
    const at = Date.parse(text);
    return at >= 0 && at < Date.UTC(10_000, 0, 1);
  }, "must be a date and time between 1970 and 9999");

// GET /v1/admin/audit: every filter optional, all of them applied together
export const ListAuditQuery = z
  .strictObject({
    action: z.enum(ADMIN_ACTIONS, `must be one of ${ADMIN_ACTIONS.join(", ")}`).optional(),
    /** Who: an operator's name (any case; their tokens' actions too), `owner`, `command line`, or the address the action came from. */
    actor: plainText(100).trim().min(1).optional(),
    /** A room whose name contains it (any case), or whose id is it. */
    room: plainText(100).trim().min(1).optional(),
    /** A player whose name contains it (any case), or whose id is it. */
    player: plainText(100).trim().min(1).optional(),
    /** The room's id exactly, for older scripts (`room` takes an id too). */
    room_id: plainText(100).trim().min(1).optional(),
    /** The player's id exactly, for older scripts (`player` takes an id too). */
    player_id: plainText(100).trim().min(1).optional(),
    from: instant.optional(),
    to: instant.optional(),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ["from"], message: "must not be after to" });
export type ListAuditQuery = z.output<typeof ListAuditQuery>;

// POST /v1/admin/session
/** An operator signs in with name and password (and a code, once TOTP is on); the owner with ADMIN_TOKEN. */
export const SignInInput = z
  .strictObject({
    username: plainText(100).min(1, "must not be empty").optional(),
    password: z.string("must be text").min(1, "must not be empty").max(500).optional(),
    code: z.string("must be the 6 digits your authenticator app shows").regex(/^\d{6}$/, "must be the 6 digits your authenticator app shows").optional(),
    token: z.string("must be the admin token").min(1, "must be the admin token").max(500).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.token !== undefined) {
      if (input.username !== undefined || input.password !== undefined) ctx.addIssue({ code: "custom", path: ["token"], message: "send either token, or username and password, not both" });
      return;
    }
    if (input.username === undefined) ctx.addIssue({ code: "custom", path: ["username"], message: "is required (or send the admin token as token)" });
    if (input.password === undefined) ctx.addIssue({ code: "custom", path: ["password"], message: "is required (or send the admin token as token)" });
  });
export type SignInInput = z.infer<typeof SignInInput>;

// GET /v1/admin/dashboard: the last day by hour, or the last thirty days by day
export const DashboardQuery = z.strictObject({ by: z.enum(["hour", "day"], "must be hour or day").default("hour") });
