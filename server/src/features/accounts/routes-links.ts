import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { addressKey, GUESSING } from '../../lib/limits';
import { route } from '../../lib/route';
import { findTenantById } from '../../tenancy';
import { markVerified, resetPasswordByLink, spendLink } from './links-service';
import { ensureBidder, sessionFor } from './service';


/** The calls behind emailed links: verify, sign in once, set a new password. None needs a login token. */
export function accountLinkRoutes(ctx: AppContext): FastifyPluginAsync {
  /** Spends a link and signs its account in to the link's event. */
  const signInByLink = async (kind: 'verify' | 'login', secret: string, auctioncode: string) => {
    const now = ctx.clock();
    const { tenant, account, bidder } = await ctx.db.transaction(async (tx) => {
      const link = await spendLink(tx, kind, secret, now);
      const tenant = await findTenantById(tx, link.eventId, auctioncode);
      const account = await markVerified(tx, link.accountId);
      const bidder = await ensureBidder(tx, tenant, account.id);
      return { tenant, account, bidder };
    });
    // Every open tab of this bidder learns the address is verified.
    if (kind === 'verify')
      ctx.live.toBidder(bidder.id, { type: 'emailValidation', valid: true, auctioncode: tenant.organization.auctioncode, eventcode: tenant.event.eventcode });
    return { status: 'success' as const, message: '', ...(await sessionFor(ctx, tenant, account, bidder, now)) };
  };

  /**
   * A link's secret cannot be guessed, but an address that keeps sending unknown or spent links
   * is stopped: only failures count, so a venue following its emailed links is never refused.
   */
  const guarded = <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> =>
    ctx.guessing.failures([[GUESSING.linkFailuresPerAddress, addressKey(request)]], (err) => err instanceof AppError && err.code === 'expired', work);

  return async (app) => {
    route(app, ctx, 'POST /verifyemail', async ({ body, caller, request }) => guarded(request, () => signInByLink('verify', body.token, caller.auctioncode)));

    route(
      app,
      ctx,
      'GET /passwordlesslogin/:loginguid',
      async ({ params, caller, request }) => {
        try {
          return await guarded(request, () => signInByLink('login', params.loginguid, caller.auctioncode));
        } catch (err) {
          // The spec's login screen shows an expired link's message as an answer, not an error.
          if (err instanceof AppError && err.code === 'expired') return { status: 'expired' as const, message: err.message };
          throw err;
        }
      },
    );

    route(
      app,
      ctx,
      'POST /passwordreset',
      async ({ body, request }) => {
        const { accountId, version } = await guarded(request, () => resetPasswordByLink(ctx.db, body.id, body.password, ctx.clock()));
        ctx.tokens.revoke(accountId, version);
        return { status: 'success', message: 'Password was reset successfully.' };
      },
    );
  };
}
