import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auctionItemsRequest,
  auctionItemsResponse,
  bidHistoryResponse,
  centsToDollars,
  errorResponse,
  formatClosingTime,
  itemDetailsResponse,
  itemOverviewResponse,
  itemPhotosResponse,
  itemRequest,
  tenantBody,
  watchlistResponse,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import { accounts, auctionItems, bidders, bids, itemPhotos, watchlist } from '../../db/schema';
import { AppError } from '../../errors';
import { eventSession } from '../../lib/auth';
import { itemNotFound, listItems, oneItem } from './queries';

const failures = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** How a bidder appears in a public bid history: first name and initial, or anonymous. */
export function publicBidderName(row: { firstname: string; lastname: string; bidanonymously: boolean; bidderdisplaynumber: number }, allowAnonymous: boolean): string {
  if (row.bidanonymously && allowAnonymous) return 'Anonymous Bidder';
  const first = row.firstname.trim();
  if (!first) return `Bidder ${row.bidderdisplaynumber}`;
  const initial = row.lastname.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The catalog: items, details, photos, bid history, overview and the watchlist. Guests may read. */
export function itemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auctionitems',
      { schema: { tags: ['items'], summary: "The event's auction items with the caller's own fields", security: [{ bearer: [] }], body: auctionItemsRequest, response: { 200: auctionItemsResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body, { allowGuest: true });
        return { status: 'success' as const, auctionitems: await listItems(ctx.db, s.tenant, s.bidderId, ctx.clock()) };
      },
    );

    app.post(
      '/itemdetails',
      { schema: { tags: ['items'], summary: 'One item', security: [{ bearer: [] }], body: itemRequest, response: { 200: itemDetailsResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body, { allowGuest: true });
        return { status: 'success' as const, item: await oneItem(ctx.db, s.tenant, s.bidderId, request.body.itemid, ctx.clock()) };
      },
    );

    app.post(
      '/itemphotos',
      { schema: { tags: ['items'], summary: "An item's photos, in order", security: [{ bearer: [] }], body: itemRequest, response: { 200: itemPhotosResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body, { allowGuest: true });
        const [item] = await ctx.db.select({ id: auctionItems.id, imageurl: auctionItems.imageurl }).from(auctionItems).where(and(eq(auctionItems.id, request.body.itemid), eq(auctionItems.eventId, s.tenant.event.id)));
        if (!item) throw itemNotFound();
        const photos = await ctx.db.select({ photourl: itemPhotos.photourl }).from(itemPhotos).where(eq(itemPhotos.itemId, item.id)).orderBy(asc(itemPhotos.position));
        const all = photos.length > 0 ? photos : item.imageurl ? [{ photourl: item.imageurl }] : [];
        return { status: 'success' as const, itemphotos: all };
      },
    );

    app.post(
      '/bidhistory',
      { schema: { tags: ['items'], summary: "An item's bids, newest first", security: [{ bearer: [] }], body: itemRequest, response: { 200: bidHistoryResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body, { allowGuest: true });
        const [item] = await ctx.db.select({ id: auctionItems.id }).from(auctionItems).where(and(eq(auctionItems.id, request.body.itemid), eq(auctionItems.eventId, s.tenant.event.id)));
        if (!item) throw itemNotFound();
        const rows = await ctx.db
          .select({ bid: bids, bidder: bidders, account: { firstname: accounts.firstname, lastname: accounts.lastname } })
          .from(bids)
          .innerJoin(bidders, eq(bids.bidderId, bidders.id))
          .innerJoin(accounts, eq(bidders.accountId, accounts.id))
          .where(eq(bids.itemId, item.id))
          .orderBy(asc(bids.id));
        const entries = rows.reverse().map((r) => ({
          biddername: publicBidderName({ ...r.account, bidanonymously: r.bidder.bidanonymously, bidderdisplaynumber: r.bidder.bidderdisplaynumber }, s.tenant.event.allowanonymousbidding),
          bidtime: r.bid.createdAt.toISOString(),
          bidtimecst: formatClosingTime(r.bid.createdAt, s.tenant.event.timezone),
          amount: centsToDollars(r.bid.amount),
          isauto: r.bid.isAuto,
          mine: r.bid.bidderId === s.bidderId,
        }));
        return { status: 'success' as const, entries };
      },
    );

    app.post(
      '/itemoverview',
      { schema: { tags: ['items'], summary: "Counts for the caller: items, bidding on, winning, watching, won", security: [{ bearer: [] }], body: tenantBody, response: { 200: itemOverviewResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body, { allowGuest: true });
        const items = await listItems(ctx.db, s.tenant, s.bidderId, ctx.clock());
        return {
          status: 'success' as const,
          totalitems: items.length,
          biddingon: items.filter((i) => i.accountbiddingon).length,
          winning: items.filter((i) => i.currentlywinningbid && i.bidstatus === 'biddingopen').length,
          watching: items.filter((i) => i.watchlist).length,
          won: items.filter((i) => i.historyid > 0).length,
        };
      },
    );

    app.post(
      '/watchlist',
      { schema: { tags: ['items'], summary: 'Watch or stop watching an item (toggles)', security: [{ bearer: [] }], body: itemRequest, response: { 200: watchlistResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body);
        if (s.bidderId === null) throw new AppError('forbidden', 'Please log in to continue.');
        const bidderId = s.bidderId;
        const itemId = request.body.itemid;
        const watching = await ctx.db.transaction(async (tx) => {
          const [item] = await tx.select({ id: auctionItems.id }).from(auctionItems).where(and(eq(auctionItems.id, itemId), eq(auctionItems.eventId, s.tenant.event.id)));
          if (!item) throw itemNotFound();
          const removed = await tx.delete(watchlist).where(and(eq(watchlist.bidderId, bidderId), eq(watchlist.itemId, itemId))).returning();
          if (removed.length > 0) return false;
          await tx.insert(watchlist).values({ bidderId, itemId }).onConflictDoNothing();
          return true;
        });
        return { status: 'success' as const, itemid: itemId, watchlist: watching };
      },
    );
  };
}
