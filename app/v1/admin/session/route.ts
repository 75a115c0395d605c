import { unknownActorOf } from "@/lib/admin/audit";
import { signIn } from "@/lib/admin/console-session";
import { sessionCookie } from "@/lib/admin/session";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/session — sign in to the console: name and password (or the admin token) in, an httpOnly cookie out
export const POST = route(endpoints.signIn, async ({ db, body, origin, request, requestId }) => {
  const session = await signIn(db, { input: body, adminToken: config().adminToken, actor: unknownActorOf(request, requestId) });
  const { operatorId: id, name, role } = session.identity;
  const answer = ok({ signed_in: true, expires_at: session.expiresAt, operator: { id, name, role } });
  answer.headers.append("set-cookie", sessionCookie(session.secret, { secure: origin.startsWith("https:") }));
  return answer;
});
