import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { presentNotice } from './presenter';
import { bidderNotices } from './queries';

/** The bidder's notices panel: what the live hub told them, kept so a dismissed notice can be found again. */
export function noticeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /notices', async ({ caller }) => {
      const rows = await bidderNotices(ctx.db, caller.bidderId, caller.tenant.event.id);
      return { status: 'success', notices: rows.map(presentNotice) };
    });
  };
}
