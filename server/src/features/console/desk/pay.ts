import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { allocatePayment, type Balance, deskOrderAmounts, deskWords, payableLines, totalDue } from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { bidders, orders, paymentAllocations, payments, pledges, storeOrders, wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import { findAnswer, type KeyedRequest, keepAnswer } from '../../../lib/idempotent';
import { type Answered, gatewayOf, payByCard } from '../../../payments/card-payment';
import type { ChargeRequest } from '../../../payments/gateway';
import { processorCodeOf } from '../../../payments/processor';
import type { Tenant } from '../../../tenancy';
import { cardOnFile, customerOf } from '../../payments/cards';
import type { Actor } from '../../../lib/audit';
import { balancesOf } from '../../../money/ledger';
import {
  deskCardOrders,
  markFailed,
  type PaymentRow,
  paymentOfKey,
  paymentOfRequest,
} from '../../../money/desk-settle';

export { deskCardOrders, type PaymentRow } from '../../../money/desk-settle';

/**
 * Paying balances (the desk, charge all): one payment, through the one card-payment flow for a
 * card. Recorded in one transaction under every balance's bidder row lock, taken in id order (the
 * phone's checkout locks the same row): that is what serializes a desk, a phone and a batch. A
 * balance this payment pays in full gets a desk order that ties what it pays for, so the phone
 * shows it paid and cannot pay it again.
 */
export interface BalancePayment {
  /** Who pays (bidders.id): whose card, and whose keys. */
  payerId: number;
  /** The balances paid (bidders.id), the payer's own first; a couple pays both. */
  forBidderIds: number[];
  method: 'card' | 'cash' | 'check';
  /** For a card: the payer's card on file, or a new card's processor token. */
  card?: 'onfile' | { token: string };
  /** Cents, or everything due at the moment it is recorded (charge all). */
  amount: number | 'due';
  reference?: string;
  staffId: number | null;
  runId?: number;
  /**
   * What asks for this payment, for a caller that may ask again (a charge-all run's bidder, the
   * desk's Idempotency-Key): asked again, the payment made for it is answered, never a second one.
   * It stays in this database; the key sent to the processor is random (newChargeKey).
   */
  requestKey?: string;
  /** Who the audit log names; without it, the staff member of `staffId`. */
  actor?: Actor;
  /** An Idempotency-Key's request: its answer is looked up under the locks and kept with the outcome. */
  keep?: { request: KeyedRequest; key: string };
}

export interface BalancePaid {
  kind: 'paid' | 'pending' | 'confirm' | 'declined' | 'alreadypaid';
  payment: PaymentRow | null;
  message: string;
  /** What is still due on the balances after. */
  due: number;
}

/** Takes the balances' bidders' row locks, in id order; 404 when one is not the event's. */
async function lockBidders(tx: Tx, tenant: Tenant, ids: number[]): Promise<void> {
  const rows = await tx
    .select({ bidderId: bidders.id })
    .from(bidders)
    .where(and(inArray(bidders.id, ids), eq(bidders.eventId, tenant.event.id)))
    .orderBy(asc(bidders.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('not_found', deskWords.notFound);
}

/** What a payment recorded under this key before has become (a retry, or a double tap while it runs). */
function answerOfPayment(payment: PaymentRow, due: number): BalancePaid {
  if (payment.state === 'paid') return { kind: 'paid', payment, message: deskWords.paid(payment.amount), due };
  if (payment.state === 'failed') return { kind: 'declined', payment, message: payment.failure, due };
  return { kind: 'pending', payment, message: deskWords.pending, due };
}

/** The desk order of a balance paid in full: its open items, pledges and Bill Me orders tied to it. */
async function deskOrder(
  tx: Tx,
  {
    tenant,
    bidderId,
    balance,
    chargeKey,
    now,
  }: { tenant: Tenant; bidderId: number; balance: Balance; chargeKey: string; now: Date },
): Promise<number> {
  const { event } = tenant;
  const [order] = await tx
    .insert(orders)
    .values({
      eventId: event.id,
      bidderId,
      method: 'desk',
      state: 'pending',
      ...deskOrderAmounts(balance),
      currency: event.currency,
      processorcode: processorCodeOf(event.paymentprocessorcode),
      chargeKey: `${chargeKey}:b${bidderId}`,
      createdAt: now,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  const open = payableLines(balance);
  const ids = (kind: string, inOrder: boolean) =>
    open.filter((l) => l.kind === kind && (l.orderId !== null) === inOrder).map((l) => l.id);
  const items = ids('item', false);
  if (items.length > 0)
    await tx
      .update(wonItems)
      .set({ checkoutId: order.id })
      .where(and(inArray(wonItems.id, items), isNull(wonItems.checkoutId)));
  const pledged = open.filter((l) => l.kind === 'pledge').map((l) => l.id);
  if (pledged.length > 0)
    await tx
      .update(pledges)
      .set({ settledBy: order.id })
      .where(and(inArray(pledges.id, pledged), isNull(pledges.settledBy)));
  const billMe = [
    ...new Set(open.filter((l) => l.billme && l.kind !== 'storebillme' && l.orderId !== null).map((l) => l.orderId!)),
  ];
  if (billMe.length > 0)
    await tx
      .update(orders)
      .set({ settledBy: order.id })
      .where(and(inArray(orders.id, billMe), eq(orders.state, 'unpaid'), isNull(orders.settledBy)));
  const store = open.filter((l) => l.kind === 'storebillme').map((l) => l.id);
  if (store.length > 0)
    await tx
      .update(storeOrders)
      .set({ settledBy: order.id })
      .where(and(inArray(storeOrders.id, store), eq(storeOrders.state, 'unpaid'), isNull(storeOrders.settledBy)));
  return order.id;
}

/** The audit log's actor: the one given, or the staff member who made the payment. */
type Recorded = { order: PaymentRow; due: number } | { answer: BalancePaid };

/**
 * Step 1, under the balances' locks: a replayed key or a payment already under this charge key is
 * answered as it stands; nothing due answers 'alreadypaid'; too much is refused. Otherwise the
 * payment (pending) and its allocations, with a desk order for each balance it pays in full.
 */
async function record(
  tx: Tx,
  { tenant, p, chargeKey, now }: { tenant: Tenant; p: BalancePayment; chargeKey: string; now: Date },
): Promise<Recorded> {
  const ids = [...new Set(p.forBidderIds)];
  // Under their row locks; refused (404) when one is not the event's.
  await lockBidders(
    tx,
    tenant,
    [...ids].sort((a, b) => a - b),
  );
  const keep = async (answer: BalancePaid) => {
    if (p.keep) await keepAnswer(tx, p.keep.request, p.keep.key, answer);
    return { answer };
  };
  if (p.keep) {
    const prior = await findAnswer<BalancePaid>(tx, p.keep.request, p.keep.key);
    if (prior) return { answer: prior };
  }
  const balances = await balancesOf(tx, tenant.event, ids);
  const dues = ids.map((id) => balances.get(id)?.due ?? 0);
  const due = totalDue(dues);
  const before = p.requestKey ? await paymentOfRequest(tx, tenant.event.id, p.requestKey) : undefined;
  if (before) return { answer: answerOfPayment(before, due) };
  if (due <= 0) {
    const busy = ids.some((id) => balances.get(id)?.inProgress);
    return keep({
      kind: 'alreadypaid',
      payment: null,
      message: busy ? deskWords.inProgress : deskWords.alreadyPaid,
      due: 0,
    });
  }
  const amount = p.amount === 'due' ? due : p.amount;
  if (amount > due)
    throw new AppError('bad_request', deskWords.moreThanDue(due), [
      { path: 'amount', message: deskWords.moreThanDue(due) },
    ]);
  const { event } = tenant;
  const [payment] = await tx
    .insert(payments)
    .values({
      eventId: event.id,
      bidderId: p.payerId,
      method: p.method,
      amount,
      reference: p.reference ?? '',
      state: 'pending',
      currency: event.currency,
      processorcode: processorCodeOf(event.paymentprocessorcode),
      chargeKey,
      requestKey: p.requestKey ?? null,
      staffId: p.staffId,
      ...(p.runId === undefined ? {} : { runId: p.runId }),
      createdAt: now,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  const shares = allocatePayment(amount, dues);
  for (const [i, bidderId] of ids.entries()) {
    const share = shares[i]!;
    if (share.amount === 0) continue;
    const balance = balances.get(bidderId)!;
    const orderId = share.full ? await deskOrder(tx, { tenant, bidderId, balance, chargeKey, now }) : null;
    await tx.insert(paymentAllocations).values({ paymentId: payment.id, bidderId, amount: share.amount, orderId });
  }
  return { order: payment, due: due - amount };
}

function paidAnswer(payment: PaymentRow, due: number): BalancePaid {
  const message = due > 0 ? deskWords.partlyPaid(payment.amount, due) : deskWords.paid(payment.amount);
  return { kind: 'paid', payment, message, due };
}

/**
 * The key a payment is charged under at the processor: random, so that no other database sharing
 * the processor account (a second server, a restored backup, a staging copy, whose ids and run
 * numbers are the same as ours) ever sends it, and the catch-up never takes their charge for ours.
 * The prefix says what made it (a desk order of charge all reads as "charged to your card on file").
 */
export function newChargeKey(kind: 'desk' | 'run'): string {
  return `gavel_${kind}_${randomUUID()}`;
}

/** Refuses what needs no database: an amount that is not a positive number of cents, no balance named. */
function check(p: BalancePayment): void {
  if (p.forBidderIds.length === 0) throw new AppError('not_found', deskWords.notFound);
  if (p.amount !== 'due' && (!Number.isInteger(p.amount) || p.amount <= 0))
    throw new AppError('bad_request', deskWords.amountZero, [{ path: 'amount', message: deskWords.amountZero }]);
}

/** Pays balances by cash or check: recorded and settled paid in one transaction. */
async function payInHand(ctx: AppContext, tenant: Tenant, p: BalancePayment, chargeKey: string): Promise<BalancePaid> {
  const hooks = deskCardOrders(ctx, tenant, { bidderIds: p.forBidderIds, actor: p.actor });
  const done = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const recorded = await record(tx, { tenant, p, chargeKey, now });
    if ('answer' in recorded) return { answer: recorded.answer, changed: false };
    const paid = await hooks.paid(tx, recorded.order, { ref: '', card: undefined, now });
    const answer = paidAnswer(paid, recorded.due);
    if (p.keep) await keepAnswer(tx, p.keep.request, p.keep.key, answer);
    return { answer, changed: true, paid };
  });
  if (done.changed && done.paid) hooks.after?.({ kind: 'paid', order: done.paid, now: true });
  return done.answer;
}

/**
 * Pays the balances (see BalancePayment). A card is charged under the payment's key outside any
 * transaction (payByCard); a declined card answers 'declined' with the processor's words and leaves
 * nothing tied; a card the bank wants confirmed is given up at once ('confirm'), as nobody at a
 * desk or in a batch can confirm it, so nothing stays held.
 */
export async function payBalances(ctx: AppContext, tenant: Tenant, p: BalancePayment): Promise<BalancePaid> {
  check(p);
  const chargeKey = newChargeKey(p.runId === undefined ? 'desk' : 'run');
  if (p.method !== 'card') return payInHand(ctx, tenant, p, chargeKey);
  const { event } = tenant;
  const gateway = gatewayOf(ctx, event);
  const source = await sourceOf(ctx, tenant, p);
  const hooks = deskCardOrders(ctx, tenant, { bidderIds: p.forBidderIds, actor: p.actor });
  let after = 0;
  try {
    return await payByCard<PaymentRow, BalancePaid>(ctx, {
      gateway,
      orders: hooks,
      async record(tx, now) {
        const recorded = await record(tx, { tenant, p, chargeKey, now });
        if ('answer' in recorded) return recorded;
        after = recorded.due;
        return { order: recorded.order };
      },
      request: (payment): ChargeRequest => ({ ...hooks.charge(payment), source }),
      answer: (tx, settled) => settledAnswer(tx, { tenant, p, settled, due: after, now: ctx.clock() }),
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'payment_failed') throw err;
    const payment = p.requestKey
      ? await paymentOfRequest(ctx.db, event.id, p.requestKey)
      : await paymentOfKey(ctx.db, chargeKey);
    const balances = await balancesOf(ctx.db, event, p.forBidderIds);
    const due = totalDue(p.forBidderIds.map((id) => balances.get(id)?.due ?? 0));
    return { kind: 'declined', payment: payment ?? null, message: err.message, due };
  }
}

async function settledAnswer(
  tx: Tx,
  {
    tenant,
    p,
    settled,
    due,
    now,
  }: { tenant: Tenant; p: BalancePayment; settled: Answered<PaymentRow>; due: number; now: Date },
): Promise<BalancePaid> {
  let answer: BalancePaid;
  if (settled.kind === 'confirm') {
    const failed = await markFailed(tx, { payment: settled.order, message: deskWords.confirm, now });
    const balances = await balancesOf(tx, tenant.event, p.forBidderIds);
    answer = {
      kind: 'confirm',
      payment: failed,
      message: deskWords.confirm,
      due: totalDue(p.forBidderIds.map((id) => balances.get(id)?.due ?? 0)),
    };
  } else if (settled.kind === 'pending')
    answer = { kind: 'pending', payment: settled.order, message: deskWords.pending, due };
  else answer = paidAnswer(settled.order, due);
  if (p.keep) await keepAnswer(tx, p.keep.request, p.keep.key, answer);
  return answer;
}

/** The card charged: the payer's card on file (refused when there is none), or a new card's token. */
async function sourceOf(ctx: AppContext, tenant: Tenant, p: BalancePayment): Promise<ChargeRequest['source']> {
  if (p.card && p.card !== 'onfile') return { token: p.card.token };
  const card = await cardOnFile(ctx.db, tenant.event, p.payerId);
  if (!card) throw new AppError('bad_request', deskWords.noCardOnFile);
  return { card: { ...card }, customer: await customerOf(ctx.db, tenant.event, p.payerId) };
}
