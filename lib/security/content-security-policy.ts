// The pages' Content-Security-Policy, one per request (proxy.ts): scripts run only with this
// request's nonce, which Next.js puts on its own script tags, so an injected <script> or inline
// handler does not run. Static headers that need no nonce live in next.config.mjs.

/** A fresh, unguessable nonce for one page view. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only for `next dev`: React rebuilds server error stacks with eval there, never in production.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // The dev server injects styles without a nonce.
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    // Avatars may be any https address an operator registered.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
