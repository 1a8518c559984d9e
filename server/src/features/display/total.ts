import { eq, type SQL, sql } from 'drizzle-orm';
import type { Cents, TotalPart } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { auctionItems, events, pledges, storeOrders, wonItems } from '../../db/schema';
import type { EventRow } from '../../tenancy';

/** A store order counts once it is final: paid, free, or Bill Me (to be paid). */
const finalOrder = sql`${storeOrders.eventId} = ${events.id} and ${storeOrders.state} in ('paid', 'unpaid')`;

/**
 * What each part of the total adds up, for the event of the outer select. A leading bid counts on
 * an item taking bids; Buy It Now that sells an item out clears its leader, so a sale is never also
 * counted as a bid. The live auction's sales count with the bids (the auction's result, live or
 * silent; a live sale of an item that was taking bids clears its leader too), and fund-a-need
 * pledges with the donations (giving, not buying).
 */
const parts: Record<TotalPart, SQL> = {
  bids: sql`(select coalesce(sum(${auctionItems.currentbid}), 0) from ${auctionItems}
    where ${auctionItems.eventId} = ${events.id} and ${auctionItems.leaderBidderId} is not null and not ${auctionItems.buyitnowonly})
    + (select coalesce(sum(${wonItems.amount} * ${wonItems.quantity}), 0) from ${wonItems} where ${wonItems.eventId} = ${events.id} and ${wonItems.kind} = 'live')`,
  buyitnow: sql`(select coalesce(sum(${wonItems.amount} * ${wonItems.quantity}), 0) from ${wonItems} where ${wonItems.eventId} = ${events.id} and ${wonItems.kind} = 'buynow')`,
  store: sql`(select coalesce(sum(${storeOrders.subtotal} - ${storeOrders.discount}), 0) from ${storeOrders} where ${finalOrder})`,
  donations: sql`(select coalesce(sum(${storeOrders.donation}), 0) from ${storeOrders} where ${finalOrder})
    + (select coalesce(sum(${pledges.amount}), 0) from ${pledges} where ${pledges.eventId} = ${events.id})`,
};

/** The total raised for the display board: the sum of the parts the organizer counts, in one statement. */
export async function raisedOf(db: Db | Tx, event: Pick<EventRow, 'id' | 'displaytotalincludes'>): Promise<Cents> {
  const chosen = event.displaytotalincludes.map((p) => parts[p]);
  if (chosen.length === 0) return 0;
  const [row] = await db
    .select({ raised: sql<number>`(${sql.join(chosen, sql` + `)})::bigint`.mapWith(Number) })
    .from(events)
    .where(eq(events.id, event.id));
  return row?.raised ?? 0;
}
