import type { FastifyPluginAsync } from 'fastify';
import { PROCESSOR_TEST } from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { idempotencyKey } from '../../lib/idempotent';
import { route, sendCsv } from '../../lib/route';
import { processorCodeOf } from '../../payments/processor';
import { issueTestCryptogram } from '../../payments/test-gateway';
import { gatewayOf } from '../../payments/card-payment';
import { paymentMethodOf, removeCard, saveCard } from './cards';
import { checkout } from './checkout';
import { ordersCsv, paymentsReport, refundOrder } from './report';

/** Cards on file, checkout, the test gateway's cryptograms and the organizer's payments report. */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /userpaymentmethod', ({ caller }) => paymentMethodOf(ctx, caller.tenant, caller.bidderId));

    route(app, ctx, 'POST /updatecard', ({ caller, body, request }) =>
      saveCard(ctx, caller, body, idempotencyKey(request)),
    );

    route(app, ctx, 'DELETE /updatecard', async ({ caller }) => {
      await removeCard(ctx, caller);
      return { status: 'success', message: 'Your card was removed.' };
    });

    route(app, ctx, 'POST /checkout', ({ caller, body, request }) =>
      checkout(ctx, caller, { body, key: idempotencyKey(request) }),
    );

    // The hosted card form's own call: it sends what the form checked, never the card number. It
    // carries no sign-in (the form is the processor's page), so a venue's phones share the address's
    // limit; no tighter one here, as a test cryptogram is worth nothing to a guesser: it pays once,
    // and only where this server takes test payments.
    route(app, ctx, 'POST /testpay/tokens', async ({ caller, body }) => {
      const { event } = caller.tenant;
      if (processorCodeOf(event.paymentprocessorcode) !== PROCESSOR_TEST)
        throw new AppError('bad_request', 'This event does not use test payments.');
      // A cryptogram is of use only where the event has a gateway: where this server takes no test
      // payments, none is issued and gatewayOf says why (409).
      gatewayOf(ctx, event);
      const { eventcode: _eventcode, ...card } = body;
      return {
        status: 'success',
        cryptogram: issueTestCryptogram(ctx.payments.options.secret, event.id, card, ctx.clock()),
      };
    });

    route(app, ctx, 'GET /admin/payments', async ({ caller, query, reply }) => {
      if (!caller.tenant) throw new AppError('bad_request', 'Name the event: ?eventcode=CODE.');
      const report = await paymentsReport(ctx.db, caller.tenant);
      if (query.format === 'csv')
        return sendCsv(reply, `${caller.tenant.event.eventcode}-payments.csv`, ordersCsv(report.orders));
      return report;
    });

    route(app, ctx, 'POST /admin/refund', async ({ caller, body }) => {
      if (!caller.tenant) throw new AppError('bad_request', 'Name the event: eventcode.');
      return refundOrder(ctx, caller.tenant, body.orderid);
    });
  };
}
