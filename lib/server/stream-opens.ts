import "server-only";
// After a restart or a deploy every lobby reconnects at once. Opening a stream costs an authentication
// and a subscription; thousands at once would starve the wallet. Opens are admitted at a steady rate
// (a token bucket, `perSecond` a second, `perSecond` at once after a quiet spell). Every open
// refused, for want of a token or because the server runs behind, is given a slot of its own to come
// back in (Retry-After), from one schedule, so that the crowd returns no faster than the bucket
// refills: after a restart with N lobbies, every stream is open within about N / perSecond seconds,
// plus the second of spread each lobby adds (lib/client/backoff.ts).

import { refilled } from "./token-bucket";

export interface OpenRate {
  perSecond: number;
  /** The farthest a refused open is sent into the future; beyond, they are all sent here. */
  longestWaitSeconds: number;
}

export type OpenDecision = { admit: true } | { admit: false; retryAfterSeconds: number };

export class StreamOpens {
  private tokens: number;
  private refilledAt: number;
  /** The latest moment a refused open was sent to: the next one refused is sent a slot after it. */
  private lastSlotAt = 0;

  constructor(
    private readonly rate: OpenRate,
    now: number,
  ) {
    this.tokens = rate.perSecond;
    this.refilledAt = now;
  }

  take(now: number): OpenDecision {
    const { perSecond } = this.rate;
    this.tokens = refilled(this.tokens, this.refilledAt, now, { perSecond, burst: perSecond });
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { admit: true };
    }
    return this.later(now);
  }

  /** A refusal with the next free slot: for an open refused here, or for one refused for another reason. */
  later(now: number): { admit: false; retryAfterSeconds: number } {
    const { perSecond, longestWaitSeconds } = this.rate;
    // Slots a 1/perSecond apart, never in the past, never beyond the longest wait.
    const slot = Math.min(Math.max(this.lastSlotAt, now) + 1000 / perSecond, now + longestWaitSeconds * 1000);
    this.lastSlotAt = slot;
    return { admit: false, retryAfterSeconds: Math.max(1, Math.ceil((slot - now) / 1000)) };
  }
}
