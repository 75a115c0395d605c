import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";

// Pages get a Content-Security-Policy with a fresh nonce per view. Next.js reads the nonce from the
// request's header and puts it on the scripts it renders; the answer carries the same policy.
export function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only. The API (/v1, /wallet, /metrics) answers JSON and is the hot path: a proxy there
      // would cost every call; static files need no policy. Prefetches are data, not documents.
      source: "/((?!v1|wallet|metrics|_next/static|_next/image|avatars|icon\\.svg|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
