import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  loginLinkResponse,
  loginResponse,
  passwordResetRequest,
  plainResponse,
  verifyEmailRequest,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { auctionCodeFromHost, findTenantById } from '../../tenancy';
import { markVerified, resetPasswordByLink, spendLink } from './links-service';
import { ensureBidder, sessionFor } from './service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse };
const linkLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The calls behind emailed links: verify, sign in once, set a new password. None needs a login token. */
export function accountLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Spends a link and signs its account in to the link's event. */
  const signInByLink = async (kind: 'verify' | 'login', secret: string, host: string | undefined) => {
    const now = ctx.clock();
    const auctioncode = auctionCodeFromHost(host, ctx.config.defaultAuctionCode);
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
    return { status: 'success' as const, message: '', ...(await sessionFor(ctx.tokens, tenant, account, bidder, now)) };
  };

  return async (app) => {
    app.post(
      '/verifyemail',
      { config: linkLimit, schema: { tags: ['accounts'], summary: 'Verify an email address with the emailed link; signs in', body: verifyEmailRequest, response: { 200: loginResponse, ...failures } } },
      async (request) => signInByLink('verify', request.body.token, request.headers.host),
    );

    app.get(
      '/passwordlesslogin/:loginguid',
      {
        config: linkLimit,
        schema: {
          tags: ['accounts'],
          summary: 'Sign in once with an emailed login link; an expired or used link answers status expired',
          params: z.object({ loginguid: z.string().min(1).max(200) }),
          response: { 200: loginLinkResponse, ...failures },
        },
      },
      async (request) => {
        try {
          return await signInByLink('login', request.params.loginguid, request.headers.host);
        } catch (err) {
          // The spec's login screen shows an expired link's message as an answer, not an error.
          if (err instanceof AppError && err.code === 'expired') return { status: 'expired' as const, message: err.message };
          throw err;
        }
      },
    );

    app.post(
      '/passwordreset',
      { config: linkLimit, schema: { tags: ['accounts'], summary: 'Set a new password with an emailed link', body: passwordResetRequest, response: { 200: plainResponse, ...failures } } },
      async (request) => {
        await resetPasswordByLink(ctx.db, request.body.id, request.body.password, ctx.clock());
        return { status: 'success' as const, message: 'Password was reset successfully.' };
      },
    );
  };
}
