import { NextResponse, type NextRequest } from "next/server";
import { apiCookieHeader, isApiPath } from "@/lib/security/api-cookies";
import { LOCALE_COOKIE, LOCALE_HEADER, pageLocale, supported } from "@/lib/i18n/locales";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";

// Pages get a Content-Security-Policy with a fresh nonce per view. Next.js reads the nonce from the
// request's header and puts it on the scripts it renders; the answer carries the same policy.
// API requests that carry cookies get them cut down to the one the API reads, before the route
// runtime sees them (lib/security/api-cookies.ts): request headers rewritten with
// NextResponse.next({ request: { headers } }), Next.js's documented way for a proxy.
// Pages also learn their language here (x-lobby-locale, read by the root layout); a launch address's
// `lang=` is kept in a cookie for the pages after it.
export function proxy(request: NextRequest) {
  if (isApiPath(request.nextUrl.pathname)) {
    const headers = new Headers(request.headers);
    const kept = apiCookieHeader(request.headers.get("cookie") ?? "");
    if (kept) headers.set("cookie", kept);
    else headers.delete("cookie");
    return NextResponse.next({ request: { headers } });
  }
  const policy = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === "development" });
  const asked = request.nextUrl.searchParams.get("lang");
  const locale = pageLocale({
    path: request.nextUrl.pathname,
    lang: asked,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(LOCALE_HEADER, locale);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  if (supported(asked) === locale) {
    response.cookies.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600 });
  }
  return response;
}

export const config = {
  matcher: [
    {
      // Pages. The API (/v1, /wallet, /metrics) answers JSON and is the hot path: it needs no policy;
      // static files need none either, and /api-docs, built once with no script, carries its own.
      // Prefetches are data, not documents.
      source: "/((?!v1|wallet|metrics|api-docs|_next/static|_next/image|avatars|icon\\.svg|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // The API only with a Cookie header: the platform's callbacks and scripts never reach the proxy.
    // (Literal objects: Next.js reads this config without running it.)
    { source: "/v1", has: [{ type: "header", key: "cookie" }] },
    { source: "/v1/:path*", has: [{ type: "header", key: "cookie" }] },
    { source: "/wallet/:path*", has: [{ type: "header", key: "cookie" }] },
    { source: "/metrics", has: [{ type: "header", key: "cookie" }] },
  ],
};
