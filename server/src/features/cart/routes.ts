import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { auctionItems, wonItems } from '../../db/schema';
import { route } from '../../lib/route';
import { listItems } from '../items/queries';

/** The cart: what the bidder won and has not paid for, and the open items they are bidding on; and their paid orders. */
export function cartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /myorders', async ({ caller }) => {
      const paid = await ctx.db
        .select({ won: wonItems, item: { name: auctionItems.name, itemnum: auctionItems.itemnum, location: auctionItems.location } })
        .from(wonItems)
        .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
        .where(and(eq(wonItems.bidderId, caller.bidderId), eq(wonItems.eventId, caller.tenant.event.id), isNotNull(wonItems.checkoutId)))
        .orderBy(asc(wonItems.id));
      return {
        status: 'success',
        orderitems: paid.map(({ won, item }) => ({
          checkoutid: won.checkoutId ?? 0,
          itemid: won.itemId,
          name: item.name,
          pickupinstructions: '',
          itemnum: item.itemnum,
          quantity: won.quantity,
          amount: won.amount,
          location: item.location,
        })),
      };
    });

    route(app, ctx, 'GET /cart', async ({ caller }) => {
      const { tenant, bidderId } = caller;
      const won = await ctx.db
        .select({ won: wonItems, item: { name: auctionItems.name, itemnum: auctionItems.itemnum, imageurl: auctionItems.imageurl } })
        .from(wonItems)
        .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
        .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, tenant.event.id), isNull(wonItems.checkoutId)))
        .orderBy(asc(wonItems.id));
      const items = await listItems(ctx.db, tenant, bidderId, ctx.clock());
      return {
        status: 'success',
        auctionswon: won.map(({ won, item }) => ({ historyid: won.id, itemid: won.itemId, ...item, amount: won.amount, quantity: won.quantity, checked: true, kind: won.kind })),
        auctionsopen: items.filter((i) => i.accountbiddingon && i.bidstatus === 'biddingopen'),
      };
    });
  };
}
