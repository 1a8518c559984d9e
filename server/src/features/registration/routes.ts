import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { route, sendCsv } from '../../lib/route';
import { origin } from '../../lib/caller';
import { guestRegistration, purchaserRegistration } from './links';
import { dialogOf, groupsOf } from './present';
import { lockGuest, registrationsCsv, registrationsReport } from './report';
import { renameGroup, saveGuest } from './save';

/** Guest registration: the purchaser's and guests' links, the edit dialog's calls, and the organizer's seating list. */
export function registrationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /purchaserregistration/:id', ({ caller, params, query }) =>
      purchaserRegistration(ctx, caller.auctioncode, params.id, query.eventcode),
    );
    route(app, ctx, 'GET /guestregistration/:id', ({ caller, params, query }) =>
      guestRegistration(ctx, caller.auctioncode, params.id, query.eventcode),
    );
    route(app, ctx, 'GET /storeguest', ({ caller }) => groupsOf(ctx.db, caller, ctx.clock()));
    route(app, ctx, 'POST /storeguest', ({ caller, body }) =>
      dialogOf(ctx.db, caller, { guestid: body.guestid, registrationid: body.registrationid, now: ctx.clock() }),
    );
    route(app, ctx, 'PUT /storeguest', ({ caller, body, request }) =>
      saveGuest(ctx, caller, body, origin(ctx, request)),
    );
    route(app, ctx, 'PUT /storeguestgroupname', ({ caller, body }) => renameGroup(ctx, caller, body));

    route(app, ctx, 'GET /admin/registrations', async ({ caller, query, reply }) => {
      if (!caller.tenant) throw new AppError('bad_request', 'Name the event: ?eventcode=CODE.');
      const report = await registrationsReport(ctx.db, caller.tenant, ctx.clock());
      if (query.format === 'csv')
        return sendCsv(reply, `${caller.tenant.event.eventcode}-seating.csv`, registrationsCsv(report));
      return report;
    });
    route(app, ctx, 'PUT /admin/registrations/lock', async ({ caller, body }) => {
      if (!caller.tenant) throw new AppError('bad_request', 'Name the event: eventcode.');
      return lockGuest(ctx, caller.tenant, body.guestid, body.locked);
    });
  };
}
