import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { eventNotFound } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import { route } from '../../lib/route';
import { cardOnFile } from '../payments/cards';
import { presentSession } from './presenter';
import { authorizeBidder, bidderOf, changePassword, saveProfile } from './profile-service';

/** The signed-in bidder's own profile, notifications and password; the organizer's authorization switch. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsync {
  const currentProfile = async ({ tenant, claims }: BidderCaller) => {
    const { account, bidder } = await bidderOf(ctx.db, tenant, claims.userid);
    const hasCard = (await cardOnFile(ctx.db, tenant.event, bidder.id)) !== undefined;
    const { token: _token, ...profile } = presentSession({ tenant, account, bidder, token: '', hasCard });
    return { status: 'success' as const, ...profile };
  };

  return async (app) => {
    route(app, ctx, 'GET /userprofile', async ({ caller }) => currentProfile(caller));

    route(app, ctx, 'PUT /userprofile', async ({ caller, body }) => {
      await saveProfile(ctx.db, caller.tenant, caller.claims.userid, body);
      return currentProfile(caller);
    });

    route(app, ctx, 'POST /userpasswordreset', async ({ caller, body }) => {
      const { accountId, version } = await changePassword(ctx.db, caller.tenant, caller.claims.userid, body.password);
      ctx.tokens.revoke(accountId, version);
      return { status: 'success', message: 'Password was reset successfully.' };
    });

    route(app, ctx, 'POST /admin/bidders/authorize', async ({ caller, body }) => {
      if (!caller.tenant) throw eventNotFound();
      await authorizeBidder(ctx.db, caller.tenant, body.email, body.authorizebidder);
      return {
        status: 'success',
        message: body.authorizebidder ? 'The bidder may bid.' : 'The bidder may no longer bid.',
      };
    });
  };
}
