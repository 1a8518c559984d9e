import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createAccountRequest,
  errorResponse,
  forgotPasswordRequest,
  guestLoginRequest,
  guestLoginResponse,
  joinEmailRequest,
  joinEmailResponse,
  loginRequest,
  loginResponse,
  plainResponse,
  tenantBody,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireUser } from '../../lib/auth';
import { findTenant, requestAuctionCode, type Tenant } from '../../tenancy';
import { sendForgotPassword, sendVerification } from './links-service';
import { bidderOf } from './profile-service';
import { createAccount, ensureBidder, joinEmail, login, sessionFor } from './service';

const failures = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/** Rate limits for the calls that guess at accounts: per address and email, since a venue shares one address. */
const perEmail = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      return `${request.ip}|${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
    },
  },
});

export function origin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export async function tenantOf(ctx: AppContext, request: FastifyRequest, body: { eventcode: string; auctioncode?: string | undefined }): Promise<Tenant> {
  return findTenant(ctx.db, requestAuctionCode(request, ctx.config.defaultAuctionCode, body.auctioncode), body.eventcode);
}

/** Join, create, sign in, guests, and the emails that let a bidder back in. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/joinemail',
      { config: perEmail(30, '1 minute'), schema: { tags: ['accounts'], summary: 'Does this email have an account?', body: joinEmailRequest, response: { 200: joinEmailResponse, ...failures } } },
      async (request) => {
        const tenant = await tenantOf(ctx, request, request.body);
        return { status: 'success' as const, accountstatus: await joinEmail(ctx.db, tenant, request.body.email) };
      },
    );

    app.post(
      '/create',
      { config: perEmail(10, '1 minute'), schema: { tags: ['accounts'], summary: 'Create an account and register as a bidder; sends the verification email', body: createAccountRequest, response: { 200: loginResponse, ...failures } } },
      async (request) => {
        const tenant = await tenantOf(ctx, request, request.body);
        const now = ctx.clock();
        const { account, bidder } = await createAccount(ctx.db, tenant, request.body.email, request.body.password);
        await ctx.db.transaction((tx) => sendVerification(tx, tenant, account, now, origin(ctx, request)));
        return { status: 'success' as const, message: '', ...(await sessionFor(ctx.tokens, tenant, account, bidder, now)) };
      },
    );

    app.post(
      '/login',
      { config: perEmail(10, '1 minute'), schema: { tags: ['accounts'], summary: 'Sign in with email and password', body: loginRequest, response: { 200: loginResponse, ...failures } } },
      async (request) => {
        const tenant = await tenantOf(ctx, request, request.body);
        const { account, bidder } = await login(ctx.db, tenant, request.body.email, request.body.password);
        return { status: 'success' as const, message: '', ...(await sessionFor(ctx.tokens, tenant, account, bidder, ctx.clock())) };
      },
    );

    app.post(
      '/join',
      { schema: { tags: ['accounts'], summary: "Register the signed-in account as a bidder of this event (same organization)", security: [{ bearer: [] }], body: tenantBody.extend({ email: joinEmailRequest.shape.email.optional() }), response: { 200: loginResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const tenant = await tenantOf(ctx, request, request.body);
        if (request.body.email && request.body.email.trim().toLowerCase() !== claims.email.toLowerCase())
          throw new AppError('forbidden', 'You can only join with your own account.');
        const bidder = await ctx.db.transaction((tx) => ensureBidder(tx, tenant, claims.userid));
        const { account } = await bidderOf(ctx.db, tenant, claims.userid);
        return { status: 'success' as const, message: '', ...(await sessionFor(ctx.tokens, tenant, account, bidder, ctx.clock())) };
      },
    );

    app.post(
      '/guestlogin',
      { config: { rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { tags: ['accounts'], summary: 'Browse as a guest when the event allows it', body: guestLoginRequest, response: { 200: guestLoginResponse, ...failures } } },
      async (request) => {
        const tenant = await tenantOf(ctx, request, request.body);
        if (!tenant.event.allowguestentry) throw new AppError('forbidden', 'This event does not allow guests. Please join with your email.');
        const token = await ctx.tokens.sign(
          { userid: 0, bidderid: 0, email: '', eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode, isguest: true },
          ctx.clock(),
        );
        return { status: 'success' as const, token, accountstatus: 'guest' as const, message: '' };
      },
    );

    const emailLinkRoute = (path: string, only: 'both' | 'reset', summary: string) =>
      app.post(
        path,
        { config: perEmail(5, '15 minutes'), schema: { tags: ['accounts'], summary, body: forgotPasswordRequest, response: { 200: plainResponse, ...failures } } },
        async (request) => {
          const tenant = await tenantOf(ctx, request, request.body);
          await sendForgotPassword(ctx.db, tenant, request.body.email, ctx.clock(), origin(ctx, request), only);
          return { status: 'success' as const, message: 'If an account exists for that email, we have sent it a link.' };
        },
      );
    emailLinkRoute('/forgotpassword', 'both', 'Email a one-time sign-in link and a new-password link');
    emailLinkRoute('/passwordresetlink', 'reset', 'Email a new-password link');

    app.post(
      '/resendverification',
      { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } }, schema: { tags: ['accounts'], summary: 'Send the verification email again', security: [{ bearer: [] }], response: { 200: plainResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const tenant = await tenantOf(ctx, request, { eventcode: claims.eventcode });
        const { account } = await bidderOf(ctx.db, tenant, claims.userid);
        if (account.emailVerified) return { status: 'success' as const, message: 'Your email is already verified.' };
        await ctx.db.transaction((tx) => sendVerification(tx, tenant, account, ctx.clock(), origin(ctx, request)));
        return { status: 'success' as const, message: `We sent a new link to ${account.email}.` };
      },
    );
  };
}
