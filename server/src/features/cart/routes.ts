import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartResponse, centsToDollars, errorResponse, ordersResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import { auctionItems, wonItems } from '../../db/schema';
import { AppError } from '../../errors';
import { eventSession, requireUser } from '../../lib/auth';
import { listItems } from '../items/queries';

const failures = { 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The cart: what the bidder won and has not paid for, and the open items they are bidding on. */
export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/myorders',
      { schema: { tags: ['cart'], summary: 'Completed purchases: won items paid at checkout', security: [{ bearer: [] }], response: { 200: ordersResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const s = await eventSession(ctx, request, { eventcode: claims.eventcode });
        const paid = await ctx.db
          .select({ won: wonItems, item: { name: auctionItems.name, itemnum: auctionItems.itemnum, location: auctionItems.location } })
          .from(wonItems)
          .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
          .where(and(eq(wonItems.bidderId, s.bidderId ?? 0), eq(wonItems.eventId, s.tenant.event.id), isNotNull(wonItems.checkoutId)))
          .orderBy(asc(wonItems.id));
        return {
          status: 'success' as const,
          orderitems: paid.map((p) => ({
            checkoutid: p.won.checkoutId ?? 0,
            itemid: p.won.itemId,
            name: p.item.name,
            pickupinstructions: '',
            itemnum: p.item.itemnum,
            quantity: p.won.quantity,
            amount: centsToDollars(p.won.amount),
            location: p.item.location,
          })),
        };
      },
    );

    app.get(
      '/cart',
      { schema: { tags: ['cart'], summary: 'Won items awaiting checkout, and open items being bid on', security: [{ bearer: [] }], response: { 200: cartResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const s = await eventSession(ctx, request, { eventcode: claims.eventcode });
        const bidderId = s.bidderId;
        if (bidderId === null) throw new AppError('forbidden', 'Please log in to continue.');
        const won = await ctx.db
          .select({ won: wonItems, item: { name: auctionItems.name, itemnum: auctionItems.itemnum, imageurl: auctionItems.imageurl } })
          .from(wonItems)
          .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
          .where(and(eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, s.tenant.event.id), isNull(wonItems.checkoutId)))
          .orderBy(asc(wonItems.id));
        const items = await listItems(ctx.db, s.tenant, bidderId, ctx.clock());
        return {
          status: 'success' as const,
          auctionswon: won.map((w) => ({
            historyid: w.won.id,
            itemid: w.won.itemId,
            name: w.item.name,
            itemnum: w.item.itemnum,
            imageurl: w.item.imageurl,
            amount: centsToDollars(w.won.amount),
            quantity: w.won.quantity,
            checked: true,
            kind: w.won.kind,
          })),
          auctionsopen: items.filter((i) => i.accountbiddingon && i.bidstatus === 'biddingopen'),
        };
      },
    );
  };
}
