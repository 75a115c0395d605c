// A PostgreSQL snapshot as text (`xmin:xmax:xip,…`, what pg_current_snapshot() prints) and the
// transaction ids of committed changes: did the answer read in that snapshot already see the change?
// Shared by the server's list cache and the lobby's patching of its cached pages.

/** Sent with a player's room change; sent back as `X-Lobby-After`, it makes list reads include the change. */
export const LOBBY_WRITE_HEADER = "x-lobby-write";
export const LOBBY_AFTER_HEADER = "x-lobby-after";

const DIGITS = /^\d{1,20}$/;

interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  inProgress: Set<string>;
}

function parse(snapshot: string): Snapshot | undefined {
  const [xmin, xmax, xip = ""] = snapshot.split(":");
  if (!xmin || !xmax || !DIGITS.test(xmin) || !DIGITS.test(xmax)) return undefined;
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), inProgress: new Set(xip ? xip.split(",") : []) };
}

export const isXid = (text: string | null | undefined): text is string => !!text && DIGITS.test(text);

/**
 * True when the committed transaction `xid` is visible in `snapshot`: it ended before the snapshot
 * was taken. An unreadable snapshot holds nothing, so the caller treats the change as new.
 */
export function snapshotHolds(snapshot: string | undefined, xid: string): boolean {
  const s = snapshot === undefined ? undefined : parse(snapshot);
  if (!s || !isXid(xid)) return false;
  const x = BigInt(xid);
  if (x < s.xmin) return true;
  if (x >= s.xmax) return false;
  return !s.inProgress.has(xid);
}
