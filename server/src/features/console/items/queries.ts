import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { auctionItems, bidActions, bids, itemMaxima, itemPhotos, wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import { storeImageRef } from '../../media/store';

export type ItemRow = typeof auctionItems.$inferSelect;

/** The refusal of a path naming no item of the event. */
export const noSuchItem = (itemnum: string) => new AppError('not_found', `There is no item ${itemnum} in this event.`);

// Qualified by hand: inside a subquery drizzle writes columns unqualified, and "id" would be the photo's own.
const photoCount = sql<number>`(select count(*) from "item_photos" p where p."item_id" = "auction_items"."id")::int`;

/** The event's items in number order, each with how many photos it has. */
export async function itemsOfEvent(db: Db, eventId: number): Promise<Array<{ item: ItemRow; photos: number }>> {
  return db
    .select({ item: auctionItems, photos: photoCount.mapWith(Number) })
    .from(auctionItems)
    .where(eq(auctionItems.eventId, eventId))
    .orderBy(asc(auctionItems.id));
}

/** The item of this number in the event (numbers match whatever their capitals, as the import does), locked when asked. */
export async function itemByNum(
  db: Db | Tx,
  { eventId, itemnum, lock = false }: { eventId: number; itemnum: string; lock?: boolean },
): Promise<ItemRow | undefined> {
  const query = db
    .select()
    .from(auctionItems)
    .where(and(eq(auctionItems.eventId, eventId), sql`lower(${auctionItems.itemnum}) = lower(${itemnum.trim()})`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The item of this number, or the 404 saying there is none. */
export async function itemOrNotFound(tx: Db | Tx, eventId: number, itemnum: string, lock = false): Promise<ItemRow> {
  const row = await itemByNum(tx, { eventId, itemnum, lock });
  if (!row) throw noSuchItem(itemnum);
  return row;
}

/** An item's photos, in order. */
export async function photosOf(db: Db | Tx, itemId: number): Promise<string[]> {
  const rows = await db
    .select({ url: itemPhotos.photourl })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, itemId))
    .orderBy(asc(itemPhotos.position));
  return rows.map((r) => r.url);
}

/** Puts an item's photos as the list says (images given inline are stored as the import stores them); answers their addresses. */
export async function replacePhotos(
  tx: Tx,
  { organizationId, itemId, refs }: { organizationId: number; itemId: number; refs: string[] },
): Promise<string[]> {
  await tx.delete(itemPhotos).where(eq(itemPhotos.itemId, itemId));
  const urls: string[] = [];
  for (const ref of refs) urls.push(await storeImageRef(tx, organizationId, ref));
  if (urls.length > 0)
    await tx.insert(itemPhotos).values(urls.map((photourl, position) => ({ itemId, position, photourl })));
  return urls;
}

/** What bidding and selling have left on an item: anything here means it can no longer be retired. */
export async function itemActivity(tx: Tx, item: ItemRow): Promise<{ bids: number; sales: number }> {
  const count = sql<number>`count(*)::int`.mapWith(Number);
  const [placed] = await tx.select({ n: count }).from(bids).where(eq(bids.itemId, item.id));
  const [actions] = await tx.select({ n: count }).from(bidActions).where(eq(bidActions.itemId, item.id));
  const [maxima] = await tx.select({ n: count }).from(itemMaxima).where(eq(itemMaxima.itemId, item.id));
  const [won] = await tx.select({ n: count }).from(wonItems).where(eq(wonItems.itemId, item.id));
  return {
    bids: Math.max(item.numberofbids, placed?.n ?? 0, actions?.n ?? 0, maxima?.n ?? 0),
    sales: Math.max(item.quantitysold, won?.n ?? 0),
  };
}
