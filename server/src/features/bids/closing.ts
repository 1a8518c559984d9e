import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auctionItems, events, organizations, wonItems } from '../../db/schema';
import { itemClosesSql } from '../items/queries';

export interface ClosedItem {
  itemId: number;
  eventId: number;
  winnerBidderId: number | null;
  historyid: number | null;
  amount: number | null;
  /** For the live messages: the closed row, its event and organization code. */
  item: typeof auctionItems.$inferSelect;
  event: typeof events.$inferSelect;
  auctioncode: string;
}

const BATCH = 500;

/**
 * Closes every item whose time has come: marks it closed and records the leader as the winner
 * (a won item in their cart). Safe in every process at once: rows are locked with SKIP LOCKED, and
 * the closed_at check is made again on the locked row, so each item is closed exactly once.
 */
export async function closeDueItems(db: Db, now: Date): Promise<ClosedItem[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ item: auctionItems, event: events, auctioncode: organizations.auctioncode })
      .from(auctionItems)
      .innerJoin(events, eq(auctionItems.eventId, events.id))
      .innerJoin(organizations, eq(events.organizationId, organizations.id))
      .where(and(isNull(auctionItems.closedAt), lte(itemClosesSql, now)))
      .limit(BATCH)
      .for('update', { of: auctionItems, skipLocked: true });
    if (due.length === 0) return [];
    // Set-based: one update and one insert for the whole batch, however many items close at once.
    const ids = due.map((d) => d.item.id);
    const updated = await tx
      .update(auctionItems)
      .set({
        closedAt: now,
        quantitysold: sql`${auctionItems.quantitysold} + case when ${auctionItems.leaderBidderId} is null then 0 else 1 end`,
      })
      .where(inArray(auctionItems.id, ids))
      .returning();
    const byId = new Map(updated.map((u) => [u.id, u]));
    const winners = due.filter((d) => d.item.leaderBidderId !== null && d.item.currentbid !== null);
    const won =
      winners.length === 0
        ? []
        : await tx
            .insert(wonItems)
            .values(
              winners.map(({ item }) => ({
                eventId: item.eventId,
                itemId: item.id,
                bidderId: item.leaderBidderId ?? 0,
                kind: 'bid' as const,
                amount: item.currentbid ?? 0,
                quantity: 1,
                createdAt: now,
              })),
            )
            .returning({ id: wonItems.id, itemId: wonItems.itemId });
    const historyByItem = new Map(won.map((w) => [w.itemId, w.id]));
    const closed: ClosedItem[] = due.map(({ item, event, auctioncode }) => ({
      itemId: item.id,
      eventId: item.eventId,
      winnerBidderId: item.leaderBidderId,
      historyid: historyByItem.get(item.id) ?? null,
      amount: item.currentbid,
      item: byId.get(item.id) ?? item,
      event,
      auctioncode,
    }));
    return closed;
  });
}

/**
 * Closes everything due at `now`, batch after batch, handing each committed batch to `onClosed`
 * (live messages go out after the commit). The closing job runs it every second in every process.
 */
export async function closeAllDueItems(db: Db, now: Date, onClosed: (items: ClosedItem[]) => void): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await closeDueItems(db, now);
    if (closed.length > 0) onClosed(closed);
    total += closed.length;
    // A short batch means what is still due, if anything, is locked by another process closing it.
    if (closed.length < BATCH) return total;
  }
}
