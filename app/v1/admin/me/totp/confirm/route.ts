import { confirmTotp } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/me/totp/confirm — the app's first code; sign-in asks for codes from now on
export const POST = route(endpoints.confirmTotp, async ({ db, identity, body, actor }) => ok(await confirmTotp(db, { identity, code: body.code, actor })));
