import { cardPaymentMessages, checkoutMessages } from '@gavel/domain';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { AppError } from '../errors';
import type { EventRow } from '../tenancy';
import type { CardDetails, ChargeOutcome, ChargeRequest, PaymentGateway, SentCharge } from './gateway';
import { testGatewayRefused } from './processor';

/**
 * The one card-payment flow, whoever's order a card pays (the auction's checkout, the store's).
 * Three steps, so that no database lock is held while the processor answers:
 *   1. record: in a transaction, under the caller's locks, the order is checked and recorded as
 *      pending (what it holds can no longer be paid or sold twice);
 *   2. charge: under the order's own key at the processor, outside any transaction;
 *   3. settle: in a transaction, under the order's row lock and only while it is still pending:
 *      paid, declined (what it held is released), waiting for the buyer's bank, or unknown (left
 *      pending for the webhook or the reconciliation job, never charged again).
 * What differs between kinds of order is a `CardOrders` (what paid means, what a release frees);
 * what differs between callers is a `CardPayment` (what is recorded, charged and answered).
 */

/**
 * The event's gateway, or a clear refusal when the event takes no card payments here: 409, as the
 * request is sound but the event's setup does not allow it, and nothing is recorded or charged.
 */
export function gatewayOf(ctx: AppContext, event: EventRow): PaymentGateway {
  const gateway = ctx.payments.gatewayFor(event);
  if (gateway) return gateway;
  throw new AppError(
    'conflict',
    testGatewayRefused(event, ctx.payments.options.testPaymentsAllowed)
      ? checkoutMessages.testPaymentsOff
      : checkoutMessages.noProcessor,
  );
}

/** What every order a card pays has (the auction's and the store's tables share these columns). */
export interface CardOrder {
  id: number;
  state: 'pending' | 'paid' | 'unpaid' | 'failed' | 'refunded';
  failure: string;
}

/** Where a charge left its order; `now` when this settling changed it (not a webhook or twin before). */
export type Settled<O extends CardOrder> =
  | { kind: 'paid'; order: O; now: boolean }
  | { kind: 'pending'; order: O }
  | { kind: 'confirm'; order: O; ref: string; clientsecret: string }
  | { kind: 'declined'; order: O; message: string; now: boolean };

/** The outcomes a caller answers; a declined charge is refused instead (402, the processor's words). */
export type Answered<O extends CardOrder> = Exclude<Settled<O>, { kind: 'declined' }>;
type Declined<O extends CardOrder> = Extract<Settled<O>, { kind: 'declined' }>;

/**
 * What differs between kinds of order, for settling a charge. `paid` and `release` are called in
 * the settling transaction on the order locked and still pending, so a late or repeated outcome
 * changes nothing.
 */
export interface CardOrders<O extends CardOrder> {
  /** What the processor is sent for the order, but the card: the charge, and what the catch-up must find again. */
  charge(order: O): SentCharge;
  /** The order under its row lock. */
  lock(tx: Tx, id: number): Promise<O | undefined>;
  /** Keeps the processor's reference to the charge: a confirmed payment and the webhook find the order by it. */
  noteRef(tx: Tx, id: number, ref: string): Promise<void>;
  /** What paid means for this kind (a receipt; units sold, guest seats): answers the order as paid. */
  paid(tx: Tx, order: O, charge: { ref: string; card: CardDetails | undefined; now: Date }): Promise<O>;
  /** What a declined charge frees (the items back in the cart, the cart open again): answers the order as failed. */
  release(tx: Tx, order: O, failure: { message: string; ref?: string | undefined; now: Date }): Promise<O>;
  /** After the settling committed: what others are told (live messages, the board's total). */
  after?(settled: Settled<O>): void;
}

/** What differs between callers once an order is recorded: what is charged, and the answer. */
export interface Settling<O extends CardOrder, A> {
  orders: CardOrders<O>;
  /** What the order is charged: its amount, its card or token, its key, what the processor shows. */
  request(order: O): ChargeRequest;
  /** The answer, made in the settling transaction so that an answer kept under the caller's key commits with it. */
  answer(tx: Tx, settled: Answered<O>): Promise<A>;
}

export interface CardPayment<O extends CardOrder, A> extends Settling<O, A> {
  /** The gateway, got before anything is recorded; undefined when `record` answers without a charge. */
  gateway: PaymentGateway | undefined;
  /**
   * Step 1, in a transaction: the order recorded under the caller's locks, or an answer that needs
   * no charge (a replayed key, Bill Me, a free order, an order already placed), with what to do
   * once it has committed.
   */
  record(tx: Tx, now: Date): Promise<{ order: O } | { answer: A; after?: () => void }>;
}

/** Records, charges and settles one card payment (the three steps above), and answers it. */
export async function payByCard<O extends CardOrder, A>(ctx: AppContext, payment: CardPayment<O, A>): Promise<A> {
  const recorded = await ctx.db.transaction((tx) => payment.record(tx, ctx.clock()));
  if ('answer' in recorded) {
    recorded.after?.();
    return recorded.answer;
  }
  if (!payment.gateway) throw new Error('a card order without a gateway');
  const { order } = recorded;
  return chargeAndSettle(ctx, payment, { gateway: payment.gateway, request: payment.request(order), order });
}

