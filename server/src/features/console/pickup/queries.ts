import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { accounts, auctionItems, bidders, orders, pickupCodes, staff, wonItems } from '../../../db/schema';
import type { Tenant } from '../../../tenancy';

/** The desk order that paid a Bill Me order (orders.settled_by). */
const settler = alias(orders, 'settler');

/**
 * Paid for: its checkout's order is paid (a card on the phone, a desk order, a Bill Me order marked
 * paid), or it is a Bill Me order a paid desk order settled.
 */
const paid = sql<boolean>`coalesce(${orders.state} = 'paid' or ${settler.state} = 'paid', false)`;

/** Whose an item is: the registration, its account (the console's `bidderid`), number and name. */
const bidderColumns = {
  bidderId: bidders.id,
  accountId: accounts.id,
  biddernumber: bidders.bidderdisplaynumber,
  firstname: accounts.firstname,
  lastname: accounts.lastname,
  email: accounts.email,
};

const itemColumns = {
  historyid: wonItems.id,
  itemnum: auctionItems.itemnum,
  name: auctionItems.name,
  quantity: wonItems.quantity,
  location: auctionItems.location,
  pickupinstructions: auctionItems.pickupinstructions,
  paid,
  collectedAt: wonItems.collectedAt,
  collectedBy: sql<string>`coalesce(nullif(${staff.name}, ''), ${staff.email}, '')`,
  ...bidderColumns,
};

/** The event's won items that every condition holds for, by location, item number and bidder number. */
function selectItems(db: Db | Tx, tenant: Tenant, ...conditions: Array<SQL | undefined>) {
  return db
    .select(itemColumns)
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .innerJoin(bidders, eq(wonItems.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(orders, eq(wonItems.checkoutId, orders.id))
    .leftJoin(settler, eq(orders.settledBy, settler.id))
    .leftJoin(staff, eq(wonItems.collectedBy, staff.id))
    .where(and(eq(wonItems.eventId, tenant.event.id), ...conditions))
    .orderBy(asc(auctionItems.location), asc(auctionItems.itemnum), asc(bidders.bidderdisplaynumber), asc(wonItems.id));
}

export type PickupRow = Awaited<ReturnType<typeof selectItems>>[number];

/** One bidder's won items. */
export function bidderItems(db: Db | Tx, tenant: Tenant, bidderId: number): Promise<PickupRow[]> {
  return selectItems(db, tenant, eq(wonItems.bidderId, bidderId));
}

/** The pickup list: every won item, at one location (when given), collected or waiting (when asked). */
export function listItems(
  db: Db,
  tenant: Tenant,
  { location, collected }: { location?: string; collected: 'all' | 'yes' | 'no' },
): Promise<PickupRow[]> {
  return selectItems(
    db,
    tenant,
    location === undefined ? undefined : eq(auctionItems.location, location),
    collected === 'yes'
      ? isNotNull(wonItems.collectedAt)
      : collected === 'no'
        ? isNull(wonItems.collectedAt)
        : undefined,
  );
}

/** Every location that has won items in the event, in order. */
export async function wonLocations(db: Db, tenant: Tenant): Promise<string[]> {
  const rows = await db
    .selectDistinct({ location: auctionItems.location })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(eq(wonItems.eventId, tenant.event.id))
    .orderBy(asc(auctionItems.location));
  return rows.map((r) => r.location);
}

/** The bidder a pickup code belongs to in the event, with who they are. */
export async function bidderOfCode(db: Db | Tx, tenant: Tenant, code: string) {
  const [row] = await db
    .select(bidderColumns)
    .from(pickupCodes)
    .innerJoin(bidders, eq(pickupCodes.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(and(eq(pickupCodes.eventId, tenant.event.id), eq(pickupCodes.code, code)))
    .limit(1);
  return row;
}

export type CodeBidder = NonNullable<Awaited<ReturnType<typeof bidderOfCode>>>;

/**
 * Locks the won items a hand-over names, in id order (so two desks lock alike), and answers those
 * that are the bidder's: what they are now, with paid and collected read under the lock.
 */
export async function lockBidderItems(tx: Tx, tenant: Tenant, bidderId: number, ids: number[]): Promise<PickupRow[]> {
  await tx
    .select({ id: wonItems.id })
    .from(wonItems)
    .where(and(eq(wonItems.eventId, tenant.event.id), eq(wonItems.bidderId, bidderId), inArray(wonItems.id, ids)))
    .orderBy(asc(wonItems.id))
    .for('update');
  return selectItems(tx, tenant, eq(wonItems.bidderId, bidderId), inArray(wonItems.id, ids));
}
