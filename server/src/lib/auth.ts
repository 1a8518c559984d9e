import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { auctionCodeFromHost, findTenantCached, requestAuctionCode, type Tenant } from '../tenancy';
import type { LoginClaims, TokenCheck } from './tokens';

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const checked = new WeakMap<FastifyRequest, Promise<TokenCheck | undefined>>();

/** The request's token, verified once however many times it is asked for (rate limit, auth). */
export function checkToken(ctx: AppContext, request: FastifyRequest): Promise<TokenCheck | undefined> {
  let check = checked.get(request);
  if (!check) {
    const token = bearerToken(request);
    check = token ? ctx.tokens.verify(token, ctx.clock()) : Promise.resolve(undefined);
    checked.set(request, check);
  }
  return check;
}

/**
 * The signed-in caller. A token from another organization than the host's is refused, so one
 * organization's tokens never open another's data. Guests are refused unless allowed.
 */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  opts: { allowGuest?: boolean } = {},
): Promise<LoginClaims> {
  const check = await checkToken(ctx, request);
  if (!check) throw new AppError('unauthorized', 'Please log in to continue.');
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError('expired', 'Token has expired');
    throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  }
  const claims = check.claims;
  if (claims.auctioncode !== auctionCodeFromHost(request.headers.host, ctx.config.defaultAuctionCode))
    throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  if (claims.isguest && !opts.allowGuest) throw new AppError('forbidden', 'Please log in to continue.');
  return claims;
}

export interface EventSession {
  claims: LoginClaims;
  tenant: Tenant;
  /** The caller's bidder record in this event; null for guests. */
  bidderId: number | null;
}

/**
 * The signed-in caller within the event the request names. A token for another event of the same
 * organization does not open this one.
 */
export async function eventSession(
  ctx: AppContext,
  request: FastifyRequest,
  body: { eventcode: string; auctioncode?: string | undefined },
  opts: { allowGuest?: boolean } = {},
): Promise<EventSession> {
  const claims = await requireUser(ctx, request, opts);
  const tenant = await findTenantCached(ctx.db, requestAuctionCode(request, ctx.config.defaultAuctionCode, body.auctioncode), body.eventcode);
  if (claims.eventcode !== tenant.event.eventcode) throw new AppError('unauthorized', 'Your session is for another event. Please log in again.');
  return { claims, tenant, bidderId: claims.isguest ? null : claims.bidderid };
}
