import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { cardLabel, isTestPayment } from '@gavel/domain';
import type { AppContext } from '../../context';
import { auctionItems, orders, wonItems } from '../../db/schema';
import { route } from '../../lib/route';
import { processorCodeOf } from '../../payments/processor';
import { listItems } from '../items/queries';
import { cardOnFile, savedCardOf } from '../payments/cards';
import { paidWith } from '../payments/orders';

/** The cart: what the bidder won and has not paid for, and the open items they are bidding on; and their orders. */
export function cartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /myorders', async ({ caller }) => {
      const { event } = caller.tenant;
      const rows = await ctx.db
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
        .where(
          and(eq(wonItems.bidderId, caller.bidderId), eq(wonItems.eventId, event.id), isNotNull(wonItems.checkoutId)),
        )
        .orderBy(desc(orders.id), asc(wonItems.id));
      return {
        status: 'success',
        // Completed purchases: paid, or saved to be billed; a charge still being confirmed shows too.
        orderitems: rows
          .filter(({ order }) => order.state !== 'failed')
          .map(({ won, order, item }) => ({
            checkoutid: order.id,
            itemid: won.itemId,
            name: item.name,
            pickupinstructions: item.pickup || event.pickupinstructions,
            itemnum: item.itemnum,
            quantity: won.quantity,
            amount: won.amount,
            location: item.location,
            paid: order.state === 'paid',
            paidwith:
              order.state === 'pending'
                ? 'Payment being confirmed'
                : order.state === 'refunded'
                  ? 'Refunded'
                  : paidWith(order),
            testpayment: isTestPayment({ processorcode: order.processorcode, card: order.method === 'card' }),
            orderdate: order.createdAt.toISOString(),
            orderdonation: order.donation,
            orderfee: order.fee,
            ordertotal: order.total,
          })),
      };
    });

    route(app, ctx, 'GET /cart', async ({ caller }) => {
      const { tenant, bidderId } = caller;
      const { event } = tenant;
      const won = await ctx.db
        .select({
          won: wonItems,
          item: { name: auctionItems.name, itemnum: auctionItems.itemnum, imageurl: auctionItems.imageurl },
        })
        .from(wonItems)
        .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
        .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, event.id), isNull(wonItems.checkoutId)))
        .orderBy(asc(wonItems.id));
      const items = await listItems(ctx.db, tenant, bidderId, ctx.clock());
      const card = savedCardOf(await cardOnFile(ctx.db, event, bidderId));
      return {
        status: 'success',
        auctionswon: won.map(({ won, item }) => ({
          historyid: won.id,
          itemid: won.itemId,
          ...item,
          amount: won.amount,
          quantity: won.quantity,
          checked: true,
          kind: won.kind,
        })),
        auctionsopen: items.filter((i) => i.accountbiddingon && i.bidstatus === 'biddingopen'),
        showccfees: event.allowpayccfees && event.ccfeespercent > 0,
        ccfeespercentage: event.ccfeespercent,
        paymentprocessorisvalid: ctx.payments.takesCards(event),
        paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
        paymentprocessorinfo: ctx.payments.processorInfo(event),
        usecardtitle: card ? `Use ${cardLabel(card)}` : '',
        usecard: card !== null,
        card,
        allowbillme: event.allowbillme,
      };
    });
  };
}
