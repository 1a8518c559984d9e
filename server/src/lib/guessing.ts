import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '@gavel/domain';
import { TooManyTries } from '../errors';
import { type Counters, type CounterWindow, LocalCounters } from './counters';

/** How many tries a window allows. */
export interface Budget {
  /** Names the budget's counters; no two budgets share one. */
  name: string;
  max: number;
  windowMs: number;
  /** The refusal, in words a person at a gala understands. */
  message: string;
  /**
   * Past `max`, slow down instead of refusing: each try over the budget waits `stepMs` longer than
   * the one before, up to `maxMs`. For budgets of a whole address, which a venue's phones share:
   * one device there must never shut everyone else out.
   */
  slow?: { stepMs: number; maxMs: number };
}

const FIFTEEN_MINUTES = 15 * 60_000;
const SLOW_DOWN = { stepMs: 100, maxMs: 5_000 };

/**
 * The guessing budgets. Per email they refuse, tightly: ten wrong passwords, five emailed links;
 * only that email's own budget can stop its correct password or a valid link. Per address they
 * never refuse: past a whole venue's share (1,000 phones joining in five minutes, a tenth of them
 * mistyping a password once or twice) they slow the address down, more with each failure.
 */
export const GUESSING = {
  loginFailuresPerEmail: {
    name: 'login-email',
    max: 10,
    windowMs: FIFTEEN_MINUTES,
    message:
      'Too many wrong passwords for this email. Please wait 15 minutes, or use Forgot Password to get a sign-in link.',
  },
  loginFailuresPerAddress: {
    name: 'login-address',
    max: 300,
    windowMs: FIFTEEN_MINUTES,
    message: 'Too many failed sign-ins from this network.',
    slow: SLOW_DOWN,
  },
  linkRequestsPerEmail: {
    name: 'links-email',
    max: 5,
    windowMs: FIFTEEN_MINUTES,
    message:
      'We have already sent several links to this email. Please check your inbox and spam folder, or try again in 15 minutes.',
  },
  linkRequestsPerAddress: {
    name: 'links-address',
    max: 500,
    windowMs: FIFTEEN_MINUTES,
    message: 'Too many link requests from this network.',
    slow: SLOW_DOWN,
  },
  linkFailuresPerAddress: {
    name: 'bad-links-address',
    max: 100,
    windowMs: FIFTEEN_MINUTES,
    message: 'Too many invalid links from this network.',
    slow: SLOW_DOWN,
  },
  joinPerEmail: {
    name: 'join-email',
    max: 30,
    windowMs: FIFTEEN_MINUTES,
    message: 'Too many attempts for this email. Please wait 15 minutes and try again.',
  },
  joinPerAddress: {
    name: 'join-address',
    max: 4000,
    windowMs: FIFTEEN_MINUTES,
    message: 'Too many sign-ups from this network.',
    slow: SLOW_DOWN,
  },
  /** "Someone tried to create an account with your email" mails: one an hour per account is enough. */
  attemptNoticePerEmail: { name: 'attempt-notice-email', max: 1, windowMs: 60 * 60_000, message: '' },
} satisfies Record<string, Budget>;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fixed-window counters for the guessing budgets, in the process's counters (lib/counters.ts: this
 * process's own, or Redis's, shared by every server). A budget refuses once a key has used it up
 * (per email), or slows the key down (per address, `Budget.slow`). Sign-in and links followed count
 * only failures, so a bidder who gets it right never spends anything and is never slowed.
 */
export class Guessing {
  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = pause,
    private readonly counters: Counters = new LocalCounters(now),
  ) {}

  /** Whether the budgets are counted for every server (in Redis) now, not this process alone. */
  get shared(): boolean {
    return this.counters.shared;
  }

  /** Refuses with 429 and the budget's message when `key` has no tries left; a slowing budget never refuses. */
  async assert(budget: Budget, key: string): Promise<void> {
    if (budget.slow) return;
    const w = await this.live(budget, key);
    if (w && w.count >= budget.max) throw new TooManyTries(budget.message, Math.ceil((w.resetAt - this.now()) / 1000));
  }

  /** Spends one try of `key`; answers the tries spent in the window so far. */
  async count(budget: Budget, key: string): Promise<number> {
    return (await this.counters.add(counterKey(budget, key), budget.windowMs)).count;
  }

  /** How long a try of `key` waits now: nothing within the budget, then one step more per try over it. */
  async delayOf(budget: Budget, key: string): Promise<number> {
    if (!budget.slow) return 0;
    return delayFor(budget, (await this.live(budget, key))?.count ?? 0);
  }

  /** Spends a try when one is left and answers true; answers false when none is. */
  async allow(budget: Budget, key: string): Promise<boolean> {
    const w = await this.live(budget, key);
    if (w && w.count >= budget.max) return false;
    // Counted and checked in one step: two servers asking at once cannot both have the last try.
    return (await this.count(budget, key)) <= budget.max;
  }

  /** Refuses when out of tries, else spends one: for calls where every try counts (links sent, joins). */
  take(budget: Budget, key: string): Promise<void> {
    return this.takeAll([[budget, key]]);
  }

  /**
   * take for several budgets at once: refused by any, nothing is spent; else one try of each,
   * then the wait of whichever slowing budget is furthest over.
   */
  async takeAll(tries: ReadonlyArray<readonly [Budget, string]>): Promise<void> {
    for (const [budget, key] of tries) await this.assert(budget, key);
    await this.spend(tries);
  }

  /**
   * For calls where only failures count (a wrong password, an unknown link): refuses when a
   * refusing budget is used up, else runs `work`; if it throws what `failed` calls a failure, one
   * try of each budget is spent and the failure's answer waits as the slowing budgets say.
   */
  async failures<T>(
    tries: ReadonlyArray<readonly [Budget, string]>,
    failed: (err: unknown) => boolean,
    work: () => Promise<T>,
  ): Promise<T> {
    for (const [budget, key] of tries) await this.assert(budget, key);
    try {
      return await work();
    } catch (err) {
      if (failed(err)) await this.spend(tries);
      throw err;
    }
  }

  /** One try of each budget, then the wait of whichever slowing budget is furthest over. */
  private async spend(tries: ReadonlyArray<readonly [Budget, string]>): Promise<void> {
    const counts = await Promise.all(tries.map(([budget, key]) => this.count(budget, key)));
    const ms = Math.max(0, ...tries.map(([budget], i) => delayFor(budget, counts[i] ?? 0)));
    if (ms > 0) await this.sleep(ms);
  }

  private live(budget: Budget, key: string): Promise<CounterWindow | undefined> {
    return this.counters.read(counterKey(budget, key));
  }
}

const counterKey = (budget: Budget, key: string) => `guess:${budget.name}|${key}`;

/** A slowing budget's wait for a key that has spent `count` tries: one step per try over the budget. */
function delayFor(budget: Budget, count: number): number {
  if (!budget.slow) return 0;
  const over = count - budget.max;
  return over <= 0 ? 0 : Math.min(budget.slow.maxMs, budget.slow.stepMs * over);
}

/** The email a guessing budget counts, written one way. */
export const emailKey = (email: string) => `email:${normalizeEmail(email)}`;
export const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;
