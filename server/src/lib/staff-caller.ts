import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffAccess, StaffRole } from '@gavel/domain';
import { roleAllows, roleNeeded } from '@gavel/domain';
import type { AppContext } from '../context';
import { organizations, staff } from '../db/schema';
import { AppError, eventNotFound } from '../errors';
import { findTenant, type OrganizationRow, type Tenant } from '../tenancy';
import { bearerToken } from './bearer';
import type { Db } from '../db/client';
import type { StaffClaims } from './tokens';

/** The signed-in staff member of a console call. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * A console caller: the host's organization, the staff member (their role at least the call's),
 * and the event when the call names one (the path's `:eventcode`, or the query's `eventcode`).
 */
export interface StaffCaller {
  auctioncode: string;
  organization: OrganizationRow;
  staff: StaffMember;
  tenant: Tenant | null;
}

/** A console caller whose call names its event. */
export interface StaffEventCaller extends StaffCaller {
  tenant: Tenant;
}

const signInAgain = () => new AppError('unauthorized', 'Please sign in to the console.');

/** The role a `staff:<role>` access asks for. */
export const neededRole = (access: StaffAccess): StaffRole => access.slice('staff:'.length) as StaffRole;

/** The event a console call names: its path's `:eventcode`, else its query's `eventcode`. */
function namedEventcode(request: FastifyRequest): string | undefined {
  for (const source of [request.params, request.query]) {
    if (typeof source !== 'object' || source === null) continue;
    const { eventcode } = source as { eventcode?: unknown };
    if (typeof eventcode === 'string' && eventcode !== '') return eventcode;
  }
  return undefined;
}

/**
 * Resolves a console call's caller: a staff token (never a bidder's, a cart's or the admin token)
 * signed for the host's organization, whose staff member is still on the staff at the session
 * version the token carries (removal and a password reset end every session), with a role at least
 * the call's. Refusals: 401 to sign in again, 403 with the role needed.
 */
export async function resolveStaffCaller(
  ctx: AppContext,
  request: FastifyRequest,
  auctioncode: string,
  access: StaffAccess,
): Promise<StaffCaller> {
  const token = bearerToken(request);
  if (!token) throw signInAgain();
  const check = await ctx.tokens.verifyStaff(token, ctx.clock());
  if (!check.ok) {
    if (check.reason === 'expired')
      throw new AppError('expired', 'Your console session has ended. Please sign in again.');
    throw signInAgain();
  }
  const claims = check.claims;
  if (claims.auctioncode !== auctioncode) throw signInAgain();
  const [row] = await ctx.db
    .select({ staff, organization: organizations })
    .from(staff)
    .innerJoin(organizations, eq(staff.organizationId, organizations.id))
    .where(and(eq(staff.id, claims.staffid), eq(organizations.auctioncode, auctioncode), isNull(staff.removedAt)))
    .limit(1);
  if (!row || row.staff.sessionVersion !== claims.ver)
    throw new AppError('expired', 'Your console session has ended. Please sign in again.');
  const needed = neededRole(access);
  if (!roleAllows(row.staff.role, needed)) throw new AppError('forbidden', roleNeeded(needed));
  const eventcode = namedEventcode(request);
  // Read uncached: a console shows what it just saved.
  const tenant = eventcode ? await findTenant(ctx.db, auctioncode, eventcode) : null;
  const { id, email, name, role } = row.staff;
  return { auctioncode, organization: row.organization, staff: { id, email, name, role }, tenant };
}

/** A console call whose path names its event (`:eventcode`): the caller with that event, or 404. */
export function withEvent(caller: StaffCaller): StaffEventCaller {
  const { tenant } = caller;
  if (!tenant) throw eventNotFound();
  return { ...caller, tenant };
}

/**
 * Whether a staff token may follow an event on the live hub: its member is still on the staff at
 * the token's session version, and the event is one of the organization's (the hub's check; the
 * messages it then hears only say which desk to fetch again).
 */
export async function staffMayFollow(db: Db, claims: StaffClaims, eventcode: string): Promise<boolean> {
  const [row] = await db
    .select({ version: staff.sessionVersion })
    .from(staff)
    .innerJoin(organizations, eq(staff.organizationId, organizations.id))
    .where(
      and(eq(staff.id, claims.staffid), eq(organizations.auctioncode, claims.auctioncode), isNull(staff.removedAt)),
    )
    .limit(1);
  if (!row || row.version !== claims.ver) return false;
  return findTenant(db, claims.auctioncode, eventcode).then(
    () => true,
    () => false,
  );
}
