import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { formatClosingTime, publicBidderName } from '@gavel/domain';
import type { AppContext } from '../../context';
import { accounts, auctionItems, bidders, bids, itemPhotos, watchlist } from '../../db/schema';
import { route } from '../../lib/route';
import type { Tenant } from '../../tenancy';
import { itemNotFound, listItems, nameColumns, oneItem } from './queries';
import type { Db, Tx } from '../../db/client';

/** The item of this event, or the clear 404. */
async function itemOf(db: Db | Tx, tenant: Tenant, itemId: number): Promise<{ id: number; imageurl: string }> {
  const [item] = await db
    .select({ id: auctionItems.id, imageurl: auctionItems.imageurl })
    .from(auctionItems)
    .where(and(eq(auctionItems.id, itemId), eq(auctionItems.eventId, tenant.event.id)));
  if (!item) throw itemNotFound();
  return item;
}

/** The catalog: items, details, photos, bid history, overview and the watchlist. Guests may read. */
export function itemRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /auctionitems', async ({ caller }) => ({
      status: 'success',
      auctionitems: await listItems(ctx.db, caller.tenant, caller.bidderId, ctx.clock()),
    }));

    route(app, ctx, 'POST /itemdetails', async ({ caller, body }) => ({
      status: 'success',
      item: await oneItem(ctx.db, caller.tenant, caller.bidderId, body.itemid, ctx.clock()),
    }));

    route(app, ctx, 'POST /itemphotos', async ({ caller, body }) => {
      const item = await itemOf(ctx.db, caller.tenant, body.itemid);
      const photos = await ctx.db
        .select({ photourl: itemPhotos.photourl })
        .from(itemPhotos)
        .where(eq(itemPhotos.itemId, item.id))
        .orderBy(asc(itemPhotos.position));
      return {
        status: 'success',
        itemphotos: photos.length > 0 ? photos : item.imageurl ? [{ photourl: item.imageurl }] : [],
      };
    });

    route(app, ctx, 'POST /bidhistory', async ({ caller, body }) => {
      const { tenant, bidderId } = caller;
      const item = await itemOf(ctx.db, tenant, body.itemid);
      const rows = await ctx.db
        .select({ bid: bids, name: nameColumns })
        .from(bids)
        .innerJoin(bidders, eq(bids.bidderId, bidders.id))
        .innerJoin(accounts, eq(bidders.accountId, accounts.id))
        .where(eq(bids.itemId, item.id))
        .orderBy(asc(bids.id));
      const entries = rows.reverse().map((r) => ({
        biddername: publicBidderName(r.name, tenant.event.allowanonymousbidding),
        bidtime: r.bid.createdAt.toISOString(),
        bidtimecst: formatClosingTime(r.bid.createdAt, tenant.event.timezone),
        amount: r.bid.amount,
        isauto: r.bid.isAuto,
        mine: r.bid.bidderId === bidderId,
      }));
      return { status: 'success', entries };
    });

    route(app, ctx, 'POST /itemoverview', async ({ caller }) => {
      const items = await listItems(ctx.db, caller.tenant, caller.bidderId, ctx.clock());
      return {
        status: 'success',
        totalitems: items.length,
        biddingon: items.filter((i) => i.accountbiddingon).length,
        winning: items.filter((i) => i.currentlywinningbid && i.bidstatus === 'biddingopen').length,
        watching: items.filter((i) => i.watchlist).length,
        won: items.filter((i) => i.historyid > 0).length,
      };
    });

    route(app, ctx, 'POST /watchlist', async ({ caller, body }) => {
      const { bidderId } = caller;
      const itemId = body.itemid;
      const watching = await ctx.db.transaction(async (tx) => {
        await itemOf(tx, caller.tenant, itemId);
        const removed = await tx
          .delete(watchlist)
          .where(and(eq(watchlist.bidderId, bidderId), eq(watchlist.itemId, itemId)))
          .returning();
        if (removed.length > 0) return false;
        await tx.insert(watchlist).values({ bidderId, itemId }).onConflictDoNothing();
        return true;
      });
      return { status: 'success', itemid: itemId, watchlist: watching };
    });
  };
}
