const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin the caller reached us at, for the addresses the API hands out when PUBLIC_URL is unset:
 * the Host (or a proxy's X-Forwarded-Host and -Proto) header. Next.js's own request.url names the
 * host the server bound to, not the one the client used. Set PUBLIC_URL in production.
 */
export function requestOrigin(request: Request): string {
  return originOf(request.headers, new URL(request.url).origin);
}

/** The same from a request's headers alone (a server action's), with the origin to fall back on. */
export function originOf(headers: Headers, fallback: string): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  const proto = headers.get("x-forwarded-proto");
  const scheme = proto === "http" || proto === "https" ? proto : new URL(fallback).protocol.slice(0, -1);
  return host && HOST.test(host) ? `${scheme}://${host}` : fallback;
}
