import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { addressKey, GUESSING } from '../../lib/guessing';
import { route } from '../../lib/route';
import { findTenantById } from '../../tenancy';
import { checkToken } from '../../lib/caller';
import { proveMailbox, resetPasswordByLink, spendLink } from './links-service';
import { ensureBidder, sessionFor } from './service';

/** The calls behind emailed links: verify, sign in once, set a new password. None needs a login token. */
export function accountLinkRoutes(ctx: AppContext): FastifyPluginAsync {
  /**
   * Spends a link and signs its account in to the link's event. The phone's own login token, when
   * it sends one, shows whether it created the account (proveMailbox).
   */
  const signInByLink = async (
    request: FastifyRequest,
    kind: 'verify' | 'login',
    secret: string,
    auctioncode: string,
  ) => {
    const now = ctx.clock();
    const shown = await checkToken(ctx, request).catch(() => undefined);
    const shownBy =
      shown?.ok && !shown.claims.isguest && shown.claims.auctioncode === auctioncode ? shown.claims.userid : undefined;
    const { tenant, proved, bidder } = await ctx.db.transaction(async (tx) => {
      const link = await spendLink(tx, kind, secret, now);
      const tenant = await findTenantById(tx, link.eventId, auctioncode);
      const proved = await proveMailbox(tx, link.accountId, shownBy);
      const bidder = await ensureBidder(tx, tenant, proved.account.id);
      return { tenant, proved, bidder };
    });
    if (proved.claimed) ctx.tokens.revoke(proved.claimed.accountId, proved.claimed.version);
    // Every open tab of this bidder learns the address is verified (a claim has closed the others').
    else if (kind === 'verify')
      ctx.live.toBidder(bidder.id, {
        type: 'emailValidation',
        valid: true,
        auctioncode: tenant.organization.auctioncode,
        eventcode: tenant.event.eventcode,
      });
    return {
      status: 'success' as const,
      message: '',
      ...(await sessionFor(ctx, { tenant, account: proved.account, bidder, now })),
    };
  };

  /**
   * A link's secret cannot be guessed, but an address that keeps sending unknown or spent links
   * is stopped: only failures count, so a venue following its emailed links is never refused.
   */
  const guarded = <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> =>
    ctx.guessing.failures(
      [[GUESSING.linkFailuresPerAddress, addressKey(request)]],
      (err) => err instanceof AppError && err.code === 'expired',
      work,
    );

  return async (app) => {
    route(app, ctx, 'POST /verifyemail', async ({ body, caller, request }) =>
      guarded(request, () => signInByLink(request, 'verify', body.token, caller.auctioncode)),
    );

    route(app, ctx, 'GET /passwordlesslogin/:loginguid', async ({ params, caller, request }) => {
      try {
        return await guarded(request, () => signInByLink(request, 'login', params.loginguid, caller.auctioncode));
      } catch (err) {
        // The spec's login screen shows an expired link's message as an answer, not an error.
        if (err instanceof AppError && err.code === 'expired')
          return { status: 'expired' as const, message: err.message };
        throw err;
      }
    });

    route(app, ctx, 'POST /passwordreset', async ({ body, request }) => {
      const { accountId, version } = await guarded(request, () =>
        resetPasswordByLink(ctx.db, body.id, body.password, ctx.clock()),
      );
      ctx.tokens.revoke(accountId, version);
      return { status: 'success', message: 'Password was reset successfully.' };
    });
  };
}
