import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type CheckoutRequest,
  type CheckoutResponse,
  cardPaymentMessages,
  checkoutAmounts,
  checkoutMessages,
  deskWords,
  holdWords,
  unappliedCredit,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bidders, orders, wonItems } from '../../db/schema';
import { AppError } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import { findAnswer, keepAnswer } from '../../lib/idempotent';
import { type Answered, finishConfirmed, gatewayOf, payByCard, type Settling } from '../../payments/card-payment';
import type { ChargeRequest } from '../../payments/gateway';
import { processorCodeOf } from '../../payments/processor';
import { publishCart } from '../../realtime/publish';
import type { EventRow } from '../../tenancy';
import { balanceOf } from '../../money/ledger';
import { cardOnFile, customerOf } from './cards';
import { auctionCardOrders, type OrderRow, queueReceipt } from './orders';

/**
 * POST /checkout, through the card-payment flow (payments/card-payment.ts). Amounts come from the
 * database and the rules in domain/ (a total the page sent is only compared). The order is
 * recorded under the bidder's row lock, its items tied to it (a second checkout of them is refused
 * from here on); paid and pending answers are kept under the Idempotency-Key with the order's state.
 */
export async function checkout(
  ctx: AppContext,
  caller: BidderCaller,
  { body, key }: { body: CheckoutRequest; key: string | undefined },
): Promise<CheckoutResponse> {
  const { tenant } = caller;
  const { event } = tenant;
  const owner = { route: 'checkout', owner: caller.bidderId, body };
  if (key) {
    const prior = await findAnswer<CheckoutResponse>(ctx.db, owner, key);
    if (prior) return prior;
  }
  const cardOrders = auctionCardOrders(ctx, tenant);
  const settling = (
    source: ChargeRequest['source'],
    keep: string | undefined,
  ): Settling<OrderRow, CheckoutResponse> => ({
    orders: cardOrders,
    request: (order) => ({ ...cardOrders.charge(order), source }),
    async answer(tx, settled) {
      const answer = checkoutAnswer(settled);
      if (keep && settled.kind !== 'confirm') await keepAnswer(tx, owner, keep, answer);
      return answer;
    },
  });
  if (body.paymentintentid) {
    const ref = body.paymentintentid;
    return finishConfirmed(ctx, {
      ...settling({ token: '' }, undefined),
      event,
      ref,
      find: async (db) => {
        const [order] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.processorRef, ref), eq(orders.bidderId, caller.bidderId), eq(orders.eventId, event.id)))
          .limit(1);
        return order;
      },
    });
  }
  if (body.historyid.length === 0) throw new AppError('bad_request', checkoutMessages.noItems);
  const gateway = body.billme ? undefined : gatewayOf(ctx, event);
  const card = body.billme || !body.usecard ? undefined : await cardOnFile(ctx.db, event, caller.bidderId);
  if (!body.billme && body.usecard && !card) throw new AppError('bad_request', checkoutMessages.noCardOnFile);
  if (!body.billme && !body.usecard && !body.processortoken)
    throw new AppError('bad_request', checkoutMessages.invalidCard);
  const source: ChargeRequest['source'] = card
    ? { card: { ...card }, customer: await customerOf(ctx.db, event, caller.bidderId) }
    : { token: body.processortoken ?? '' };

  return payByCard<OrderRow, CheckoutResponse>(ctx, {
    ...settling(source, key),
    gateway,
    async record(tx, now) {
      await tx.select({ id: bidders.id }).from(bidders).where(eq(bidders.id, caller.bidderId)).for('update');
      if (key) {
        const prior = await findAnswer<CheckoutResponse>(tx, owner, key);
        if (prior) return { answer: prior };
      }
      const order = await placeOrder(tx, { event, bidderId: caller.bidderId, body, now });
      if (order.method !== 'billme') return { order };
      const answer: CheckoutResponse = {
        status: 'success',
        title: checkoutMessages.thanksTitle,
        message: checkoutMessages.billMeThanks,
        checkoutid: order.id,
      };
      if (key) await keepAnswer(tx, owner, key, answer);
      await queueReceipt(tx, tenant, order, ctx.site.originOf(tenant.organization.auctioncode));
      return { answer, after: () => publishCart(ctx, tenant, caller.bidderId) };
    },
  });
}

function checkoutAnswer(settled: Answered<OrderRow>): CheckoutResponse {
  const checkoutid = settled.order.id;
  if (settled.kind === 'confirm')
    return {
      status: 'requires_action',
      title: cardPaymentMessages.confirmTitle,
      message: cardPaymentMessages.confirmText,
      checkoutid,
      clientsecret: settled.clientsecret,
      paymentintentid: settled.ref,
    };
  if (settled.kind === 'pending')
    return {
      status: 'pending',
      title: checkoutMessages.thanksTitle,
      message: checkoutMessages.paymentPending,
      checkoutid,
    };
  return { status: 'success', title: checkoutMessages.thanksTitle, message: checkoutMessages.thanksText, checkoutid };
}

/** Step 1: the items, checked under the bidder's lock, and the order that holds them. */
async function placeOrder(
  tx: Tx,
  { event, bidderId, body, now }: { event: EventRow; bidderId: number; body: CheckoutRequest; now: Date },
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
  const balance = await balanceOf(tx, event, bidderId);
  // A line on hold at the desk (disputed) is paid by nobody until it is resolved.
  if (balance.lines.some((l) => l.kind === 'item' && l.held && ids.includes(l.id)))
    throw new AppError('conflict', holdWords.onHold);
  // Money paid at the desk and not yet tied to items would pay them twice: the rest is paid there.
  if (unappliedCredit(balance) > 0) throw new AppError('conflict', deskWords.payRestAtDesk);
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
