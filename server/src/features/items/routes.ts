import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { itemOverview, presentBidHistory, withThumbnail } from './presenter';
import { bidsOf, listItems, oneItem, photosOf, toggleWatch } from './queries';

/** The catalog: items, details, photos, bid history, overview and the watchlist. Guests may read. */
export function itemRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /auctionitems', async ({ caller: { tenant, bidderId }, body }) => {
      const items = await listItems(ctx.db, { tenant, bidderId, now: ctx.clock() });
      return { status: 'success', auctionitems: body.includethumbnail ? items.map(withThumbnail) : items };
    });

    route(app, ctx, 'POST /itemdetails', async ({ caller: { tenant, bidderId }, body }) => ({
      status: 'success',
      item: await oneItem(ctx.db, { tenant, bidderId, itemId: body.itemid, now: ctx.clock() }),
    }));

    route(app, ctx, 'POST /itemphotos', async ({ caller, body }) => ({
      status: 'success',
      itemphotos: await photosOf(ctx.db, caller.tenant, body.itemid),
    }));

    route(app, ctx, 'POST /bidhistory', async ({ caller: { tenant, bidderId }, body }) => ({
      status: 'success',
      entries: presentBidHistory(await bidsOf(ctx.db, tenant, body.itemid), tenant.event, bidderId),
    }));

    route(app, ctx, 'POST /itemoverview', async ({ caller: { tenant, bidderId } }) => ({
      status: 'success',
      ...itemOverview(await listItems(ctx.db, { tenant, bidderId, now: ctx.clock() })),
    }));

    route(app, ctx, 'POST /watchlist', async ({ caller, body }) => ({
      status: 'success',
      itemid: body.itemid,
      watchlist: await toggleWatch(ctx.db, caller.tenant, caller.bidderId, body.itemid),
    }));
  };
}
