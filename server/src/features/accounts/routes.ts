import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { route } from '../../lib/route';
import { sendForgotPassword, sendVerification } from './links-service';
import { bidderOf } from './profile-service';
import { createAccount, ensureBidder, guestToken, joinEmail, login, sessionFor } from './service';

/** Rate limits for the calls that guess at accounts: per address and email, since a venue shares one address. */
const perEmail = (max: number, timeWindow: string) => ({
  config: {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const body = request.body as { email?: unknown } | undefined;
        return `${request.ip}|${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
      },
    },
  },
});

/** Where emailed links point: the configured public address, else the address the phone used. */
export function origin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Join, create, sign in, guests, and the emails that let a bidder back in. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /joinemail', async ({ caller, body }) => ({ status: 'success', accountstatus: await joinEmail(ctx.db, caller.tenant, body.email) }), perEmail(30, '1 minute'));

    route(
      app,
      ctx,
      'POST /create',
      async ({ caller: { tenant }, body, request }) => {
        const now = ctx.clock();
        const { account, bidder } = await createAccount(ctx.db, tenant, body.email, body.password);
        await ctx.db.transaction((tx) => sendVerification(tx, tenant, account, now, origin(ctx, request)));
        return { status: 'success', message: '', ...(await sessionFor(ctx, tenant, account, bidder, now)) };
      },
      perEmail(10, '1 minute'),
    );

    route(
      app,
      ctx,
      'POST /login',
      async ({ caller: { tenant }, body }) => {
        const { account, bidder } = await login(ctx.db, tenant, body.email, body.password);
        return { status: 'success', message: '', ...(await sessionFor(ctx, tenant, account, bidder, ctx.clock())) };
      },
      perEmail(10, '1 minute'),
    );

    route(app, ctx, 'POST /join', async ({ caller: { tenant, claims }, body }) => {
      if (body.email && body.email.trim().toLowerCase() !== claims.email.toLowerCase()) throw new AppError('forbidden', 'You can only join with your own account.');
      const bidder = await ctx.db.transaction((tx) => ensureBidder(tx, tenant, claims.userid));
      const { account } = await bidderOf(ctx.db, tenant, claims.userid);
      return { status: 'success', message: '', ...(await sessionFor(ctx, tenant, account, bidder, ctx.clock())) };
    });

    route(
      app,
      ctx,
      'POST /guestlogin',
      async ({ caller: { tenant } }) => {
        if (!tenant.event.allowguestentry) throw new AppError('forbidden', 'This event does not allow guests. Please join with your email.');
        return { status: 'success', token: await guestToken(ctx.tokens, tenant, ctx.clock()), accountstatus: 'guest', message: '' };
      },
      { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    );

    for (const [key, only] of [['POST /forgotpassword', 'both'], ['POST /passwordresetlink', 'reset']] as const) {
      route(
        app,
        ctx,
        key,
        async ({ caller: { tenant }, body, request }) => {
          await sendForgotPassword(ctx.db, tenant, body.email, ctx.clock(), origin(ctx, request), only);
          return { status: 'success', message: 'If an account exists for that email, we have sent it a link.' };
        },
        perEmail(5, '15 minutes'),
      );
    }

    route(
      app,
      ctx,
      'POST /resendverification',
      async ({ caller: { tenant, claims }, request }) => {
        const { account } = await bidderOf(ctx.db, tenant, claims.userid);
        if (account.emailVerified) return { status: 'success', message: 'Your email is already verified.' };
        await ctx.db.transaction((tx) => sendVerification(tx, tenant, account, ctx.clock(), origin(ctx, request)));
        return { status: 'success', message: `We sent a new link to ${account.email}.` };
      },
      { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } },
    );
  };
}
