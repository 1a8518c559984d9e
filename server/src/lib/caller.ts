import type { FastifyRequest } from 'fastify';
import type { Access, ContractKey } from '@gavel/domain';
import type { AppContext } from '../context';
import { AppError, eventNotFound } from '../errors';
import { findTenantCached, type Tenant } from '../tenancy';
import type { CartClaims, LoginClaims, TokenCheck } from './tokens';
import { and, eq, inArray } from 'drizzle-orm';
import { storeOrders } from '../db/schema';
import { chargeAllWords, registrationMessages, storeMessages } from '@gavel/domain';
import { bearerToken } from './bearer';
import { resolveStaffCaller, type StaffCaller } from './staff-caller';
import { payScopeAllows } from './pay-scope';

/**
 * Who is calling, worked out once per request by the route's preHandler (see lib/route.ts) and
 * in one way: the organization is the first label of `request.host` (which honours
 * X-Forwarded-Host only with TRUST_PROXY); the event is the body's eventcode, or the token's when
 * the call has no body; a token is valid only in its own organization and event.
 */
export interface PublicCaller {
  auctioncode: string;
}
export interface EventCaller extends PublicCaller {
  tenant: Tenant;
}
export interface SignedInCaller extends EventCaller {
  claims: LoginClaims;
  /** The caller's bidder record in this event; null for a guest. */
  bidderId: number | null;
}
export interface BidderCaller extends SignedInCaller {
  bidderId: number;
}
export interface AccountCaller extends EventCaller {
  claims: LoginClaims;
}
export interface AdminCaller extends PublicCaller {
  /** The event the body names, if it names one. */
  tenant: Tenant | null;
}

/** A store visitor: the event, and the cart of the cart token when one was sent (`store`) or required (`cart`). */
export interface StoreCaller extends EventCaller {
  cart: CartClaims | null;
}
export interface CartCaller extends EventCaller {
  cart: CartClaims;
}

/**
 * Whose guests a registration call may see and change: a purchase (store order), and for a
 * guest's link that guest's seat alone.
 */
export interface RegistrationCaller extends EventCaller {
  orderId: number;
  seatId: number | null;
  /** A guest's link: the person it was opened for. */
  personId: number | null;
}

export interface CallerByAccess {
  public: PublicCaller;
  event: EventCaller;
  guest: SignedInCaller;
  bidder: BidderCaller;
  account: AccountCaller;
  admin: AdminCaller;
  store: StoreCaller;
  cart: CartCaller;
  registration: RegistrationCaller;
  'staff:owner': StaffCaller;
  'staff:staff': StaffCaller;
  'staff:volunteer': StaffCaller;
}
export type CallerOf<A extends Access> = CallerByAccess[A];

export { bearerToken };

const checked = new WeakMap<FastifyRequest, Promise<TokenCheck | undefined>>();

/** The request's token, verified once however many times it is asked for (rate limit, caller). */
export function checkToken(ctx: AppContext, request: FastifyRequest): Promise<TokenCheck | undefined> {
  let check = checked.get(request);
  if (!check) {
    const token = bearerToken(request);
    check = token ? ctx.tokens.verify(token, ctx.clock()) : Promise.resolve(undefined);
    checked.set(request, check);
  }
  return check;
}

const sessionInvalid = () => new AppError('unauthorized', 'Your session is not valid. Please log in again.');

/**
 * The host's organization, the one rule every call follows (lib/site.ts). A host the server does
 * not answer for never gets this far (app.ts refuses it first).
 */
export function hostAuctionCode(ctx: AppContext, request: FastifyRequest): string {
  const code = ctx.site.auctionCodeOf(request.host);
  if (code === undefined) throw new AppError('misdirected', 'This server does not answer for that address.');
  return code;
}

/**
 * Where emailed links and QR codes of the request's organization point: from configuration only
 * (lib/site.ts), never from the Host header the request carried.
 */
export function origin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.site.originOf(hostAuctionCode(ctx, request));
}

/** The tenancy pair a body carries, when it carries one. */
function bodyCodes(request: FastifyRequest): { eventcode?: string; auctioncode?: string } {
  // A GET names its event in the query string (the organizer's reports).
  const body = request.body ?? (request.method === 'GET' ? request.query : undefined);
  if (typeof body !== 'object' || body === null) return {};
  const { eventcode, auctioncode } = body as { eventcode?: unknown; auctioncode?: unknown };
  return {
    eventcode: typeof eventcode === 'string' ? eventcode : undefined,
    auctioncode: typeof auctioncode === 'string' ? auctioncode : undefined,
  };
}

/** The event a request names within the host's organization. A body naming another organization finds nothing. */
async function eventOf(
  ctx: AppContext,
  auctioncode: string,
  request: FastifyRequest,
  fallbackEventcode?: string,
): Promise<Tenant> {
  const codes = bodyCodes(request);
  if (codes.auctioncode && codes.auctioncode.toLowerCase() !== auctioncode) throw eventNotFound();
  const eventcode = codes.eventcode ?? fallbackEventcode;
  if (!eventcode) throw eventNotFound();
  return findTenantCached(ctx.db, auctioncode, eventcode);
}

/**
 * The signed-in caller's claims, refused when absent, expired, revoked (answered as expired), forged
 * or of another organization, and a pay link's session on any call but paying's (`key`, pay-scope.ts).
 */
