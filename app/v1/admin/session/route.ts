import { secretsMatch } from "@/lib/admin/authorize";
import { SESSION_SECONDS, sessionCookie, sessionValue } from "@/lib/admin/session";
import { endpoints } from "@/lib/api/endpoints";
import { AppError } from "@/lib/errors";
import { config } from "@/lib/env";
import { ok } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";

export * from "@/lib/http/method-not-allowed";

// POST /v1/admin/session — sign in to the console: the admin token in, an httpOnly cookie out
export const POST = route(endpoints.signIn, async ({ body, origin }) => {
  const { adminToken } = config();
  if (!secretsMatch(body.token, adminToken)) throw new AppError("admin_unauthorized", "That is not the admin token.");
  const answer = ok({ signed_in: true, expires_at: new Date(Date.now() + SESSION_SECONDS * 1000).toISOString() });
  answer.headers.append("set-cookie", sessionCookie(sessionValue(adminToken), { secure: origin.startsWith("https:") }));
  return answer;
});
