import { count, desc, eq, inArray } from 'drizzle-orm';
import { TOTAL_PARTS } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { auctionItems, bidders, bids, events, itemPhotos } from '../../../db/schema';
import type { EventRow } from '../../../tenancy';
import { raisedOf } from '../../display/total';

/** What the list shows of an event beside its times: how many items and bidders it has. */
export interface ListCounts {
  items: number;
  bidders: number;
}

/** How many rows of a table each event has, by event id. */
async function perEvent(
  db: Db | Tx,
  column: typeof auctionItems.eventId | typeof bidders.eventId,
  eventIds: number[],
): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: column, n: count() })
    .from(column.table)
    .where(inArray(column, eventIds))
    .groupBy(column);
  return new Map(rows.map((r) => [r.eventId, r.n]));
}

/** The organization's events, archived ones included, the latest first, each with its counts. */
export async function eventsOf(db: Db, organizationId: number): Promise<Array<{ event: EventRow } & ListCounts>> {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.organizationId, organizationId))
    .orderBy(desc(events.eventopens), events.eventcode);
  const ids = rows.map((e) => e.id);
  const items = await perEvent(db, auctionItems.eventId, ids);
  const people = await perEvent(db, bidders.eventId, ids);
  return rows.map((event) => ({ event, items: items.get(event.id) ?? 0, bidders: people.get(event.id) ?? 0 }));
}

/** An event's counts for its overview: items, bidders, bids, and everything raised so far. */
export async function countsOf(db: Db | Tx, event: EventRow) {
  const items = await perEvent(db, auctionItems.eventId, [event.id]);
  const people = await perEvent(db, bidders.eventId, [event.id]);
  const [placed] = await db
    .select({ n: count() })
    .from(bids)
    .innerJoin(auctionItems, eq(auctionItems.id, bids.itemId))
    .where(eq(auctionItems.eventId, event.id));
  // Raised counts every part, whatever the board shows: the overview is the organizer's own view.
  const raised = await raisedOf(db, { id: event.id, displaytotalincludes: [...TOTAL_PARTS] });
  return { items: items.get(event.id) ?? 0, bidders: people.get(event.id) ?? 0, bids: placed?.n ?? 0, raised };
}
export type EventCounts = Awaited<ReturnType<typeof countsOf>>;

/** An event's items with their photos in order, as the export writes them. */
export async function itemsWithPhotos(db: Db | Tx, eventId: number) {
  const items = await db.select().from(auctionItems).where(eq(auctionItems.eventId, eventId)).orderBy(auctionItems.id);
  const photos = await db
    .select({ itemId: itemPhotos.itemId, photourl: itemPhotos.photourl })
    .from(itemPhotos)
    .innerJoin(auctionItems, eq(auctionItems.id, itemPhotos.itemId))
    .where(eq(auctionItems.eventId, eventId))
    .orderBy(itemPhotos.itemId, itemPhotos.position);
  const byItem = new Map<number, string[]>();
  for (const p of photos) byItem.set(p.itemId, [...(byItem.get(p.itemId) ?? []), p.photourl]);
  return items.map((item) => ({ item, photos: byItem.get(item.id) ?? [] }));
}
