// What the sign-in page says when the address is locked after too many failed sign-ins (a wrong
// name, password, code or token).

/** "15 minutes", "1 minute", "40 seconds": how long, as a person says it. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The lock's length and the local time it ends, from the answer's Retry-After. */
export function lockMessage(retryAfterSeconds: number, now: Date, locale?: string): string {
  const until = new Date(now.getTime() + retryAfterSeconds * 1000);
  const clock = until.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  return `Too many failed sign-ins from this address. Signing in is locked for ${durationText(retryAfterSeconds)}, until ${clock}.`;
}
