import { whoAmI } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// GET /v1/admin/me — who is calling, and their role
export const GET = route(endpoints.me, async ({ db, identity }) => ok(await whoAmI(db, identity)));