async function signedIn(
  ctx: AppContext,
  request: FastifyRequest,
  { auctioncode, allowGuest, key }: { auctioncode: string; allowGuest: boolean; key: ContractKey | undefined },
): Promise<LoginClaims> {
  const check = await checkToken(ctx, request);
  if (!check) throw new AppError('unauthorized', 'Please log in to continue.');
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError('expired', 'Token has expired');
    throw sessionInvalid();
  }
  if (check.claims.auctioncode !== auctioncode) throw sessionInvalid();
  if (check.claims.isguest && !allowGuest) throw new AppError('forbidden', 'Please log in to continue.');
  if (check.claims.scope === 'pay' && !payScopeAllows(key)) throw new AppError('forbidden', chargeAllWords.payOnly);
  return check.claims;
}

/** The cart token's claims: expired (the hold has ended) or refused when forged, of another kind, or of another event. */
async function cartOf(ctx: AppContext, request: FastifyRequest, auctioncode: string): Promise<CartClaims | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const check = await ctx.tokens.verifyCart(token, ctx.clock());
  if (!check.ok && check.reason === 'expired') throw new AppError('expired', storeMessages.cartExpired);
  if (!check.ok || check.claims.auctioncode !== auctioncode)
    throw new AppError('unauthorized', 'This cart is not valid. Please reload the page.');
  return check.claims;
}

/**
 * A registration token (from an emailed link) or the cart token of a checked-out cart, whose
 * purchase it then opens. A cart that has not been checked out opens nothing.
 */
async function registrationOf(
  ctx: AppContext,
  request: FastifyRequest,
  auctioncode: string,
): Promise<RegistrationCaller> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized', registrationMessages.linkInvalid);
  const now = ctx.clock();
  const check = await ctx.tokens.verifyRegistration(token, now);
  if (check.ok) {
    if (check.claims.auctioncode !== auctioncode) throw new AppError('unauthorized', registrationMessages.linkInvalid);
    const tenant = await eventOf(ctx, auctioncode, request, check.claims.eventcode);
    if (tenant.event.eventcode !== check.claims.eventcode)
      throw new AppError('unauthorized', registrationMessages.linkInvalid);
    return {
      auctioncode,
      tenant,
      orderId: check.claims.orderid,
      seatId: check.claims.seatid,
      personId: check.claims.personid,
    };
  }
  if (check.reason === 'expired')
    throw new AppError('expired', 'This page has been open a long time. Please open your registration link again.');
  const cart = await cartOf(ctx, request, auctioncode);
  if (!cart) throw new AppError('unauthorized', registrationMessages.linkInvalid);
  const tenant = await eventOf(ctx, auctioncode, request, cart.eventcode);
  const [order] = await ctx.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.cartId, cart.cartid),
        eq(storeOrders.eventId, tenant.event.id),
        inArray(storeOrders.state, ['paid', 'unpaid']),
      ),
    )
    .limit(1);
  if (!order) throw new AppError('forbidden', 'Guest registration opens once your purchase is complete.');
  return { auctioncode, tenant, orderId: order.id, seatId: null, personId: null };
}

/** Resolves the caller a route's access asks for, or refuses the request. `key` is the call's (the contract map's). */
export async function resolveCaller<A extends Access>(
  ctx: AppContext,
  request: FastifyRequest,
  access: A,
  key?: ContractKey,
): Promise<CallerOf<A>> {
  const auctioncode = hostAuctionCode(ctx, request);
  const resolved = await resolve(ctx, request, { access, auctioncode, key });
  return resolved as CallerOf<A>;
}

async function resolve(
  ctx: AppContext,
  request: FastifyRequest,
  { access, auctioncode, key }: { access: Access; auctioncode: string; key: ContractKey | undefined },
): Promise<CallerByAccess[Access]> {
  switch (access) {
    case 'public':
      return { auctioncode };
    case 'admin':
      // The admin token itself was checked on request, before the body was read (lib/route.ts).
      return { auctioncode, tenant: bodyCodes(request).eventcode ? await eventOf(ctx, auctioncode, request) : null };
    case 'event':
      return { auctioncode, tenant: await eventOf(ctx, auctioncode, request) };
    case 'account': {
      const claims = await signedIn(ctx, request, { auctioncode, allowGuest: false, key });
      return { auctioncode, tenant: await eventOf(ctx, auctioncode, request, claims.eventcode), claims };
    }
    case 'store':
    case 'cart': {
      const cart = await cartOf(ctx, request, auctioncode);
      if (!cart && access === 'cart') throw new AppError('unauthorized', 'Please open the store to start a cart.');
      const tenant = await eventOf(ctx, auctioncode, request, cart?.eventcode);
      if (cart && cart.eventcode !== tenant.event.eventcode)
        throw new AppError('unauthorized', 'This cart is not valid. Please reload the page.');
      return { auctioncode, tenant, cart };
    }
    case 'registration':
      return registrationOf(ctx, request, auctioncode);
    case 'staff:owner':
    case 'staff:staff':
    case 'staff:volunteer':
      return resolveStaffCaller(ctx, request, auctioncode, access);
    case 'guest':
    case 'bidder': {
      const claims = await signedIn(ctx, request, { auctioncode, allowGuest: access === 'guest', key });
      const tenant = await eventOf(ctx, auctioncode, request, claims.eventcode);
      if (claims.eventcode !== tenant.event.eventcode)
        throw new AppError('unauthorized', 'Your session is for another event. Please log in again.');
      return { auctioncode, tenant, claims, bidderId: claims.isguest ? null : claims.bidderid };
    }
  }
}
