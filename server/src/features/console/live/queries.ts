import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, auctionItems, bidders, pledges, staff, wonItems } from '../../../db/schema';
import type { Tenant } from '../../../tenancy';

/** A bidder as the live desks name them: their registration, number, name and whether they may bid. */
export interface LiveBidder {
  bidderId: number;
  biddernumber: number;
  authorizebidder: boolean;
  firstname: string;
  lastname: string;
  email: string;
}

const bidderColumns = {
  bidderId: bidders.id,
  biddernumber: bidders.bidderdisplaynumber,
  authorizebidder: bidders.authorizebidder,
  firstname: accounts.firstname,
  lastname: accounts.lastname,
  email: accounts.email,
};

/**
 * The event's bidder who holds this paddle number (of the event's own organization); `lock` holds
 * their registration row, the balance's lock, so a sale or pledge and a payment at the desk for the
 * same bidder happen one after the other.
 */
export async function bidderByNumber(
  db: Db | Tx,
  tenant: Tenant,
  { number, lock = false }: { number: number; lock?: boolean },
): Promise<LiveBidder | undefined> {
  const query = db
    .select(bidderColumns)
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(
      and(
        eq(bidders.eventId, tenant.event.id),
        eq(accounts.organizationId, tenant.organization.id),
        eq(bidders.bidderdisplaynumber, number),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: bidders }) : await query;
  return row;
}

/** The bidder of a registration (bidders.id), its row locked: the balance's lock. */
export async function lockBidder(tx: Tx, bidderId: number): Promise<LiveBidder> {
  const [row] = await tx
    .select(bidderColumns)
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(bidders.id, bidderId))
    .for('update', { of: bidders });
  if (!row) throw new Error(`bidder ${bidderId} vanished`);
  return row;
}

const enteredBy = sql<string>`coalesce(nullif(${staff.name}, ''), ${staff.email}, '')`;

/** The event's live sales (won items of kind 'live'), newest first, with their item, bidder and clerk. */
export function liveSalesOf(db: Db, eventId: number) {
  return db
    .select({
      sale: wonItems,
      itemnum: auctionItems.itemnum,
      itemname: auctionItems.name,
      ...bidderColumns,
      enteredby: enteredBy,
    })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .innerJoin(bidders, eq(wonItems.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(staff, eq(wonItems.enteredBy, staff.id))
    .where(and(eq(wonItems.eventId, eventId), eq(wonItems.kind, 'live')))
    .orderBy(desc(wonItems.id));
}
export type LiveSaleRow = Awaited<ReturnType<typeof liveSalesOf>>[number];

/** One live sale of the event, its row locked (a checkout locks it too before taking it into an order). */
export async function lockSale(tx: Tx, eventId: number, id: number) {
  const [row] = await tx
    .select()
    .from(wonItems)
    .where(and(eq(wonItems.id, id), eq(wonItems.eventId, eventId), eq(wonItems.kind, 'live')))
    .for('update');
  return row;
}

/** A live sale's bidder, read before the locks are taken (the bidder's lock comes first). */
export async function saleBidder(db: Db, eventId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ bidderId: wonItems.bidderId })
    .from(wonItems)
    .where(and(eq(wonItems.id, id), eq(wonItems.eventId, eventId), eq(wonItems.kind, 'live')));
  return row?.bidderId;
}

/**
 * The items the live sales page lists: the live-only items that are not a fund-a-need, and any
 * other item a sale was saved anyway for (so it can be seen and undone).
 */
export function liveItemsOf(db: Db, eventId: number) {
  const soldLive = sql`exists (select 1 from ${wonItems} where ${wonItems.itemId} = ${auctionItems.id} and ${wonItems.kind} = 'live')`;
  return db
    .select()
    .from(auctionItems)
    .where(
      and(
        eq(auctionItems.eventId, eventId),
        or(
          and(eq(auctionItems.itemisliveonly, true), sql`jsonb_array_length(${auctionItems.paddlelevels}) = 0`),
          soldLive,
        ),
      ),
    );
}

/** The event's fund-a-need items: those with giving levels. */
export function fundANeedItemsOf(db: Db, eventId: number) {
  return db
    .select()
    .from(auctionItems)
    .where(and(eq(auctionItems.eventId, eventId), sql`jsonb_array_length(${auctionItems.paddlelevels}) > 0`));
}

/** An item's newest pledges, newest first, with their bidder and clerk. */
export function recentPledgesOf(db: Db, { itemId, limit }: { itemId: number; limit: number }) {
  return db
    .select({ pledge: pledges, ...bidderColumns, enteredby: enteredBy })
    .from(pledges)
    .innerJoin(bidders, eq(pledges.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(staff, eq(pledges.staffId, staff.id))
    .where(eq(pledges.itemId, itemId))
    .orderBy(desc(pledges.id))
    .limit(limit);
}

/** An item's pledges counted by amount: the running total and each level's count come from it. */
export function pledgeCountsOf(db: Db, itemId: number) {
  return db
    .select({ amount: pledges.amount, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(pledges)
    .where(eq(pledges.itemId, itemId))
    .groupBy(pledges.amount);
}
export type PledgeRow = Awaited<ReturnType<typeof recentPledgesOf>>[number];

/** One pledge of the event, its row locked. */
export async function lockPledge(tx: Tx, eventId: number, id: number) {
  const [row] = await tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.id, id), eq(pledges.eventId, eventId)))
    .for('update');
  return row;
}

/** A pledge's bidder, read before the locks are taken. */
export async function pledgeBidder(db: Db, eventId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ bidderId: pledges.bidderId })
    .from(pledges)
    .where(and(eq(pledges.id, id), eq(pledges.eventId, eventId)));
  return row?.bidderId;
}
