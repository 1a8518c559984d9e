import { describe, expect, it } from 'vitest';
import { LocalCounters } from '../lib/counters';
import { type Pace, RateLimiter } from './limiter';

/**
 * One clock for several limiters, as the servers of a deployment share the time of day: a wait
 * ends when the clock reaches it, and the clock moves to the next wait once everything that can
 * run without it has run.
 */
function sharedClock(start: number) {
  let now = start;
  const timers: Array<{ at: number; resolve: () => void }> = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const pace: Pace = {
    now: () => now,
    wait: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
  };
  /** The time of day set back (or forward), as an administrator or NTP may. */
  const set = (ms: number) => {
    now = ms;
  };
  /** Runs until every limiter's takes are done. */
  const run = async (work: Promise<unknown>) => {
    let done = false;
    void work.then(() => (done = true));
    while (!done) {
      await settle();
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) continue;
      now = Math.max(now, next.at);
      next.resolve();
    }
    await work;
  };
  return { pace, run, set };
}

/** `n` takes one after another, each recorded at the time it may send. */
async function takes(limiter: RateLimiter, pace: Pace, n: number, sent: number[]): Promise<void> {
  for (let i = 0; i < n; i++) {
    await limiter.take();
    sent.push(pace.now());
  }
}

const RATE = 4;
const GAP = 1000 / RATE;
// A moment that is not on a slot's edge, so the first take waits for the next one.
const START = Date.UTC(2026, 10, 26, 23, 0, 0) + 37;

describe('the texts pace', () => {
  it('two servers counting in the same place send at the rate together, one a slot, never two at once', async () => {
    const { pace, run } = sharedClock(START);
    const shared = new LocalCounters();
    const a: number[] = [];
    const b: number[] = [];
    await run(
      Promise.all([
        takes(new RateLimiter(RATE, pace, shared), pace, 10, a),
        takes(new RateLimiter(RATE, pace, shared), pace, 10, b),
      ]),
    );
    const all = [...a, ...b].sort((x, y) => x - y);
    expect(all).toHaveLength(20);
    for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(GAP);
    // Any RATE + 1 sends in a row span a second or more: never more than RATE in a second.
    for (let i = 0; i + RATE < all.length; i++) expect(all[i + RATE]! - all[i]!).toBeGreaterThanOrEqual(1000);
    // Each goes at a slot's start, the first at the first slot after the start.
    for (const t of all) expect(t % GAP).toBe(0);
    expect(all[0]).toBe(Math.ceil(START / GAP) * GAP);
  });

  it('without shared counts (no Redis, or Redis away) each server keeps the rate alone', async () => {
    const { pace, run } = sharedClock(START);
    const a: number[] = [];
    const b: number[] = [];
    await run(
      Promise.all([
        takes(new RateLimiter(RATE, pace, new LocalCounters()), pace, 8, a),
        takes(new RateLimiter(RATE, pace, new LocalCounters()), pace, 8, b),
      ]),
    );
    for (const sent of [a, b]) for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBe(GAP);
    // Per process: the two send in the same slots, twice the rate between them.
    expect(a).toEqual(b);
  });

  it('after the clock is set back an hour, the next text waits a slot, not the hour', async () => {
    const { pace, run, set } = sharedClock(START);
    const limiter = new RateLimiter(RATE, pace, new LocalCounters());
    const sent: number[] = [];
    await run(takes(limiter, pace, 3, sent));
    set(START - 3_600_000);
    const before = pace.now();
    await run(takes(limiter, pace, 2, sent));
    expect(sent[3]! - before).toBeLessThanOrEqual(GAP);
    expect(sent[4]! - sent[3]!).toBe(GAP);
  });
});
