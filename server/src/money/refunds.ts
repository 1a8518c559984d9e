import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import { type Balance, formatMoney, type PaymentRef, refundable, refundHow, refundWords } from '@gavel/domain';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { orders, paymentAllocations, payments, refunds } from '../db/schema';
import { AppError } from '../errors';
import { findAnswer, type KeyedRequest, keepAnswer } from '../lib/idempotent';
import { gatewayOf } from '../payments/card-payment';
import { publishConsole } from '../realtime/console';
import { publishCart } from '../realtime/publish';
import type { Tenant } from '../tenancy';
import { type Actor, recordAudit } from '../lib/audit';
import { balanceOf } from './ledger';
import { releaseDeskOrders } from './desk-settle';
import { lockBidder } from './locks';
import { staffActor } from './payment-audit';
import { RECONCILE_AFTER_MS } from '../features/payments/reconcile';
import { tenantOfEvent } from '../tenancy';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Giving money back from a balance, through one keyed flow (as a card payment is taken): under the
 * bidder's row lock (the lock a desk, a phone and charge all take to pay that balance) the refund
 * is checked against what is left of the payment and recorded, pending for a card, done for cash
 * or a check, with the Idempotency-Key's answer; a card refund is then sent to the processor
 * outside any transaction under the refund's own random key and settled by the answer, exactly
 * once (the row is locked and settled only while pending). Asked again under the same key, the
 * refund made for it is answered (a pending card refund is sent again under its key, which the
 * processor answers with the first refund). A void is a refund of all that is left of a desk
 * payment that also frees what the payment's desk order tied (the items, pledges and Bill Me
 * orders are owed again).
 */
export interface RefundAsk {
  /** The balance the money is given back from (bidders.id). */
  bidderId: number;
  of: PaymentRef;
  amount: number;
  reason: string;
  void: boolean;
  actor: Actor & { staff: { id: number } };
  keep: { request: KeyedRequest; key: string };
}

export interface RefundDone {
  refund: RefundRow;
  /** The balance after. */
  due: number;
  credit: number;
}

/** The refund made for a request, if any. */
async function refundOfRequest(db: Db | Tx, eventId: number, requestKey: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.eventId, eventId), eq(refunds.requestKey, requestKey)))
    .limit(1);
  return row;
}

/** The processor's reference of the charge being refunded. */
async function chargeRefOf(tx: Db | Tx, eventId: number, of: PaymentRef): Promise<string> {
  const table = of.source === 'desk' ? payments : orders;
  const [row] = await tx
    .select({ ref: table.processorRef })
    .from(table)
    .where(and(eq(table.id, of.id), eq(table.eventId, eventId)))
    .limit(1);
  return row?.ref ?? '';
}

/** Refuses what cannot be given back from this balance; answers the payment's method. */
function check(balance: Balance, ask: RefundAsk): 'card' | 'cash' | 'check' {
  const lines = balance.payments.filter((p) => p.source === ask.of.source && p.id === ask.of.id);
  const line = lines[0];
  if (!line) throw new AppError('not_found', refundWords.notFound);
  if (lines.some((p) => p.state === 'pending')) throw new AppError('conflict', refundWords.pendingPayment);
  const left = refundable(balance, ask.of);
  const field = (message: string) => new AppError('bad_request', message, [{ path: 'amount', message }]);
  if (left === 0) throw new AppError('conflict', refundWords.nothingLeft);
  if (ask.void && ask.of.source !== 'desk') throw new AppError('bad_request', refundWords.voidDeskOnly);
  if (ask.void && ask.amount !== left) throw field(refundWords.voidWhole(left));
  if (ask.amount > left) throw field(refundWords.moreThanLeft(left));
  return line.method;
}

const said = (r: RefundRow) =>
  r.kind === 'void'
    ? refundWords.voided(r.amount, refundHow(r.method))
    : refundWords.refunded(r.amount, refundHow(r.method));

/** The audit log's sentence of what became of a refund. */
async function auditRefund(tx: Tx, tenant: Tenant, actor: Actor, r: RefundRow): Promise<void> {
  const what = r.kind === 'void' ? 'Voided' : 'Refunded';
  const whose = `payment ${r.source === 'desk' ? r.paymentId : `on the phone (order ${r.paymentId})`}`;
  const summary =
    r.state === 'failed'
      ? `Card refund refused: ${formatMoney(r.amount)} of ${whose} not given back: ${r.failure}`
      : `${what} ${formatMoney(r.amount)} ${refundHow(r.method)} of ${whose}: ${r.reason}`;
  await recordAudit(tx, actor, {
    eventId: tenant.event.id,
    kind: r.kind === 'void' ? 'desk.void' : 'desk.refund',
    summary,
    after: { refundid: r.id, source: r.source, paymentid: r.paymentId, amount: r.amount, state: r.state },
  });
}

/** A void frees what the payment's desk order for this balance tied: it is owed again. */
async function voidTies(tx: Tx, { refund, now }: { refund: RefundRow; now: Date }): Promise<void> {
  const [allocation] = await tx
    .select({ orderId: paymentAllocations.orderId })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.paymentId, refund.paymentId), eq(paymentAllocations.bidderId, refund.bidderId)));
  if (allocation?.orderId != null)
    await releaseDeskOrders(tx, { orderIds: [allocation.orderId], why: `Voided: ${refund.reason}`, now });
}

/** A refund with its balance's due and credit after it. */
async function doneWith(db: Db | Tx, tenant: Tenant, refund: RefundRow): Promise<RefundDone> {
  const balance = await balanceOf(db, tenant.event, refund.bidderId);
  return { refund, due: Math.max(0, balance.due), credit: balance.credit };
}

type Recorded = { done: RefundDone } | { send: RefundRow; chargeRef: string };

