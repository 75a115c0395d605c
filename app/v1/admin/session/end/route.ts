import { unknownActorOf } from "@/lib/admin/audit";
import { refuseForeignOrigin } from "@/lib/admin/authorize";
import { signOut } from "@/lib/admin/console-session";
import { clearedSessionCookie, sessionFromCookies } from "@/lib/admin/session";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/session/end — sign out: the session ends for good and the cookie is cleared
export const POST = route(endpoints.signOut, async ({ db, origin, request, requestId }) => {
  refuseForeignOrigin(request, origin);
  await signOut(db, { secret: sessionFromCookies(request.headers.get("cookie")), adminToken: config().adminToken, actor: unknownActorOf(request, requestId) });
  const answer = ok({ signed_in: false, expires_at: null, operator: null });
  answer.headers.append("set-cookie", clearedSessionCookie(origin.startsWith("https:")));
  return answer;
});
