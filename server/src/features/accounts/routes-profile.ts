import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeSchema, errorResponse, plainResponse, profileResponse, saveProfileRequest, userPasswordResetRequest } from '@gavel/domain';
import type { AppContext } from '../../context';
import { accounts, bidders } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUser } from '../../lib/auth';
import { assertAdmin } from '../../tenancy';
import { presentSession } from './presenter';
import { bidderOf, changePassword, saveProfile } from './profile-service';
import { tenantOf } from './routes';

const failures = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The signed-in bidder's own profile, notifications and password; the organizer's authorization switch. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const currentProfile = async (claims: { userid: number; eventcode: string }, request: Parameters<typeof tenantOf>[1]) => {
    const tenant = await tenantOf(ctx, request, { eventcode: claims.eventcode });
    const { account, bidder } = await bidderOf(ctx.db, tenant, claims.userid);
    const { token: _token, ...profile } = presentSession(tenant, account, bidder, '');
    return { status: 'success' as const, ...profile };
  };

  return async (app) => {
    app.get(
      '/userprofile',
      { schema: { tags: ['accounts'], summary: "The signed-in bidder's profile", security: [{ bearer: [] }], response: { 200: profileResponse, ...failures } } },
      async (request) => currentProfile(await requireUser(ctx, request), request),
    );

    app.put(
      '/userprofile',
      { schema: { tags: ['accounts'], summary: 'Save the profile, bidder preference and notifications', security: [{ bearer: [] }], body: saveProfileRequest, response: { 200: profileResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const tenant = await tenantOf(ctx, request, { eventcode: claims.eventcode });
        await saveProfile(ctx.db, tenant, claims.userid, request.body);
        return currentProfile(claims, request);
      },
    );

    app.post(
      '/userpasswordreset',
      { schema: { tags: ['accounts'], summary: 'Set a new password while signed in', security: [{ bearer: [] }], body: userPasswordResetRequest, response: { 200: plainResponse, ...failures } } },
      async (request) => {
        const claims = await requireUser(ctx, request);
        const tenant = await tenantOf(ctx, request, { eventcode: claims.eventcode });
        await changePassword(ctx.db, tenant, claims.userid, request.body.password);
        return { status: 'success' as const, message: 'Password was reset successfully.' };
      },
    );

    app.post(
      '/admin/bidders/authorize',
      {
        schema: {
          tags: ['admin'],
          summary: "Allow or stop a bidder's bidding in an event",
          security: [{ adminToken: [] }],
          body: z.object({ eventcode: codeSchema, auctioncode: codeSchema.optional(), email: z.string().min(3).max(254), authorizebidder: z.boolean() }),
          response: { 200: plainResponse, ...failures },
        },
        onRequest: async (request) => assertAdmin(request, ctx.config.adminToken),
      },
      async (request) => {
        const tenant = await tenantOf(ctx, request, request.body);
        const updated = await ctx.db
          .update(bidders)
          .set({ authorizebidder: request.body.authorizebidder })
          .where(
            and(
              eq(bidders.eventId, tenant.event.id),
              sql`${bidders.accountId} = (select ${accounts.id} from ${accounts} where ${accounts.organizationId} = ${tenant.organization.id} and lower(${accounts.email}) = ${request.body.email.trim().toLowerCase()})`,
            ),
          )
          .returning({ id: bidders.id });
        if (updated.length === 0) throw new AppError('not_found', 'No bidder with that email in this event.');
        return { status: 'success' as const, message: request.body.authorizebidder ? 'The bidder may bid.' : 'The bidder may no longer bid.' };
      },
    );
  };
}
