import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addressKey, emailKey, GUESSING } from '../../../lib/guessing';
import { origin } from '../../../lib/caller';
import { route } from '../../../lib/route';
import { readStaffLink } from './links';
import { hasAccepted } from './presenter';
import {
  acceptInvitation,
  ALREADY_ACCEPTED,
  consoleLogin,
  mailSignInHelp,
  resetByLink,
  signInByLink,
  staffSession,
} from './sign-in';

/** Console budgets are counted apart from bidders': one email may be both a bidder and staff. */
const consoleEmailKey = (email: string) => `console|${emailKey(email)}`;

/** Signing in to the console: password, emailed links, invitations. None needs a staff token. */
export function consoleSignInRoutes(ctx: AppContext): FastifyPluginAsync {
  // As bidder sign-in: only wrong passwords count, per email (refuses) and per address (slows).
  const passwordTries = (request: FastifyRequest, email: string) =>
    [
      [GUESSING.loginFailuresPerEmail, consoleEmailKey(email)],
      [GUESSING.loginFailuresPerAddress, addressKey(request)],
    ] as const;
  const wrongPassword = (err: unknown) => err instanceof AppError && err.code === 'unauthorized';

  /** A link that does not work counts against its address; a venue following its links never waits. */
  const guarded = <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> =>
    ctx.guessing.failures(
      [[GUESSING.linkFailuresPerAddress, addressKey(request)]],
      (err) => err instanceof AppError && err.code === 'expired',
      work,
    );

  return async (app) => {
    route(app, ctx, 'POST /console/login', async ({ caller: { auctioncode }, body, request }) => {
      const member = await ctx.guessing.failures(passwordTries(request, body.email), wrongPassword, () =>
        consoleLogin(ctx.db, auctioncode, body.email, body.password),
      );
      return staffSession(ctx.tokens, { member, auctioncode, now: ctx.clock() });
    });

    for (const [key, kind] of [
      ['POST /console/signin-link', 'signin'],
      ['POST /console/password-reset', 'reset'],
    ] as const) {
      route(app, ctx, key, async ({ caller: { auctioncode }, body, request }) => {
        await ctx.guessing.takeAll([
          [GUESSING.linkRequestsPerEmail, consoleEmailKey(body.email)],
          [GUESSING.linkRequestsPerAddress, addressKey(request)],
        ]);
        // The lookup and the mail come after the answer: staff and strangers answer alike, in the same time.
        const now = ctx.clock();
        const from = origin(ctx, request);
        ctx.background.run(key, () =>
          mailSignInHelp(ctx.db, { kind, auctioncode, email: body.email, now, origin: from }),
        );
        return {
          status: 'success',
          message:
            kind === 'signin'
              ? 'If that email belongs to the staff, we have sent it a sign-in link. It works once within 30 minutes.'
              : 'If that email belongs to the staff, we have sent it a link to choose a new password. It works once within 1 hour.',
        };
      });
    }

    route(app, ctx, 'POST /console/signin/:id', async ({ caller: { auctioncode }, params, request }) => {
      const now = ctx.clock();
      const member = await guarded(request, () => signInByLink(ctx.db, { secret: params.id, auctioncode, now }));
      return staffSession(ctx.tokens, { member, auctioncode, now });
    });

    route(app, ctx, 'POST /console/password-reset/:id', async ({ caller: { auctioncode }, params, body, request }) => {
      const now = ctx.clock();
      const member = await guarded(request, () =>
        resetByLink(ctx.db, { secret: params.id, auctioncode, now, password: body.password }),
      );
      return staffSession(ctx.tokens, {
        member,
        auctioncode,
        now,
        message: 'Your new password is saved. Your other console sessions have ended.',
      });
    });

    route(app, ctx, 'GET /console/invitations/:id', async ({ caller: { auctioncode }, params, request }) => {
      const { member, organization, expires } = await guarded(request, () =>
        readStaffLink(ctx.db, { kind: 'invitation', secret: params.id, auctioncode, now: ctx.clock() }),
      );
      if (hasAccepted(member)) throw new AppError('expired', ALREADY_ACCEPTED);
      return {
        status: 'success',
        organization: { auctioncode: organization.auctioncode, name: organization.name },
        email: member.email,
        name: member.name,
        role: member.role,
        expires: expires.toISOString(),
      };
    });

    route(app, ctx, 'POST /console/invitations/:id', async ({ caller: { auctioncode }, params, body, request }) => {
      const now = ctx.clock();
      const member = await guarded(request, () =>
        acceptInvitation(ctx.db, { secret: params.id, auctioncode, now, password: body.password, name: body.name }),
      );
      return staffSession(ctx.tokens, { member, auctioncode, now, message: `Welcome, ${member.name}.` });
    });
  };
}
