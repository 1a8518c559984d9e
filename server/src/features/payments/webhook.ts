import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PROCESSOR_STRIPE, codeSchema } from '@gavel/domain';
import type { AppContext } from '../../context';
import { orders, payments, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveCaller } from '../../lib/caller';
import { settleByProcessor } from '../../payments/card-payment';
import { processorCodeOf } from '../../payments/processor';
import { readStripeEvent, type StripeOutcomeEvent } from '../../payments/stripe-webhook';
import { findTenantCached } from '../../tenancy';
import { storeCardOrders } from '../store/orders';
import { auctionCardOrders } from './orders';
import { deskCardOrders } from '../../money/desk-settle';

/** Stripe's event from a signed body; a bad signature is the caller's error (400). */
function verified(raw: Buffer, signature: string | undefined, secret: string): StripeOutcomeEvent | undefined {
  try {
    return readStripeEvent(raw, signature, secret);
  } catch (err) {
    throw new AppError(
      'bad_request',
      `The webhook signature is not valid: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/**
 * Stripe's signed webhook for payment outcomes, at /api/webhooks/stripe/{eventcode} on the
 * organization's host. It is Stripe's call, not one of ours, so it is not in the contract map: its
 * signature covers the raw bytes, which must reach the check unparsed.
 */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/webhooks/stripe/:eventcode',
      { schema: { hide: true, params: z.object({ eventcode: codeSchema }) } },
      async (request) => {
        const caller = await resolveCaller(ctx, request, 'public');
        const { eventcode } = request.params as { eventcode: string };
        const tenant = await findTenantCached(ctx.db, caller.auctioncode, eventcode);
        const { event } = tenant;
        if (processorCodeOf(event.paymentprocessorcode) !== PROCESSOR_STRIPE || !event.processorwebhooksecret)
          throw new AppError('bad_request', 'This event takes no Stripe webhooks.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const outcome = verified(
          raw,
          Array.isArray(signature) ? signature[0] : signature,
          event.processorwebhooksecret,
        );
        if (!outcome?.chargekey) return { received: true };
        const [order] = await ctx.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.chargeKey, outcome.chargekey), eq(orders.eventId, event.id)))
          .limit(1);
        if (order)
          return {
            received: true,
            settled: await settleByProcessor(ctx, auctionCardOrders(ctx, tenant), order.id, outcome),
          };
        // A store order's charge (its keys start gavel_store_).
        const [storeOrder] = await ctx.db
          .select({ id: storeOrders.id })
          .from(storeOrders)
          .where(and(eq(storeOrders.chargeKey, outcome.chargekey), eq(storeOrders.eventId, event.id)))
          .limit(1);
        if (storeOrder)
          return {
            received: true,
            settled: await settleByProcessor(ctx, storeCardOrders(ctx, tenant), storeOrder.id, outcome),
          };
        // A balance paid at the console's desk or by charge all.
        const [payment] = await ctx.db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.chargeKey, outcome.chargekey), eq(payments.eventId, event.id)))
          .limit(1);
        if (!payment) return { received: true };
        return {
          received: true,
          settled: await settleByProcessor(ctx, deskCardOrders(ctx, tenant), payment.id, outcome),
        };
      },
    );
  };
}
