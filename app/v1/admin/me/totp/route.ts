import { startTotp } from "@/lib/admin/team";
import { endpoints } from "@/lib/api/endpoints";
import { created, ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/me/totp — a secret for the caller's authenticator app
export const POST = route(endpoints.startTotp, async ({ db, identity, origin }) => ok(await startTotp(db, { identity, issuer: new URL(origin).host })));
