import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { addressKey, emailKey, GUESSING } from '../../lib/guessing';
import { route } from '../../lib/route';
import { origin } from '../../lib/caller';
import { sendAttemptNotice, sendForgotPassword, sendVerification } from './links-service';
import { bidderOf } from './profile-service';
import { createAccount, ensureBidder, guestToken, joinEmail, login, sessionFor } from './service';

/** Join, create, sign in, guests, and the emails that let a bidder back in. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Which emails have accounts may be asked, and accounts made, by a whole venue from one
    // address, but not by one address trying thousands of emails, nor many times for one email.
    const joining = (request: FastifyRequest, email: string) =>
      ctx.guessing.takeAll([
        [GUESSING.joinPerEmail, emailKey(email)],
        [GUESSING.joinPerAddress, addressKey(request)],
      ]);

    route(app, ctx, 'POST /joinemail', async ({ caller, body, request }) => {
      await joining(request, body.email);
      return { status: 'success', accountstatus: await joinEmail(ctx.db, caller.tenant, body.email) };
    });

    // Only wrong passwords count, per email (one account guessed from anywhere) and per address
    // (one address trying many accounts); once out of tries even the right one waits. Create
    // counts too: for an email that has an account it checks the password as Login does.
    const passwordTries = (request: FastifyRequest, email: string) =>
      [
        [GUESSING.loginFailuresPerEmail, emailKey(email)],
        [GUESSING.loginFailuresPerAddress, addressKey(request)],
      ] as const;
    const wrongPassword = (err: unknown) => err instanceof AppError && err.code === 'unauthorized';

    route(app, ctx, 'POST /create', async ({ caller: { tenant }, body, request }) => {
      await joining(request, body.email);
      const now = ctx.clock();
      const from = origin(ctx, request);
      const { account, bidder, created } = await ctx.guessing
        .failures(passwordTries(request, body.email), wrongPassword, () =>
          createAccount(ctx.db, tenant, body.email, body.password),
        )
        .catch(async (err: unknown) => {
          // The email has an account and this was not its password: its owner hears of it (at
          // most once an hour), with a sign-in link in case it was them.
          if (wrongPassword(err) && (await ctx.guessing.allow(GUESSING.attemptNoticePerEmail, emailKey(body.email))))
            ctx.background.run('account attempt notice', () =>
              sendAttemptNotice(ctx.db, { tenant, email: body.email, now, origin: from }),
            );
          throw err;
        });
      if (created) await ctx.db.transaction((tx) => sendVerification(tx, { tenant, account, now, origin: from }));
      return { status: 'success', message: '', ...(await sessionFor(ctx, { tenant, account, bidder, now })) };
    });

    route(app, ctx, 'POST /login', async ({ caller: { tenant }, body, request }) => {
      const signedIn = await ctx.guessing.failures(passwordTries(request, body.email), wrongPassword, () =>
        login(ctx.db, tenant, body.email, body.password),
      );
      return {
        status: 'success',
        message: '',
        ...(await sessionFor(ctx, { tenant, ...signedIn, now: ctx.clock() })),
      };
    });

    route(app, ctx, 'POST /join', async ({ caller: { tenant, claims }, body }) => {
      if (body.email && body.email.trim().toLowerCase() !== claims.email.toLowerCase())
        throw new AppError('forbidden', 'You can only join with your own account.');
      const bidder = await ctx.db.transaction((tx) => ensureBidder(tx, tenant, claims.userid));
      const { account } = await bidderOf(ctx.db, tenant, claims.userid);
      return {
        status: 'success',
        message: '',
        ...(await sessionFor(ctx, { tenant, account, bidder, now: ctx.clock() })),
      };
    });

    route(app, ctx, 'POST /guestlogin', async ({ caller: { tenant } }) => {
      if (!tenant.event.allowguestentry)
        throw new AppError('forbidden', 'This event does not allow guests. Please join with your email.');
      return {
        status: 'success',
        token: await guestToken(ctx.tokens, tenant, ctx.clock()),
        accountstatus: 'guest',
        message: '',
      };
    });

    for (const [key, only] of [
      ['POST /forgotpassword', 'both'],
      ['POST /passwordresetlink', 'reset'],
    ] as const) {
      route(app, ctx, key, async ({ caller: { tenant }, body, request }) => {
        await ctx.guessing.takeAll([
          [GUESSING.linkRequestsPerEmail, emailKey(body.email)],
          [GUESSING.linkRequestsPerAddress, addressKey(request)],
        ]);
        // The lookup and the mail come after the answer, so an email with an account and one
        // without answer alike and in the same time.
        const now = ctx.clock();
        const from = origin(ctx, request);
        ctx.background.run(key, () =>
          sendForgotPassword(ctx.db, { tenant, email: body.email, now, origin: from, only }),
        );
        return { status: 'success', message: 'If an account exists for that email, we have sent it a link.' };
      });
    }

    route(
      app,
      ctx,
      'POST /resendverification',
      async ({ caller: { tenant, claims }, request }) => {
        const { account } = await bidderOf(ctx.db, tenant, claims.userid);
        if (account.emailVerified) return { status: 'success', message: 'Your email is already verified.' };
        await ctx.db.transaction((tx) =>
          sendVerification(tx, { tenant, account, now: ctx.clock(), origin: origin(ctx, request) }),
        );
        return { status: 'success', message: `We sent a new link to ${account.email}.` };
      },
      { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } },
    );
  };
}