export interface ConfirmedPayment<O extends CardOrder, A> extends Settling<O, A> {
  event: EventRow;
  /** The processor's id of the payment the buyer confirmed (a PaymentIntent), as the browser sent it. */
  ref: string;
  /** The caller's own order waiting for that payment. */
  find(db: Db): Promise<O | undefined>;
}

/**
 * A payment the buyer confirmed with their bank (3-D Secure): finished on the caller's order
 * waiting for it. An order already final answers as it is; one that failed meanwhile is refused.
 */
export async function finishConfirmed<O extends CardOrder, A>(
  ctx: AppContext,
  payment: ConfirmedPayment<O, A>,
): Promise<A> {
  const order = await payment.find(ctx.db);
  if (!order) throw new AppError('not_found', cardPaymentMessages.notFound);
  if (order.state === 'paid' || order.state === 'unpaid')
    return ctx.db.transaction((tx) => payment.answer(tx, { kind: 'paid', order, now: false }));
  if (order.state !== 'pending') throw new AppError('conflict', cardPaymentMessages.didNotGoThrough);
  const request = { ...payment.request(order), confirmed: payment.ref };
  return chargeAndSettle(ctx, payment, { gateway: gatewayOf(ctx, payment.event), request, order });
}

/** Steps 2 and 3 for a caller waiting for the answer. */
async function chargeAndSettle<O extends CardOrder, A>(
  ctx: AppContext,
  payment: Settling<O, A>,
  { gateway, request, order }: { gateway: PaymentGateway; request: ChargeRequest; order: O },
): Promise<A> {
  const outcome = await charge(ctx, gateway, request);
  const now = ctx.clock();
  const done = await ctx.db.transaction(
    async (tx): Promise<{ settled: Declined<O> } | { settled: Answered<O>; answer: A }> => {
      const settled = await settleAnswered(tx, payment.orders, { order, outcome, now });
      return settled.kind === 'declined' ? { settled } : { settled, answer: await payment.answer(tx, settled) };
    },
  );
  payment.orders.after?.(done.settled);
  if (!('answer' in done)) throw new AppError('payment_failed', done.settled.message);
  return done.answer;
}

/** A processor that throws instead of answering has not told us the outcome. */
async function charge(ctx: AppContext, gateway: PaymentGateway, request: ChargeRequest): Promise<ChargeOutcome> {
  try {
    return await gateway.charge(request);
  } catch (err) {
    ctx.log.error({ err }, 'card charge gave no answer; the order stays pending for reconciliation');
    return { kind: 'unknown' };
  }
}

/** Step 3 for a caller: what the processor said, whatever it was. */
async function settleAnswered<O extends CardOrder>(
  tx: Tx,
  orders: CardOrders<O>,
  { order, outcome, now }: { order: O; outcome: ChargeOutcome; now: Date },
): Promise<Settled<O>> {
  if (outcome.kind === 'requires_action') {
    // The order keeps what it holds while the buyer confirms; the reconciliation job gives up on one never confirmed.
    await orders.noteRef(tx, order.id, outcome.ref);
    return { kind: 'confirm', order, ref: outcome.ref, clientsecret: outcome.clientsecret };
  }
  if (outcome.kind === 'unknown') {
    if (outcome.ref) await orders.noteRef(tx, order.id, outcome.ref);
    return { kind: 'pending', order };
  }
  const settled = await settleLocked(tx, orders, { id: order.id, outcome, now });
  if (!settled) throw new Error('the order being charged is gone');
  return settled;
}

/** Paid or declined under the order's row lock, only while it is still pending; otherwise as it was settled before. */
async function settleLocked<O extends CardOrder>(
  tx: Tx,
  orders: CardOrders<O>,
  { id, outcome, now }: { id: number; outcome: Extract<ChargeOutcome, { kind: 'succeeded' | 'failed' }>; now: Date },
): Promise<Extract<Settled<O>, { kind: 'paid' | 'declined' }> | undefined> {
  const order = await orders.lock(tx, id);
  if (!order) return undefined;
  if (order.state === 'pending') {
    if (outcome.kind === 'succeeded')
      return {
        kind: 'paid',
        order: await orders.paid(tx, order, { ref: outcome.ref, card: outcome.card, now }),
        now: true,
      };
    const released = await orders.release(tx, order, { message: outcome.message, ref: outcome.ref, now });
    return { kind: 'declined', order: released, message: outcome.message, now: true };
  }
  if (order.state !== 'failed') return { kind: 'paid', order, now: false };
  return { kind: 'declined', order, message: outcome.kind === 'failed' ? outcome.message : order.failure, now: false };
}

/**
 * Settles a pending order from what the processor says after the fact (its webhook, the
 * reconciliation job): only a charge that succeeded or failed changes it, and only while it is
 * still pending, so a late or repeated message changes nothing.
 */
export async function settleByProcessor<O extends CardOrder>(
  ctx: AppContext,
  orders: CardOrders<O>,
  id: number,
  outcome: ChargeOutcome,
): Promise<'paid' | 'failed' | 'unchanged'> {
  if (outcome.kind !== 'succeeded' && outcome.kind !== 'failed') return 'unchanged';
  const now = ctx.clock();
  const settled = await ctx.db.transaction((tx) => settleLocked(tx, orders, { id, outcome, now }));
  if (!settled?.now) return 'unchanged';
  orders.after?.(settled);
  return settled.kind === 'paid' ? 'paid' : 'failed';
}
