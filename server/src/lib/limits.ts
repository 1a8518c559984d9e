import type { FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { bearerToken, checkToken } from './caller';
import type { Counters } from './counters';
import { addressKey, type Budget } from './guessing';

/**
 * Rate limits that fit a venue, where hundreds of phones share the venue's one public address.
 *
 * - The web app, its assets, /media and /api/health are never limited: a phone that cannot load
 *   the app cannot do anything, and they cost almost nothing to serve.
 * - A call with a valid token (bidder, guest, store cart, registration link) is counted per token.
 * - A call without one is counted per address, with a budget for a whole venue
 *   (RATE_LIMIT_ANONYMOUS_PER_MINUTE).
 * - Tokens anyone can get without an account (guest, store cart, display board) are counted per token and, all
 *   together, per address too (RATE_LIMIT_GUEST_TOKENS_PER_MINUTE): minting more of them buys no
 *   more than a venue's share.
 * - Guessing (passwords, emailed links, which emails have accounts) is counted per email and per
 *   address by `Guessing` (lib/guessing.ts), tightly, whatever the budgets above allow.
 */
const UNLIMITED = 'unlimited';
const ANONYMOUS = 'ip:';

/** Only the API is limited, and not its health check (uptime monitors, load balancers). */
function isLimited(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/health';
}

const keys = new WeakMap<FastifyRequest, Promise<string>>();

/** Who a request counts against, worked out once per request (the rate limit and the address ceiling both ask). */
function limitKey(ctx: AppContext, request: FastifyRequest): Promise<string> {
  let key = keys.get(request);
  if (!key) {
    key = keyOf(ctx, request);
    keys.set(request, key);
  }
  return key;
}

/** Its verified token's holder, else its address. */
async function keyOf(ctx: AppContext, request: FastifyRequest): Promise<string> {
  if (!isLimited(request)) return UNLIMITED;
  const check = await checkToken(ctx, request);
  // Only a verified token counts as its own caller; made-up tokens count against the address.
  if (check?.ok) return `user:${check.claims.sub}`;
  if (!check) return `${ANONYMOUS}${request.ip}`;
  const token = bearerToken(request) ?? '';
  const cart = await ctx.tokens.verifyCart(token, ctx.clock());
  if (cart.ok) return `cart:${cart.claims.cartid}`;
  const board = await ctx.tokens.verifyBoard(token, ctx.clock());
  if (board.ok) return `board:${board.claims.sub}`;
  const registration = await ctx.tokens.verifyRegistration(token, ctx.clock());
  return registration.ok ? `registration:${registration.claims.orderid}` : `${ANONYMOUS}${request.ip}`;
}

export const RATE_LIMITED = 'Too many requests. Please wait a moment and try again.';

/** Keys of tokens that anyone can get without an account: a guest's (its subject is guest:…), a store cart's, a display board's. */
const isMinted = (key: string) => key.startsWith('user:guest:') || key.startsWith('cart:') || key.startsWith('board:');

/**
 * An onRequest hook (app.ts registers it after the rate limit): calls made with tokens minted
 * without an account also count, all together, against their address, so eight guest tokens get
 * no more than one address's ceiling. The ceiling is generous: a venue's phones all browse as
 * guests from one address before they join.
 */
export function guestTokenCeiling(ctx: AppContext): (request: FastifyRequest) => Promise<void> {
  const budget: Budget = {
    name: 'guest-tokens-address',
    max: ctx.config.rateLimitGuestTokensPerMinute,
    windowMs: 60_000,
    message: RATE_LIMITED,
  };
  return async (request) => {
    if (!isMinted(await limitKey(ctx, request))) return;
    await ctx.guessing.take(budget, addressKey(request));
  };
}

/**
 * The rate limit's counting, in the server's counters (lib/counters.ts): this process's own, or
 * Redis's with REDIS_URL, so a token's budget holds across every server behind the balancer.
 */
function storeOver(counters: Counters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    // The plugin makes the first with its options; a route's own is made by child().
    prefix = 'rate:';
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.add(`${this.prefix}${key}`, timeWindow).then(
        (w) => callback(null, { current: w.count, ttl: Math.max(0, w.resetAt - Date.now()) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // A route with a budget of its own (sign-up's, the board's) counts apart from the API's, as the plugin's own stores do.
    // (The plugin passes its merged options, the route under `routeInfo`, whatever its types say.)
    child(options: object): FastifyRateLimitStore {
      const route: unknown = 'routeInfo' in options ? options.routeInfo : options;
      const name =
        typeof route === 'object' && route !== null && 'url' in route
          ? `${'method' in route ? String(route.method) : ''}${String(route.url)}`
          : 'route';
      const store = new SharedStore();
      store.prefix = `rate:${name}:`;
      return store;
    }
  }
  return SharedStore;
}

/** The options of @fastify/rate-limit for the whole server (app.ts registers it once). */
export function rateLimits(ctx: AppContext, counters: Counters): RateLimitPluginOptions {
  return {
    global: true,
    store: storeOver(counters),
    timeWindow: '1 minute',
    keyGenerator: (request) => limitKey(ctx, request),
    allowList: (_request, key) => key === UNLIMITED,
    max: (_request, key) =>
      key.startsWith(ANONYMOUS) ? ctx.config.rateLimitAnonymousPerMinute : ctx.config.rateLimitPerMinute,
    errorResponseBuilder: () => new AppError('rate_limited', RATE_LIMITED),
  };
}
