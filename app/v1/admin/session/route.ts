import { actorOf } from "@/lib/admin/audit";
import { signIn } from "@/lib/admin/console-session";
import { sessionCookie } from "@/lib/admin/session";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/session — sign in to the console: the admin token in, an httpOnly cookie out
export const POST = route(endpoints.signIn, async ({ db, body, origin, request, requestId }) => {
  const session = await signIn(db, { token: body.token, adminToken: config().adminToken, actor: actorOf(request, requestId) });
  const answer = ok({ signed_in: true, expires_at: session.expiresAt });
  answer.headers.append("set-cookie", sessionCookie(session.cookie, { secure: origin.startsWith("https:") }));
  return answer;
});
