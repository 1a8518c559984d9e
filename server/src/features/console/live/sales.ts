import { eq } from 'drizzle-orm';
import {
  centsToDollars,
  checkLiveSale,
  type LiveSaleRequest,
  type LiveSalesResponse,
  liveWords,
  OVERRIDE_PATH,
  unitsLeft,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { auctionItems, wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeOnce } from '../../../lib/idempotent';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import { publishCart, publishItem, publishLost } from '../../../realtime/publish';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { itemByNum, type ItemRow } from '../items/queries';
import { bidderFacts, presentLiveSales } from './presenter';
import { bidderByNumber, liveItemsOf, liveSalesOf, lockBidder, lockSale, saleBidder } from './queries';

/** What a saved sale or pledge answers. */
export interface LiveEntryAnswer {
  status: 'success';
  message: string;
  id: number;
}

/** GET live-sales: the live items with their sales, the queue's next item, and the newest sales. */
export async function liveSales(db: Db, tenant: Tenant): Promise<LiveSalesResponse> {
  const [items, sales] = await Promise.all([liveItemsOf(db, tenant.event.id), liveSalesOf(db, tenant.event.id)]);
  return presentLiveSales(tenant, items, sales);
}

/** The item and the bidder an entry names, or the 404 saying which is unknown (item first, as the form reads). */
export async function namedInEntry(db: Db, tenant: Tenant, entry: { itemnum: string; biddernumber: number }) {
  const item = await itemByNum(db, { eventId: tenant.event.id, itemnum: entry.itemnum });
  if (!item) throw notFound('itemnum', liveWords.noItem(entry.itemnum));
  const bidder = await bidderByNumber(db, tenant, { number: entry.biddernumber });
  if (!bidder) throw notFound('biddernumber', liveWords.noBidder(entry.biddernumber));
  return { item, bidder };
}

const notFound = (path: string, message: string) => new AppError('not_found', message, [{ path, message }]);

/** A sale as the audit log keeps it: who, what and how much, in dollars as the console shows them. */
const saleAudit = (s: {
  id: number;
  item: ItemRow;
  bidder: ReturnType<typeof bidderFacts>;
  amount: number;
  quantity: number;
}) => ({
  id: s.id,
  itemnum: s.item.itemnum,
  item: s.item.name,
  biddernumber: s.bidder.biddernumber,
  bidder: s.bidder.name,
  amount: centsToDollars(s.amount),
  quantity: s.quantity,
});

/**
 * POST live-sales: the item is won by the bidder, a won item of kind 'live' in their cart at once.
 * Under the bidder's lock (the balance's) and then the item's, it is checked (domain's
 * checkLiveSale): a refusal stands; warnings stop it unless `override`, which the audit entry
 * records with the reasons. Selling the last unit closes the item; an item that was taking bids
 * (saved anyway) loses its leader, as Buy It Now does, so the sale is never also a winning bid.
 * The clerk's double tap sends one Idempotency-Key: kept under the bidder's keys (the bidder's
 * the sale is), it answers the first sale again.
 */
export async function enterSale(
  ctx: AppContext,
  caller: StaffEventCaller,
  { body, key }: { body: LiveSaleRequest; key: string | undefined },
): Promise<LiveEntryAnswer> {
  const { tenant } = caller;
  const named = await namedInEntry(ctx.db, tenant, body);
  const lock = async (tx: Tx) => {
    const bidder = await lockBidder(tx, named.bidder.bidderId);
    const item = await itemByNum(tx, { eventId: tenant.event.id, itemnum: body.itemnum, lock: true });
    if (!item) throw notFound('itemnum', liveWords.noItem(body.itemnum));
    return { bidder: bidderFacts(bidder), item };
  };
  return writeOnce(
    ctx,
    { route: 'console-live-sale', owner: named.bidder.bidderId, body, key, lock },
    async (tx, now, { bidder, item }) => {
      const { refusal, warnings } = checkLiveSale(item, bidder, body);
      if (refusal) throw new AppError('conflict', refusal.message, [refusal]);
      if (warnings.length > 0 && !body.override)
        throw new AppError('conflict', warnings.map((w) => w.message).join(' '), [
          ...warnings,
          { path: OVERRIDE_PATH, message: liveWords.saveAnyway },
        ]);
      const quantitysold = item.quantitysold + body.quantity;
      const soldOut = unitsLeft({ ...item, quantitysold }) === 0;
      const displaced = soldOut ? item.leaderBidderId : null;
      const [updated] = await tx
        .update(auctionItems)
        .set({
          quantitysold,
          updatedAt: now,
          ...(soldOut && !item.closedAt ? { closedAt: now } : {}),
          ...(displaced !== null ? { leaderBidderId: null } : {}),
        })
        .where(eq(auctionItems.id, item.id))
        .returning();
      const [won] = await tx
        .insert(wonItems)
        .values({
          eventId: tenant.event.id,
          itemId: item.id,
          bidderId: named.bidder.bidderId,
          kind: 'live',
          amount: body.amount,
          quantity: body.quantity,
          createdAt: now,
          enteredBy: caller.staff.id,
        })
        .returning({ id: wonItems.id });
      if (!updated || !won) throw new Error('live sale write returned nothing');
      const message = liveWords.sold(item, bidder, body.amount, body.quantity);
      const overridden = warnings.map((w) => w.message);
      await recordAudit(tx, caller, {
        eventId: tenant.event.id,
        kind: 'live.sale',
        summary: overridden.length > 0 ? `${message} Saved anyway: ${overridden.join(' ')}` : message,
        after: {
          ...saleAudit({ id: won.id, item, bidder, amount: body.amount, quantity: body.quantity }),
          ...(overridden.length > 0 ? { override: true, overridden } : {}),
        },
      });
      return {
        answer: { status: 'success', message, id: won.id },
        after: () => {
          publishItem(ctx, tenant, updated);
          publishCart(ctx, tenant, named.bidder.bidderId);
          if (displaced !== null && displaced !== named.bidder.bidderId) publishLost(ctx, tenant, displaced, item.id);
          ctx.totals.touch(tenant);
          publishConsole(ctx, tenant, 'live');
        },
      };
    },
  );
}

/**
 * DELETE live-sales/:id: the sale is taken back and its units are for sale again; refused once it
 * is in an order (a checkout locks the same row before taking it). The item reopens only if this
 * sale closed it, and only a live-only item: one that was taking bids lost its leader to the sale.
 */
export async function undoSale(ctx: AppContext, caller: StaffEventCaller, id: number): Promise<string> {
  const { tenant } = caller;
  const eventId = tenant.event.id;
  const bidderId = await saleBidder(ctx.db, eventId, id);
  if (bidderId === undefined) throw new AppError('not_found', liveWords.noSale);
  const done = await ctx.db.transaction(async (tx) => {
    const bidder = bidderFacts(await lockBidder(tx, bidderId));
    const sale = await lockSale(tx, eventId, id);
    if (!sale) throw new AppError('not_found', liveWords.noSale);
    if (sale.checkoutId !== null) throw new AppError('conflict', liveWords.salePaid);
    const [item] = await tx.select().from(auctionItems).where(eq(auctionItems.id, sale.itemId)).for('update');
    if (!item) throw new Error(`the item of sale ${id} vanished`);
    const closedBySale = item.itemisliveonly && item.closedAt?.getTime() === sale.createdAt.getTime();
    const [updated] = await tx
      .update(auctionItems)
      .set({
        quantitysold: Math.max(0, item.quantitysold - sale.quantity),
        updatedAt: ctx.clock(),
        ...(closedBySale ? { closedAt: null } : {}),
      })
      .where(eq(auctionItems.id, item.id))
      .returning();
    await tx.delete(wonItems).where(eq(wonItems.id, sale.id));
    const message = liveWords.undone(item, bidder);
    await recordAudit(tx, caller, {
      eventId,
      kind: 'live.undo',
      summary: message,
      before: saleAudit({ id: sale.id, item, bidder, amount: sale.amount, quantity: sale.quantity }),
    });
    return { updated: updated ?? item, message };
  });
  publishItem(ctx, tenant, done.updated);
  publishCart(ctx, tenant, bidderId);
  ctx.totals.touch(tenant);
  publishConsole(ctx, tenant, 'live');
  return done.message;
}
