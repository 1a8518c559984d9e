import type { FastifyRequest } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { AppError, TooManyTries } from '../errors';
import { bearerToken, checkToken } from './caller';

/**
 * Rate limits that fit a venue, where hundreds of phones share the venue's one public address.
 *
 * - The web app, its assets, /media and /api/health are never limited: a phone that cannot load
 *   the app cannot do anything, and they cost almost nothing to serve.
 * - A call with a valid token (bidder, guest, store cart, registration link) is counted per token.
 * - A call without one is counted per address, with a budget for a whole venue
 *   (RATE_LIMIT_ANONYMOUS_PER_MINUTE).
 * - Guessing (passwords, emailed links, which emails have accounts) is counted per email and per
 *   address by `Guessing` below, tightly, whatever the budgets above allow.
 */
const UNLIMITED = 'unlimited';
const ANONYMOUS = 'ip:';

/** Only the API is limited, and not its health check (uptime monitors, load balancers). */
function isLimited(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/health';
}

/** Who a request counts against: its verified token's holder, else its address. */
async function limitKey(ctx: AppContext, request: FastifyRequest): Promise<string> {
  if (!isLimited(request)) return UNLIMITED;
  const check = await checkToken(ctx, request);
  // Only a verified token counts as its own caller; made-up tokens count against the address.
  if (check?.ok) return `user:${check.claims.sub}`;
  if (!check) return `${ANONYMOUS}${request.ip}`;
  const token = bearerToken(request) ?? '';
  const cart = await ctx.tokens.verifyCart(token, ctx.clock());
  if (cart.ok) return `cart:${cart.claims.cartid}`;
  const registration = await ctx.tokens.verifyRegistration(token, ctx.clock());
  return registration.ok ? `registration:${registration.claims.orderid}` : `${ANONYMOUS}${request.ip}`;
}

export const RATE_LIMITED = 'Too many requests. Please wait a moment and try again.';

/** The options of @fastify/rate-limit for the whole server (app.ts registers it once). */
export function rateLimits(ctx: AppContext): RateLimitPluginOptions {
  return {
    global: true,
    timeWindow: '1 minute',
    keyGenerator: (request) => limitKey(ctx, request),
    allowList: (_request, key) => key === UNLIMITED,
    max: (_request, key) => (key.startsWith(ANONYMOUS) ? ctx.config.rateLimitAnonymousPerMinute : ctx.config.rateLimitPerMinute),
    errorResponseBuilder: () => new AppError('rate_limited', RATE_LIMITED),
  };
}

/** How many tries a window allows. */
export interface Budget {
  max: number;
  windowMs: number;
  /** The refusal, in words a person at a gala understands. */
  message: string;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The guessing budgets. Per email they are tight: ten wrong passwords, five emailed links. Per
 * address they let a whole venue in (1,000 phones joining in five minutes, a tenth of them
 * mistyping a password once or twice) but stop one address trying many accounts.
 */
export const GUESSING = {
  loginFailuresPerEmail: { max: 10, windowMs: FIFTEEN_MINUTES, message: 'Too many wrong passwords for this email. Please wait 15 minutes, or use Forgot Password to get a sign-in link.' },
  loginFailuresPerAddress: { max: 300, windowMs: FIFTEEN_MINUTES, message: 'Too many failed sign-ins from this network. Please wait 15 minutes and try again.' },
  linkRequestsPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES, message: 'We have already sent several links to this email. Please check your inbox and spam folder, or try again in 15 minutes.' },
  linkRequestsPerAddress: { max: 500, windowMs: FIFTEEN_MINUTES, message: 'Too many link requests from this network. Please wait 15 minutes and try again.' },
  linkFailuresPerAddress: { max: 100, windowMs: FIFTEEN_MINUTES, message: 'Too many invalid links from this network. Please wait 15 minutes and try again.' },
  joinPerEmail: { max: 30, windowMs: FIFTEEN_MINUTES, message: 'Too many attempts for this email. Please wait 15 minutes and try again.' },
  joinPerAddress: { max: 4000, windowMs: FIFTEEN_MINUTES, message: 'Too many sign-ups from this network. Please wait 15 minutes and try again.' },
} satisfies Record<string, Budget>;

interface Window {
  count: number;
  resetAt: number;
}

/** Past this many keys, expired windows are swept, so a flood of made-up emails cannot grow memory without end. */
const SWEEP_AT = 50_000;

/**
 * Fixed-window counters for the guessing budgets, kept in this process. `assert` refuses once a
 * key has used its budget; `count` spends one try. Login counts only failures, so a bidder who
 * signs in at once never spends anything.
 */
export class Guessing {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Refuses with 429 and the budget's message when `key` has no tries left. */
  assert(budget: Budget, key: string): void {
    const w = this.live(budget, key);
    if (w && w.count >= budget.max) throw new TooManyTries(budget.message, Math.ceil((w.resetAt - this.now()) / 1000));
  }

  /** Spends one try of `key`. */
  count(budget: Budget, key: string): void {
    const w = this.live(budget, key);
    if (w) w.count++;
    else {
      if (this.windows.size >= SWEEP_AT) this.sweep();
      this.windows.set(`${budget.message}|${key}`, { count: 1, resetAt: this.now() + budget.windowMs });
    }
  }

  /** Refuses when out of tries, else spends one: for calls where every try counts (links sent, joins). */
  take(budget: Budget, key: string): void {
    this.takeAll([[budget, key]]);
  }

  /** take for several budgets at once: refused by any, nothing is spent; else one try of each. */
  takeAll(tries: ReadonlyArray<readonly [Budget, string]>): void {
    for (const [budget, key] of tries) this.assert(budget, key);
    for (const [budget, key] of tries) this.count(budget, key);
  }

  /**
   * For calls where only failures count (a wrong password, an unknown link): refuses when any
   * budget is used up, else runs `work`; if it throws what `failed` calls a failure, one try of
   * each budget is spent.
   */
  async failures<T>(tries: ReadonlyArray<readonly [Budget, string]>, failed: (err: unknown) => boolean, work: () => Promise<T>): Promise<T> {
    for (const [budget, key] of tries) this.assert(budget, key);
    try {
      return await work();
    } catch (err) {
      if (failed(err)) for (const [budget, key] of tries) this.count(budget, key);
      throw err;
    }
  }

  private live(budget: Budget, key: string): Window | undefined {
    const w = this.windows.get(`${budget.message}|${key}`);
    return w && w.resetAt > this.now() ? w : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** The email a guessing budget counts, written one way. */
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;
