const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin the caller reached us at, for the addresses the API hands out when PUBLIC_URL is unset:
 * the Host (or a proxy's X-Forwarded-Host and -Proto) header. Next.js's own request.url names the
 * host the server bound to, not the one the client used. Set PUBLIC_URL in production.
 */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const proto = request.headers.get("x-forwarded-proto");
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.slice(0, -1);
  return host && HOST.test(host) ? `${scheme}://${host}` : url.origin;
}
