import { ADMIN_COOKIE } from "@/lib/admin/session";

// The API's routes read one cookie, the admin console's session. Next.js's route runtime copies every
// request cookie into a response-cookie jar, at a cost that grows with the square of their number
// (2,700 names cost about a second of CPU): proxy.ts hands the API only the cookie it reads.

/** Whether a path is the API's (JSON routes), rather than a page or a static file. */
export const isApiPath = (pathname: string) => /^\/(v1|wallet|metrics)(\/|$)/.test(pathname);

/** The Cookie header an API route gets: the first admin session cookie sent, alone, or none. Linear in the header. */
export function apiCookieHeader(header: string): string | undefined {
  for (const part of header.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(`${ADMIN_COOKIE}=`)) return cookie;
  }
  return undefined;
}
