import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auctionItems, orders, wonItems } from '../../db/schema';
import type { EventRow } from '../../tenancy';

/** The bidder's won items that went into an order, newest order first, with their order and item. */
export function orderedWinsOf(db: Db, event: EventRow, bidderId: number) {
  return db
    .select({
      won: wonItems,
      order: orders,
      item: {
        name: auctionItems.name,
        itemnum: auctionItems.itemnum,
        location: auctionItems.location,
        pickup: auctionItems.pickupinstructions,
      },
    })
    .from(wonItems)
    .innerJoin(orders, eq(wonItems.checkoutId, orders.id))
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, event.id), isNotNull(wonItems.checkoutId)))
    .orderBy(desc(orders.id), asc(wonItems.id));
}

export type OrderedWin = Awaited<ReturnType<typeof orderedWinsOf>>[number];

/** The bidder's won items not yet in an order (the cart), oldest first. */
export function unpaidWinsOf(db: Db, event: EventRow, bidderId: number) {
  return db
    .select({
      won: wonItems,
      item: { name: auctionItems.name, itemnum: auctionItems.itemnum, imageurl: auctionItems.imageurl },
    })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, event.id), isNull(wonItems.checkoutId)))
    .orderBy(asc(wonItems.id));
}

export type UnpaidWin = Awaited<ReturnType<typeof unpaidWinsOf>>[number];
