import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CheckinCounters, CHECKIN_RESULTS_MAX } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { accounts, bidders, checkins, paymentMethods, staff, storeOrders } from '../../../db/schema';
import { processorCodeOf } from '../../../payments/processor';
import type { Tenant } from '../../../tenancy';
import { type ConsoleBidderRow, findBidder, listBidders, selectBidders } from '../bidders/queries';

/** What the desk shows beside a bidder: their check-in (when, by whom) and their card of the event's processor. */
export interface DeskFacts {
  checkedin: { at: Date; by: string } | null;
  card: { brand: string; last4: string } | null;
}

export type CheckinRow = ConsoleBidderRow & DeskFacts;

/** The check-in and card of each of these bidders (registration ids), read in two small queries. */
async function factsOf(db: Db | Tx, tenant: Tenant, rows: ConsoleBidderRow[]): Promise<CheckinRow[]> {
  const ids = rows.map((r) => r.bidderId);
  if (ids.length === 0) return [];
  const code = processorCodeOf(tenant.event.paymentprocessorcode);
  const [checks, cards] = await Promise.all([
    db
      .select({ bidderId: checkins.bidderId, at: checkins.at, name: staff.name, email: staff.email })
      .from(checkins)
      .leftJoin(staff, eq(checkins.staffId, staff.id))
      .where(inArray(checkins.bidderId, ids)),
    db
      .select({ bidderId: paymentMethods.bidderId, brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(paymentMethods)
      // A card of another processor than the event's does not count (payments/cards.ts cardOnFile).
      .where(and(inArray(paymentMethods.bidderId, ids), eq(paymentMethods.processorcode, code))),
  ]);
  const checkOf = new Map(checks.map((c) => [c.bidderId, c]));
  const cardOf = new Map(cards.map((c) => [c.bidderId, c]));
  return rows.map((row) => {
    const check = checkOf.get(row.bidderId);
    const card = cardOf.get(row.bidderId);
    return {
      ...row,
      // A staff member removed since keeps no name here: their check-ins stay, by "a former staff member".
      checkedin: check ? { at: check.at, by: check.name || check.email || 'a former staff member' } : null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
    };
  });
}

/** One bidder of the event with their check-in and card, by account id (the paths' `bidderid`). */
export async function findCheckinRow(
  db: Db | Tx,
  tenant: Tenant,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<CheckinRow | undefined> {
  const row = await findBidder(db, tenant, accountId, options);
  if (!row) return undefined;
  const [withFacts] = await factsOf(db, tenant, [row]);
  return withFacts;
}

/** The bidders part 1's search finds for `text` (bidders/queries.ts), one more than the desk lists. */
export async function searchRows(db: Db, tenant: Tenant, text: string): Promise<CheckinRow[]> {
  return factsOf(db, tenant, await listBidders(db, tenant, text).limit(CHECKIN_RESULTS_MAX + 1));
}

/** The bidder who holds a number now (a scanned check-in code). */
export async function numberRows(db: Db, tenant: Tenant, number: number): Promise<CheckinRow[]> {
  return factsOf(db, tenant, await selectBidders(db, tenant, eq(bidders.bidderdisplaynumber, number)));
}

/** The latest check-ins, newest first: what the desk shows before anything is typed (and what an undo needs). */
export async function recentRows(db: Db, tenant: Tenant): Promise<CheckinRow[]> {
  const latest = await db
    .select({ accountId: bidders.accountId })
    .from(checkins)
    .innerJoin(bidders, eq(checkins.bidderId, bidders.id))
    .where(eq(checkins.eventId, tenant.event.id))
    .orderBy(desc(checkins.at), desc(checkins.bidderId))
    .limit(CHECKIN_RESULTS_MAX + 1);
  const ids = latest.map((l) => l.accountId);
  if (ids.length === 0) return [];
  const rows = await selectBidders(db, tenant, inArray(bidders.accountId, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.accountId) ?? 0) - (order.get(b.accountId) ?? 0));
  return factsOf(db, tenant, rows);
}

/** A store order of the event (a receipt's `S-12`): who bought it, by the email they gave. */
export async function storeOrderEmail(db: Db, tenant: Tenant, orderId: number): Promise<string | undefined> {
  const [order] = await db
    .select({ email: storeOrders.email })
    .from(storeOrders)
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.eventId, tenant.event.id)))
    .limit(1);
  return order?.email;
}

/** The event's bidder whose account has this email (capitals aside), if any. */
export async function emailRows(db: Db, tenant: Tenant, email: string): Promise<CheckinRow[]> {
  const rows = await selectBidders(db, tenant, sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`);
  return factsOf(db, tenant, rows);
}

/** The desk's counters: bidders registered, checked in, with a card of the event's processor, and without. */
export async function countersOf(db: Db, tenant: Tenant): Promise<CheckinCounters> {
  const code = processorCodeOf(tenant.event.paymentprocessorcode);
  const [row] = await db
    .select({
      registered: sql<number>`count(*)::int`,
      checkedin: sql<number>`count(${checkins.bidderId})::int`,
      withcard: sql<number>`count(${paymentMethods.bidderId})::int`,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(checkins, eq(checkins.bidderId, bidders.id))
    .leftJoin(paymentMethods, and(eq(paymentMethods.bidderId, bidders.id), eq(paymentMethods.processorcode, code)))
    .where(and(eq(bidders.eventId, tenant.event.id), eq(accounts.organizationId, tenant.organization.id)));
  const registered = Number(row?.registered ?? 0);
  const withcard = Number(row?.withcard ?? 0);
  return { registered, checkedin: Number(row?.checkedin ?? 0), withcard, withoutcard: registered - withcard };
}
