// Which players' balances changed lately, as the instance's listen heard it. A stream reads its
// player once, to authenticate, before it follows their changes: if no change to that player was
// heard between that read and the moment the stream began to follow, the row it read is still the
// player's, and its hello needs no second read (lib/live/greeting.ts). Times are performance.now().

/** How long what was heard is kept, at least: far longer than any authentication takes. */
const KEEP_MS = 60_000;

export class HeardLately {
  private newer = new Map<string, number>();
  private older = new Map<string, number>();
  private newerFrom: number;
  /** Where the older map begins; before the first turn-over there is none. */
  private olderFrom = -Infinity;
  /** Since when every change was heard: the listen's start, or its latest start again after a loss. */
  private coveredFrom = Infinity;

  constructor(now: number) {
    this.newerFrom = now;
  }

  /** A change to `playerId` was heard at `at`. */
  heard(playerId: string, at: number): void {
    this.turnOver(at);
    this.newer.set(playerId, at);
  }

  /** The listen is in place from `at`: at its start, and again after it was lost (what was committed meanwhile went unheard). */
  listening(at: number): void {
    this.coveredFrom = at;
  }

  /**
   * Whether `playerId` may have changed since `since`: a change was heard at or after it, or `since`
   * is earlier than what is known (before the listen began, or before what is kept).
   */
  mayHaveChangedSince(playerId: string, since: number, now: number): boolean {
    this.turnOver(now);
    const knownFrom = Math.max(this.coveredFrom, this.olderFrom);
    if (since < knownFrom) return true;
    return (this.newer.get(playerId) ?? this.older.get(playerId) ?? -Infinity) >= since;
  }

  /** Every KEEP_MS the older map is dropped: memory stays at what a minute or two of changes names. */
  private turnOver(now: number) {
    if (now - this.newerFrom < KEEP_MS) return;
    this.older = this.newer;
    this.olderFrom = this.newerFrom;
    this.newer = new Map();
    this.newerFrom = now;
  }
}
