import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from './db/client';
import { events, organizations } from './db/schema';
import { AppError, eventNotFound } from './errors';

export type EventRow = typeof events.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export interface Tenant {
  organization: OrganizationRow;
  event: EventRow;
}

/** Finds an event within its organization. Every event query starts here. */
export async function findTenant(db: Db, auctioncode: string, eventcode: string): Promise<Tenant> {
  const rows = await db
    .select({ organization: organizations, event: events })
    .from(events)
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(and(eq(organizations.auctioncode, auctioncode.toLowerCase()), eq(events.eventcode, eventcode.toLowerCase())))
    .limit(1);
  const row = rows[0];
  if (!row) throw eventNotFound();
  return row;
}

/**
 * The hot calls (items, bids, cart) find their event through this short-lived cache: an event
 * changes only by import, which clears the cache in its process; other processes see the change
 * within a second.
 */
const TENANT_TTL_MS = 1000;
const tenantCache = new WeakMap<object, Map<string, { tenant: Promise<Tenant>; at: number }>>();

export async function findTenantCached(db: Db, auctioncode: string, eventcode: string): Promise<Tenant> {
  let cache = tenantCache.get(db);
  if (!cache) {
    cache = new Map();
    tenantCache.set(db, cache);
  }
  const key = `${auctioncode.toLowerCase()}/${eventcode.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TENANT_TTL_MS) return hit.tenant;
  // The lookup itself is shared: when the entry expires under load, the hundreds of requests
  // arriving while it is read wait for one query instead of each sending its own.
  const tenant = findTenant(db, auctioncode, eventcode);
  const entry = { tenant, at: Date.now() };
  cache.set(key, entry);
  // A failed lookup (no such event) is not kept.
  tenant.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return tenant;
}

export function forgetTenants(db: Db): void {
  tenantCache.delete(db);
}

export function assertAdmin(request: FastifyRequest, adminToken: string): void {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match)
    throw new AppError('unauthorized', 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.');
  // Compare digests so the comparison takes the same time whatever the token's length.
  const given = createHash('sha256')
    .update(match[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(adminToken).digest();
  if (!timingSafeEqual(given, expected)) throw new AppError('forbidden', 'The admin token is not valid.');
}

/** The event an emailed link belongs to, checked against the request's organization. */
export async function findTenantById(db: Db, eventId: number, auctioncode: string): Promise<Tenant> {
  const rows = await db
    .select({ organization: organizations, event: events })
    .from(events)
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(and(eq(events.id, eventId), eq(organizations.auctioncode, auctioncode)))
    .limit(1);
  const row = rows[0];
  if (!row) throw eventNotFound();
  return row;
}

/** The event of a row found by work off any request (a job, a processor's webhook): no host to check against. */
export async function tenantOfEvent(db: Db | Tx, eventId: number): Promise<Tenant | undefined> {
  const [row] = await db
    .select({ organization: organizations, event: events })
    .from(events)
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}
