import { and, eq } from 'drizzle-orm';
import { type ChargeResult, chargeAllWords, deskWords } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { chargeRunBidders } from '../../../db/schema';
import { AppError } from '../../../errors';
import { settleByProcessor } from '../../../payments/card-payment';
import type { ChargeOutcome } from '../../../payments/gateway';
import type { Tenant } from '../../../tenancy';
import { RECONCILE_AFTER_MS } from '../../payments/reconcile';
import { type BalancePaid, deskCardOrders, payBalances, type PaymentRow } from '../desk/pay';
import { paymentOfKey, paymentOfRequest } from '../../../money/desk-settle';

/** A bidder of a run, claimed by this process's tick. */
export interface Claimed {
  runId: number;
  bidderId: number;
  eventId: number;
  /** Who started the run: the payment is theirs. */
  staffId: number | null;
  /** It was left 'charging' by a claim that did not finish (a process that died). */
  resumed: boolean;
}

/**
 * What a run asks for a bidder, however often and by whichever process it is tried: the payment
 * made for it is found by it (payments.request_key), so the bidder is charged under that payment's
 * one key, which is random (newChargeKey) and never this database's ids.
 */
export const runRequestOf = (runId: number, bidderId: number) => `run${runId}_b${bidderId}`;

/** Where a bidder's charge ended; 'charging' while the processor's answer is not known. */
interface Outcome {
  state: Exclude<ChargeResult, 'queued'>;
  paymentId: number | null;
  message: string;
}

function outcomeOfPaid(paid: BalancePaid): Outcome {
  const paymentId = paid.payment?.id ?? null;
  if (paid.kind === 'paid') return { state: 'paid', paymentId, message: '' };
  if (paid.kind === 'declined') return { state: 'declined', paymentId, message: paid.message };
  if (paid.kind === 'confirm') return { state: 'confirm', paymentId, message: chargeAllWords.confirm };
  if (paid.kind === 'alreadypaid')
    return {
      state: 'skipped',
      paymentId: null,
      message: paid.message === deskWords.inProgress ? chargeAllWords.payingMeanwhile : chargeAllWords.paidMeanwhile,
    };
  return { state: 'charging', paymentId, message: chargeAllWords.waiting };
}

function outcomeOfPayment(payment: PaymentRow): Outcome {
  if (payment.state === 'paid') return { state: 'paid', paymentId: payment.id, message: '' };
  if (payment.state === 'failed') return { state: 'declined', paymentId: payment.id, message: payment.failure };
  return { state: 'charging', paymentId: payment.id, message: chargeAllWords.waiting };
}

/**
 * A payment recorded under the run's key by a claim that did not finish: settled from what the
 * processor says became of the charge under that key (it only reads, so it never charges), through
 * the card-payment flow's own settling. A charge the processor has a record of settles at once. One
 * it shows no record of may still be on its way into the processor's search, so it is given up as
 * never sent only once it is as old as reconciliation waits (RECONCILE_AFTER_MS); until then, and
 * while the processor does not answer, the bidder stays 'charging' for a later tick.
 */
async function settleRecorded(ctx: AppContext, tenant: Tenant, payment: PaymentRow): Promise<Outcome> {
  if (payment.state !== 'pending') return outcomeOfPayment(payment);
  const gateway = ctx.payments.gatewayFor(tenant.event);
  if (!gateway) return outcomeOfPayment(payment);
  const hooks = deskCardOrders(ctx, tenant);
  let outcome = await gateway
    .chargeOutcome({ ...hooks.charge(payment), ref: payment.processorRef })
    .catch((): ChargeOutcome => ({ kind: 'unknown' }));
  // Nobody can confirm with their bank in a batch: given up, as the flow does when charging.
  const confirm = outcome.kind === 'requires_action';
  if (confirm) outcome = { kind: 'failed', message: chargeAllWords.confirm, ref: outcome.ref };
  const known =
    outcome.kind === 'succeeded' || (outcome.kind === 'failed' && (Boolean(outcome.ref) || outcome.review === true));
  const aged = ctx.clock().getTime() - payment.createdAt.getTime() > RECONCILE_AFTER_MS;
  if (!known && !aged) return outcomeOfPayment(payment);
  await settleByProcessor(ctx, hooks, payment.id, outcome);
  const settled = (await paymentOfKey(ctx.db, payment.chargeKey)) ?? payment;
  if (confirm && settled.state === 'failed')
    return { state: 'confirm', paymentId: settled.id, message: chargeAllWords.confirm };
  if (outcome.kind === 'failed' && outcome.review && settled.state === 'failed') {
    ctx.log.warn(
      { runId: payment.runId, paymentId: payment.id, message: outcome.message },
      'charge all: a charge needs review',
    );
    return { state: 'review', paymentId: settled.id, message: outcome.message };
  }
  return outcomeOfPayment(settled);
}

/** The bidder's balance charged (or settled, when resumed) under the run's key. */
async function charge(ctx: AppContext, tenant: Tenant, row: Claimed): Promise<Outcome> {
  const requestKey = runRequestOf(row.runId, row.bidderId);
  const recorded = row.resumed ? await paymentOfRequest(ctx.db, tenant.event.id, requestKey) : undefined;
  if (recorded) return settleRecorded(ctx, tenant, recorded);
  try {
    const paid = await payBalances(ctx, tenant, {
      payerId: row.bidderId,
      forBidderIds: [row.bidderId],
      method: 'card',
      card: 'onfile',
      amount: 'due',
      staffId: row.staffId,
      runId: row.runId,
      requestKey,
    });
    return outcomeOfPaid(paid);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A declined card is refused by the flow with the processor's words; any other refusal (no card
    // on file any more, nothing left due) skips the bidder with its sentence.
    if (err.code === 'payment_failed') return { state: 'declined', paymentId: null, message: err.message };
    return { state: 'skipped', paymentId: null, message: err.message };
  }
}

/**
 * Charges one claimed bidder and records the outcome on their row, only while it is still this
 * claim's ('charging'). A failure that is not a refusal (the database, a bug) leaves the row
 * 'charging': a later tick takes it again under the same key.
 */
export async function chargeOne(ctx: AppContext, tenant: Tenant, row: Claimed): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await charge(ctx, tenant, row);
  } catch (err) {
    ctx.log.error({ err, runId: row.runId, bidderId: row.bidderId }, 'charge all: a bidder could not be charged');
    return;
  }
  await ctx.db
    .update(chargeRunBidders)
    .set({ ...outcome, updatedAt: ctx.clock() })
    .where(
      and(
        eq(chargeRunBidders.runId, row.runId),
        eq(chargeRunBidders.bidderId, row.bidderId),
        eq(chargeRunBidders.state, 'charging'),
      ),
    );
}
