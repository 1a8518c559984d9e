/** The limiter's sense of time, injectable so the rate is tested without waiting. */
export interface Pace {
  /** Milliseconds, only compared with each other. */
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realPace: Pace = {
  now: () => performance.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * At most `perSecond` takes in any second: takes are spaced 1/perSecond apart, so there is never a
 * burst (a quiet minute does not save up a minute's worth). One per process: the rate holds for the
 * process that sends (several processes share the provider's limit between them).
 */
export class RateLimiter {
  private next = Number.NEGATIVE_INFINITY;
  private readonly gapMs: number;

  constructor(
    perSecond: number,
    private readonly pace: Pace = realPace,
  ) {
    this.gapMs = 1000 / perSecond;
  }

  /** Resolves when the next send may go. */
  async take(): Promise<void> {
    const now = this.pace.now();
    const at = Math.max(now, this.next);
    this.next = at + this.gapMs;
    if (at > now) await this.pace.wait(at - now);
  }
}
