import { and, asc, count, eq, gt, inArray, not, sql } from 'drizzle-orm';
import type { CloseTarget } from '@gavel/domain';
import { locationLabel } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { accounts, auctionItems, bidders, bids, orders, wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import { type ItemRow, itemOrNotFound } from '../items/queries';

/**
 * The close panel reads the silent auction's items: a live-only item is sold by the auctioneer
 * (Live sales) and a fund-a-need item takes pledges, so neither is closed or extended from here.
 */
const silent = and(not(auctionItems.itemisliveonly), sql`jsonb_array_length(${auctionItems.paddlelevels}) = 0`);

/** Whether an item is one the close panel closes and extends. */
export const isSilentItem = (item: ItemRow): boolean => !item.itemisliveonly && item.paddlelevels.length === 0;

export interface Leader {
  firstname: string;
  lastname: string;
  biddernumber: number;
}

export interface PanelRow {
  item: ItemRow;
  leader: Leader | null;
}

/** The event's silent items by location and number, each with its leader (the winner once closed). */
export async function panelItems(db: Db, eventId: number): Promise<PanelRow[]> {
  const rows = await db
    .select({
      item: auctionItems,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      biddernumber: bidders.bidderdisplaynumber,
    })
    .from(auctionItems)
    .leftJoin(bidders, eq(bidders.id, auctionItems.leaderBidderId))
    .leftJoin(accounts, eq(accounts.id, bidders.accountId))
    .where(and(eq(auctionItems.eventId, eventId), silent))
    .orderBy(asc(auctionItems.location), asc(auctionItems.id));
  return rows.map(({ item, firstname, lastname, biddernumber }) => ({
    item,
    leader: biddernumber === null ? null : { firstname: firstname ?? '', lastname: lastname ?? '', biddernumber },
  }));
}

/** Bids placed on the event's items since `since`. */
export async function bidsSince(db: Db, eventId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bids)
    .innerJoin(auctionItems, eq(auctionItems.id, bids.itemId))
    .where(and(eq(auctionItems.eventId, eventId), gt(bids.createdAt, since)));
  return row?.n ?? 0;
}

/** The bidder numbers of these bidders (the audit names a leader by number). */
export async function bidderNumbers(db: Db | Tx, ids: Array<number | null>): Promise<Map<number, number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: bidders.id, number: bidders.bidderdisplaynumber })
    .from(bidders)
    .where(inArray(bidders.id, wanted));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** The win the closing job recorded for an item, and whether it has been paid for or handed over. */
export interface CloseRecord {
  itemId: number;
  wonId: number;
  bidderId: number;
  amount: number;
  checkoutId: number | null;
  orderState: string | null;
  orderMethod: string | null;
  collectedAt: Date | null;
}

/**
 * The wins recorded by the close of these items: the closing job writes each winner's row at the
 * item's closed_at (closing.ts), which is how a close's row is told from a Buy It Now purchase's.
 */
export async function closeRecords(
  db: Db | Tx,
  items: ItemRow[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, CloseRecord>> {
  const closed = items.filter((i) => i.closedAt !== null);
  if (closed.length === 0) return new Map();
  const query = db
    .select({
      itemId: wonItems.itemId,
      wonId: wonItems.id,
      bidderId: wonItems.bidderId,
      amount: wonItems.amount,
      createdAt: wonItems.createdAt,
      checkoutId: wonItems.checkoutId,
      orderState: orders.state,
      orderMethod: orders.method,
      collectedAt: wonItems.collectedAt,
    })
    .from(wonItems)
    .leftJoin(orders, eq(orders.id, wonItems.checkoutId))
    .where(
      and(
        inArray(
          wonItems.itemId,
          closed.map((i) => i.id),
        ),
        eq(wonItems.kind, 'bid'),
      ),
    );
  // Locked as checkout locks them, so a reopen and a payment of the same win never both go through.
  const rows = lock ? await query.for('update', { of: wonItems }) : await query;
  const closedAt = new Map(closed.map((i) => [i.id, i.closedAt?.getTime()]));
  return new Map(
    rows
      .filter((r) => closedAt.get(r.itemId) === r.createdAt.getTime())
      .map(({ createdAt: _createdAt, ...r }) => [r.itemId, r]),
  );
}

/**
 * The items a close or an extension takes, locked in id order (as every item writer locks them;
 * a preview only reads them):
 * refused when the item or location names nothing in the event, or the item is not a silent one.
 */
export async function lockTarget(
  tx: Db | Tx,
  { eventId, target, lock = true }: { eventId: number; target: CloseTarget; lock?: boolean },
): Promise<ItemRow[]> {
  if (target.scope === 'item') {
    const item = await itemOrNotFound(tx, eventId, target.itemnum, lock);
    if (!isSilentItem(item))
      throw new AppError(
        'bad_request',
        `Item ${item.itemnum} is not in the silent auction: ${item.itemisliveonly ? 'its sale is entered on Live sales' : 'it takes pledges'}, and it has no close to change.`,
      );
    return [item];
  }
  const where =
    target.scope === 'all'
      ? and(eq(auctionItems.eventId, eventId), silent)
      : and(
          eq(auctionItems.eventId, eventId),
          silent,
          sql`lower(${auctionItems.location}) = lower(${target.location})`,
        );
  const query = tx.select().from(auctionItems).where(where).orderBy(asc(auctionItems.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length === 0)
    throw new AppError(
      'not_found',
      target.scope === 'all'
        ? 'This event has no silent auction items.'
        : `No item of the silent auction is at ${locationLabel(target.location)}.`,
    );
  return rows;
}
