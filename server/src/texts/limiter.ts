import { type Counters, LocalCounters } from '../lib/counters';

/** The limiter's sense of time, injectable so the rate is tested without waiting. */
export interface Pace {
  /** Milliseconds since the epoch (every server's slots are numbered from the same moment). */
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realPace: Pace = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** How long a slot's count is kept: well past the slot, for a server whose clock is a little behind. */
const SLOT_KEPT_MS = 10_000;
/** How far ahead of the clock (beyond a second's slots) this process's next slot may be before the clock is taken to have been set back. */
const REANCHOR_SLOTS = 2;

/**
 * At most `perSecond` takes in any second, spaced 1/perSecond apart, so there is never a burst (a
 * quiet minute does not save up a minute's worth). Time is cut into slots of 1/perSecond; a take
 * claims the next free slot in the server's counters (lib/counters.ts) and goes at its start. With
 * REDIS_URL the counters are Redis's, so the servers together keep to the rate: the provider's
 * limit is its number's, not a process's. Without Redis (or while it is away) each process counts
 * its own slots, as before, and the rate holds per process.
 */
export class RateLimiter {
  private nextSlot = Number.NEGATIVE_INFINITY;
  private readonly gapMs: number;

  constructor(
    perSecond: number,
    private readonly pace: Pace = realPace,
    private readonly counters: Counters = new LocalCounters(),
  ) {
    this.gapMs = 1000 / perSecond;
  }

  /** Resolves at the start of a slot no other take has (here or, with Redis, on another server). */
  async take(): Promise<void> {
    for (;;) {
      const now = this.pace.now();
      // The first slot starting now or later (the small allowance keeps a slot's own start in it).
      const first = Math.ceil(now / this.gapMs - 1e-9);
      // Slots far ahead of the clock: it was set back (the counts keep two takes apart anyway).
      if (this.nextSlot - first > REANCHOR_SLOTS + 1000 / this.gapMs) this.nextSlot = first;
      const slot = Math.max(first, this.nextSlot);
      this.nextSlot = slot + 1;
      const claimed = await this.counters.add(`texts:slot:${slot}`, SLOT_KEPT_MS);
      const start = slot * this.gapMs;
      const later = this.pace.now();
      if (start > later) await this.pace.wait(start - later);
      if (claimed.count === 1) return;
    }
  }
}
