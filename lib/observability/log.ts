// One JSON object per line on stdout: what log collectors read without a parser of their own.
// Callers pass named fields; nothing here knows about tokens or secrets, so callers never pass them.

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export function log(level: "info" | "warn" | "error", msg: string, fields: LogFields = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}
