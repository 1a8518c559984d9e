import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuctionItem } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import {
  accounts,
  auctionItems,
  bidders,
  bids,
  events,
  itemMaxima,
  itemPhotos,
  watchlist,
  wonItems,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import { cardFlags } from '../../payments/card-flags';
import { cardOnFile } from '../payments/cards';
import { type ItemRow, noCaller, presentItem } from './presenter';

/**
 * When an item closes, in SQL: the same rule as itemCloses in domain/src/items/rules.ts (its own
 * close, else the event's bidding close), for queries that join items to their event.
 */
export const itemClosesSql = sql<Date>`coalesce(${auctionItems.closing}, ${events.biddingcloses})`;

export const itemNotFound = () => new AppError('not_found', 'This item was not found in this event.');

/** Whose items, and when: a guest (no bidder) sees no maxima, watchlist or wins. */
interface ItemsView {
  tenant: Tenant;
  bidderId: number | null;
  now: Date;
}

/** The event's items as one caller sees them (their maxima, watchlist and wins); `only` keeps the items of these ids. */
export async function listItems(
  db: Db | Tx,
  { tenant, bidderId, now, only }: ItemsView & { only?: number[] },
): Promise<AuctionItem[]> {
  const where = only
    ? and(eq(auctionItems.eventId, tenant.event.id), inArray(auctionItems.id, only))
    : eq(auctionItems.eventId, tenant.event.id);
  const items = await db
    .select()
    .from(auctionItems)
    .where(where)
    .orderBy(asc(auctionItems.featured), asc(auctionItems.id));
  if (bidderId === null) return items.map((i) => presentItem(i, tenant.event, noCaller, now));
  const ids = items.map((i) => i.id);
  if (ids.length === 0) return [];
  // One after another: inside a transaction the queries share one connection.
  const maxima = await db
    .select()
    .from(itemMaxima)
    .where(and(eq(itemMaxima.bidderId, bidderId), inArray(itemMaxima.itemId, ids)));
  const watched = await db
    .select({ itemId: watchlist.itemId })
    .from(watchlist)
    .where(and(eq(watchlist.bidderId, bidderId), inArray(watchlist.itemId, ids)));
  const won = await db
    .select({ id: wonItems.id, itemId: wonItems.itemId, kind: wonItems.kind, quantity: wonItems.quantity })
    .from(wonItems)
    .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, tenant.event.id)));
  const needsCard =
    tenant.event.needscardtobid &&
    cardFlags(tenant.event, (await cardOnFile(db, tenant.event, bidderId)) !== undefined).needscardtobid;
  const maxByItem = new Map(maxima.map((m) => [m.itemId, m]));
  const watching = new Set(watched.map((w) => w.itemId));
  const historyByItem = new Map(won.map((w) => [w.itemId, w.id]));
  const bought = new Map<number, number>();
  for (const w of won) if (w.kind === 'buynow') bought.set(w.itemId, (bought.get(w.itemId) ?? 0) + w.quantity);
  return items.map((i) =>
    presentItem(
      i,
      tenant.event,
      {
        bidderId,
        maximum: maxByItem.get(i.id),
        watching: watching.has(i.id),
        historyid: historyByItem.get(i.id) ?? 0,
        needsCard,
        bought: bought.get(i.id) ?? 0,
      },
      now,
    ),
  );
}

export async function oneItem(db: Db | Tx, { itemId, ...view }: ItemsView & { itemId: number }): Promise<AuctionItem> {
  const [item] = await listItems(db, { ...view, only: [itemId] });
  if (!item) throw itemNotFound();
  return item;
}

/** The item of this event, or the clear 404. */
async function itemOf(db: Db | Tx, tenant: Tenant, itemId: number): Promise<{ id: number; imageurl: string }> {
  const [item] = await db
    .select({ id: auctionItems.id, imageurl: auctionItems.imageurl })
    .from(auctionItems)
    .where(and(eq(auctionItems.id, itemId), eq(auctionItems.eventId, tenant.event.id)));
  if (!item) throw itemNotFound();
  return item;
}

/** An item's photos in order; an item without any shows its one image. */
export async function photosOf(db: Db, tenant: Tenant, itemId: number): Promise<Array<{ photourl: string }>> {
  const item = await itemOf(db, tenant, itemId);
  const photos = await db
    .select({ photourl: itemPhotos.photourl })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, item.id))
    .orderBy(asc(itemPhotos.position));
  if (photos.length > 0) return photos;
  return item.imageurl ? [{ photourl: item.imageurl }] : [];
}

/** An item's bids, oldest first, with the columns of each bidder's public name. */
export async function bidsOf(db: Db, tenant: Tenant, itemId: number) {
  const item = await itemOf(db, tenant, itemId);
  return db
    .select({ bid: bids, name: nameColumns })
    .from(bids)
    .innerJoin(bidders, eq(bids.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(bids.itemId, item.id))
    .orderBy(asc(bids.id));
}

/** Adds the item to the bidder's watchlist, or takes it off; answers whether it is on it now. */
export async function toggleWatch(db: Db, tenant: Tenant, bidderId: number, itemId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await itemOf(tx, tenant, itemId);
    const removed = await tx
      .delete(watchlist)
      .where(and(eq(watchlist.bidderId, bidderId), eq(watchlist.itemId, itemId)))
      .returning();
    if (removed.length > 0) return false;
    await tx.insert(watchlist).values({ bidderId, itemId }).onConflictDoNothing();
    return true;
  });
}

/** The item row, locked for the rest of the transaction. Every bid and purchase goes through it. */
export async function lockItem(tx: Tx, tenant: Tenant, itemId: number): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(auctionItems)
    .where(and(eq(auctionItems.id, itemId), eq(auctionItems.eventId, tenant.event.id)))
    .for('update');
  if (!row) throw itemNotFound();
  return row;
}

/** The columns a public bidder name is made of, for a select joining bidders and accounts. */
export const nameColumns = {
  firstname: accounts.firstname,
  lastname: accounts.lastname,
  bidanonymously: bidders.bidanonymously,
  bidderdisplaynumber: bidders.bidderdisplaynumber,
};
