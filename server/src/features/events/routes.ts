import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, eventRequest, eventResponse, privacyPolicyRequest, privacyPolicyResponse } from '@gavel/domain';
import { findTenant, requestAuctionCode } from '../../tenancy';
import type { AppContext } from '../../context';
import { presentEvent } from './presenter';

export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/event',
      {
        schema: {
          tags: ['event'],
          summary: 'The event: names, messages, times, options and the derived eventflag',
          body: eventRequest,
          response: { 200: eventResponse, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const code = requestAuctionCode(request, ctx.config.defaultAuctionCode, request.body.auctioncode);
        const tenant = await findTenant(ctx.db, code, request.body.eventcode);
        return { status: 'success' as const, ...presentEvent(tenant, ctx.clock()) };
      },
    );

    app.post(
      '/privacypolicy',
      {
        schema: {
          tags: ['event'],
          summary: "The event's privacy policy (sanitized HTML)",
          body: privacyPolicyRequest,
          response: { 200: privacyPolicyResponse, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const code = requestAuctionCode(request, ctx.config.defaultAuctionCode, request.body.auctioncode);
        const { event } = await findTenant(ctx.db, code, request.body.eventcode);
        return { status: 'success' as const, privacypolicy: event.privacypolicy };
      },
    );
  };
}
