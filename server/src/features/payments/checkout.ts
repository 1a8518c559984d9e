import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { type CheckoutRequest, type CheckoutResponse, checkoutAmounts, checkoutMessages } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bidders, orders, wonItems } from '../../db/schema';
import { AppError } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import { findAnswer, keepAnswer } from '../../lib/idempotent';
import type { ChargeOutcome, ChargeRequest } from '../../payments/gateway';
import { processorCodeOf } from '../../payments/processor';
import { publishCart } from '../../realtime/publish';
import type { EventRow } from '../../tenancy';
import { cardOnFile, customerOf, gatewayOf } from './cards';
import { type OrderRow, queueReceipt, releaseOrder } from './orders';

/**
 * POST /checkout. Amounts come from the database and the rules in domain/ (a total the page sent
 * is only compared). Three steps, so that no database lock is held while the processor answers:
 *   1. in a transaction, under the bidder's row lock: check the items, record the order as
 *      pending and tie the items to it (a second checkout of them is refused from here on);
 *   2. charge, under the order's own key at the processor;
 *   3. in a transaction: paid (receipt queued, answer kept under the Idempotency-Key), or failed
 *      (the items go back to the cart exactly as they were), or unknown (left pending for the
 *      webhook or the reconciliation job, never charged again).
 */
export async function checkout(
  ctx: AppContext,
  caller: BidderCaller,
  body: CheckoutRequest,
  key: string | undefined,
  origin: string,
): Promise<CheckoutResponse> {
  const { event } = caller.tenant;
  const owner = { route: 'checkout', owner: caller.bidderId, body };
  if (key) {
    const prior = await findAnswer<CheckoutResponse>(ctx.db, owner, key);
    if (prior) return prior;
  }
  if (body.paymentintentid) return finishConfirmed(ctx, caller, body.paymentintentid, origin);
  if (body.historyid.length === 0) throw new AppError('bad_request', checkoutMessages.noItems);
  const gateway = body.billme ? undefined : gatewayOf(ctx, event);
  const card = body.billme || !body.usecard ? undefined : await cardOnFile(ctx.db, event, caller.bidderId);
  if (!body.billme && body.usecard && !card) throw new AppError('bad_request', checkoutMessages.noCardOnFile);
  if (!body.billme && !body.usecard && !body.processortoken)
    throw new AppError('bad_request', checkoutMessages.invalidCard);

  const placed = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: bidders.id }).from(bidders).where(eq(bidders.id, caller.bidderId)).for('update');
    if (key) {
      const prior = await findAnswer<CheckoutResponse>(tx, owner, key);
      if (prior) return { prior };
    }
    const order = await placeOrder(tx, event, caller.bidderId, body, ctx.clock());
    if (order.method !== 'billme') return { order };
    const answer: CheckoutResponse = {
      status: 'success',
      title: checkoutMessages.thanksTitle,
      message: checkoutMessages.billMeThanks,
      checkoutid: order.id,
    };
    if (key) await keepAnswer(tx, owner, key, answer);
    await queueReceipt(tx, caller.tenant, order, origin);
    return { order, answer };
  });
  if ('prior' in placed) return placed.prior as CheckoutResponse;
  if (placed.answer) {
    publishCart(ctx, caller.tenant, caller.bidderId);
    return placed.answer;
  }
  const order = placed.order;
  if (!gateway) throw new Error('a card order without a gateway');
  const source: ChargeRequest['source'] = card
    ? { card: { ...card }, customer: await customerOf(ctx.db, event, caller.bidderId) }
    : { token: body.processortoken ?? '' };
  const outcome = await charge(ctx, () => gateway.charge(chargeRequest(event, caller, order, source)));
  return settleCheckout(ctx, caller, order, outcome, key ? { ...owner, key } : undefined, origin);
}

function chargeRequest(
  event: EventRow,
  caller: BidderCaller,
  order: OrderRow,
  source: ChargeRequest['source'],
): ChargeRequest {
  return {
    amount: order.total,
    currency: event.currency,
    source,
    key: order.chargeKey,
    description: `${event.eventname}: order ${order.id}`,
    metadata: {
      orderid: String(order.id),
      chargekey: order.chargeKey,
      eventcode: event.eventcode,
      bidderid: String(caller.bidderId),
    },
  };
}

/** A processor that throws instead of answering has not told us the outcome (the store's checkout uses it too). */
export async function charge(ctx: AppContext, send: () => Promise<ChargeOutcome>): Promise<ChargeOutcome> {
  try {
    return await send();
  } catch (err) {
    ctx.log.error({ err }, 'card charge gave no answer; the order stays pending for reconciliation');
    return { kind: 'unknown' };
  }
}

