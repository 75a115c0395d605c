import { clearedSessionCookie } from "@/lib/admin/session";
import { endpoints } from "@/lib/api/endpoints";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/session/end — sign out: the cookie is cleared
export const POST = route(endpoints.signOut, async ({ origin }) => {
  const answer = ok({ signed_in: false, expires_at: null });
  answer.headers.append("set-cookie", clearedSessionCookie(origin.startsWith("https:")));
  return answer;
});