/** Step 1, under the bidder's lock: a request asked before is answered as it stands; else recorded. */
async function record(ctx: AppContext, tx: Tx, tenant: Tenant, ask: RefundAsk): Promise<Recorded> {
  await lockBidder(tx, ask.bidderId);
  const requestKey = `desk_${ask.bidderId}_${ask.keep.key}`;
  const before = await refundOfRequest(tx, tenant.event.id, requestKey);
  if (before?.state === 'pending')
    return {
      send: before,
      chargeRef: await chargeRefOf(tx, tenant.event.id, { source: before.source, id: before.paymentId }),
    };
  if (before) return { done: await doneWith(tx, tenant, before) };
  const balance = await balanceOf(tx, tenant.event, ask.bidderId);
  const method = check(balance, ask);
  const now = ctx.clock();
  const card = method === 'card';
  const [refund] = await tx
    .insert(refunds)
    .values({
      eventId: tenant.event.id,
      bidderId: ask.bidderId,
      source: ask.of.source,
      paymentId: ask.of.id,
      kind: ask.void ? 'void' : 'refund',
      method,
      amount: ask.amount,
      reason: ask.reason,
      state: card ? 'pending' : 'refunded',
      requestKey,
      refundKey: `gavel_refund_${randomUUID()}`,
      staffId: ask.actor.staff.id,
      createdAt: now,
      settledAt: card ? null : now,
    })
    .returning();
  if (!refund) throw new Error('refund insert returned nothing');
  if (ask.void) await voidTies(tx, { refund, now });
  if (card) return { send: refund, chargeRef: await chargeRefOf(tx, tenant.event.id, ask.of) };
  await auditRefund(tx, tenant, ask.actor, refund);
  return { done: await doneWith(tx, tenant, refund) };
}

/**
 * Step 3: the processor's answer settles the refund once, while it is pending. Refused, it counts
 * for nothing and a void's ties stay freed (what it paid for is owed, and the payment still counts:
 * nothing is due twice).
 */
async function settle(
  ctx: AppContext,
  tenant: Tenant,
  {
    refund,
    answer,
    actor,
  }: { refund: RefundRow; answer: { ok: true } | { ok: false; message: string }; actor: Actor | undefined },
): Promise<RefundRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
    if (!row || row.state !== 'pending') return row ?? refund;
    const [settled] = await tx
      .update(refunds)
      .set(
        answer.ok
          ? { state: 'refunded', settledAt: ctx.clock() }
          : { state: 'failed', failure: answer.message, settledAt: ctx.clock() },
      )
      .where(eq(refunds.id, refund.id))
      .returning();
    if (!settled) throw new Error('refund update returned nothing');
    const who = actor ?? (await staffActor(tx, tenant, settled.staffId));
    if (who) await auditRefund(tx, tenant, who, settled);
    return settled;
  });
}

/** Gives money back (see RefundAsk); a refused card refund is 402 with the processor's words. */
export async function giveBack(ctx: AppContext, tenant: Tenant, ask: RefundAsk): Promise<RefundDone> {
  const prior = await findAnswer<RefundDone>(ctx.db, ask.keep.request, ask.keep.key);
  if (prior) return prior;
  const recorded = await ctx.db.transaction(async (tx) => {
    const answer = await record(ctx, tx, tenant, ask);
    if ('done' in answer) await keepAnswer(tx, ask.keep.request, ask.keep.key, answer.done);
    return answer;
  });
  if ('done' in recorded) {
    tell(ctx, tenant, ask.bidderId);
    return recorded.done;
  }
  const sent = recorded.send;
  const answer = await gatewayOf(ctx, tenant.event).refund({
    ref: recorded.chargeRef,
    amount: sent.amount,
    key: sent.refundKey,
  });
  if (!answer.ok && answer.unknown) return doneWith(ctx.db, tenant, sent);
  const settled = await settle(ctx, tenant, { refund: sent, answer, actor: ask.actor });
  tell(ctx, tenant, ask.bidderId);
  if (settled.state === 'failed') throw new AppError('payment_failed', settled.failure);
  const done = await doneWith(ctx.db, tenant, settled);
  await ctx.db.transaction((tx) => keepAnswer(tx, ask.keep.request, ask.keep.key, done));
  return done;
}

/** The bidder's phone and the desk screens hear of it. */
function tell(ctx: AppContext, tenant: Tenant, bidderId: number): void {
  publishCart(ctx, tenant, bidderId);
  publishConsole(ctx, tenant, 'desk');
}

/** What the desk says of a refund. */
export const refundMessage = (r: RefundRow): string => (r.state === 'pending' ? refundWords.pending : said(r));

/**
 * The catch-up of card refunds left pending (the processor did not answer, or the server stopped
 * between recording and asking): each is asked again under its own key, which the processor answers
 * with the first refund if there was one, and settled once. Entered in the audit log as the staff
 * member's who gave it back.
 */
export async function reconcileRefunds(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), lt(refunds.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))))
    .orderBy(asc(refunds.id))
    .limit(20);
  let settled = 0;
  for (const refund of due) {
    const tenant = await tenantOfEvent(ctx.db, refund.eventId);
    if (!tenant) continue;
    const of = { source: refund.source, id: refund.paymentId };
    const ref = await chargeRefOf(ctx.db, refund.eventId, of);
    const answer = await gatewayOf(ctx, tenant.event).refund({ ref, amount: refund.amount, key: refund.refundKey });
    if (!answer.ok && answer.unknown) continue;
    const done = await settle(ctx, tenant, { refund, answer, actor: undefined });
    if (done.state !== 'pending') {
      settled++;
      tell(ctx, tenant, refund.bidderId);
    }
  }
  return settled;
}