/** Step 1: the items, checked under the bidder's lock, and the order that holds them. */
async function placeOrder(
  tx: Tx,
  event: EventRow,
  bidderId: number,
  body: CheckoutRequest,
  now: Date,
): Promise<OrderRow> {
  const ids = [...new Set(body.historyid)];
  const won = await tx
    .select({
      id: wonItems.id,
      itemId: wonItems.itemId,
      amount: wonItems.amount,
      quantity: wonItems.quantity,
      checkoutId: wonItems.checkoutId,
    })
    .from(wonItems)
    .where(and(inArray(wonItems.id, ids), eq(wonItems.bidderId, bidderId), eq(wonItems.eventId, event.id)))
    .for('update');
  if (won.length !== ids.length) throw new AppError('bad_request', checkoutMessages.notYours);
  if (won.some((w) => w.checkoutId !== null)) throw new AppError('conflict', checkoutMessages.alreadyPaid);
  const wonItemIds = new Set(won.map((w) => w.itemId));
  if (body.itemid.some((id) => !wonItemIds.has(id))) throw new AppError('bad_request', checkoutMessages.notYours);

  const coverFee = event.allowpayccfees && body.ccfeesexactamount > 0;
  const amounts = checkoutAmounts({
    subtotal: won.reduce((s, w) => s + w.amount * w.quantity, 0),
    donation: body.additionaldonation,
    coverFee,
    percent: event.ccfeespercent,
  });
  if ((coverFee && body.ccfeesexactamount !== amounts.fee) || body.totalamount !== amounts.total)
    throw new AppError('conflict', checkoutMessages.totalChanged);
  if (body.billme && !event.allowbillme) throw new AppError('bad_request', checkoutMessages.billMeOff);

  const [order] = await tx
    .insert(orders)
    .values({
      eventId: event.id,
      bidderId,
      method: body.billme ? 'billme' : 'card',
      state: body.billme ? 'unpaid' : 'pending',
      ...amounts,
      currency: event.currency,
      processorcode: processorCodeOf(event.paymentprocessorcode),
      chargeKey: `gavel_${randomUUID()}`,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  await tx.update(wonItems).set({ checkoutId: order.id }).where(inArray(wonItems.id, ids));
  return order;
}

/** Step 3: record what the processor said, and answer. */
async function settleCheckout(
  ctx: AppContext,
  caller: BidderCaller,
  order: OrderRow,
  outcome: ChargeOutcome,
  keep: { route: string; owner: number; body: unknown; key: string } | undefined,
  origin: string,
): Promise<CheckoutResponse> {
  const now = ctx.clock();
  if (outcome.kind === 'requires_action') {
    await ctx.db.update(orders).set({ processorRef: outcome.ref }).where(eq(orders.id, order.id));
    return {
      status: 'requires_action',
      title: 'Please confirm your payment',
      message: 'Your bank asks you to confirm this payment.',
      checkoutid: order.id,
      clientsecret: outcome.clientsecret,
      paymentintentid: outcome.ref,
    };
  }
  if (outcome.kind === 'failed') {
    await ctx.db.transaction((tx) => releaseOrder(tx, order.id, outcome.message, now, outcome.ref));
    throw new AppError('payment_failed', outcome.message);
  }
  const answer: CheckoutResponse =
    outcome.kind === 'succeeded'
      ? {
          status: 'success',
          title: checkoutMessages.thanksTitle,
          message: checkoutMessages.thanksText,
          checkoutid: order.id,
        }
      : {
          status: 'pending',
          title: checkoutMessages.thanksTitle,
          message: checkoutMessages.paymentPending,
          checkoutid: order.id,
        };
  await ctx.db.transaction(async (tx) => {
    if (outcome.kind === 'succeeded') {
      const card = outcome.card ?? (await cardOnFile(tx, caller.tenant.event, caller.bidderId));
      const [paid] = await tx
        .update(orders)
        .set({
          state: 'paid',
          processorRef: outcome.ref,
          cardbrand: card?.brand ?? '',
          cardlast4: card?.last4 ?? '',
          settledAt: now,
        })
        .where(and(eq(orders.id, order.id), eq(orders.state, 'pending')))
        .returning();
      if (paid) await queueReceipt(tx, caller.tenant, paid, origin);
    } else if (outcome.ref) {
      await tx.update(orders).set({ processorRef: outcome.ref }).where(eq(orders.id, order.id));
    }
    if (keep) await keepAnswer(tx, keep, keep.key, answer);
  });
  publishCart(ctx, caller.tenant, caller.bidderId);
  return answer;
}

/** A payment the bidder confirmed in the browser: finish it on the order waiting for it. */
async function finishConfirmed(
  ctx: AppContext,
  caller: BidderCaller,
  ref: string,
  origin: string,
): Promise<CheckoutResponse> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.processorRef, ref),
        eq(orders.bidderId, caller.bidderId),
        eq(orders.eventId, caller.tenant.event.id),
      ),
    )
    .limit(1);
  if (!order) throw new AppError('not_found', 'This payment was not found. Please start checkout again.');
  if (order.state === 'paid')
    return {
      status: 'success',
      title: checkoutMessages.thanksTitle,
      message: checkoutMessages.thanksText,
      checkoutid: order.id,
    };
  if (order.state !== 'pending')
    throw new AppError('conflict', 'This payment did not go through. Please start checkout again.');
  const gateway = gatewayOf(ctx, caller.tenant.event);
  const outcome = await charge(ctx, () =>
    gateway.charge({ ...chargeRequest(caller.tenant.event, caller, order, { token: '' }), confirmed: ref }),
  );
  return settleCheckout(ctx, caller, order, outcome, undefined, origin);
}
