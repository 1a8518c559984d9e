import { asc, eq } from 'drizzle-orm';
import { formatMoney, totalDue } from '@gavel/domain';
import type { Tx } from '../db/client';
import { paymentAllocations, type payments, staff } from '../db/schema';
import type { Tenant } from '../tenancy';
import { type Actor, recordAudit } from '../lib/audit';
import { balancesOf } from './ledger';
import { peopleOf } from './people';

type PaymentRow = typeof payments.$inferSelect;

/**
 * What the audit log says of a desk payment (the desk, charge all), once it is known (issue 47): a
 * cash or check payment is taken when it is recorded; a card payment when the processor's answer
 * settles it, taken or refused with the processor's reason, never "taken" while it is only sent.
 */

/** The staff member who started a payment, as the audit log names them; undefined for none (an operator's call). */
export async function staffActor(tx: Tx, tenant: Tenant, staffId: number | null): Promise<Actor | undefined> {
  if (staffId === null) return undefined;
  const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!row) return undefined;
  const { id, email, name, role } = row;
  return {
    auctioncode: tenant.organization.auctioncode,
    organization: tenant.organization,
    staff: { id, email, name, role },
    tenant,
  };
}

/**
 * "from Ann Lee (bidder 101), paying also for Bob Lee (bidder 102)": the payer, and the other
 * balances it paid; and what those balances owe now.
 */
async function whoPaid(tx: Tx, tenant: Tenant, payment: PaymentRow): Promise<{ story: string; due: number }> {
  const shares = await tx
    .select({ bidderId: paymentAllocations.bidderId })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, payment.id))
    .orderBy(asc(paymentAllocations.bidderId));
  const ids = [...new Set([payment.bidderId, ...shares.map((s) => s.bidderId)])];
  const people = await peopleOf(tx, ids);
  const label = (id: number) => people.get(id)?.label ?? `bidder ${id}`;
  const others = ids.filter((id) => id !== payment.bidderId).map(label);
  const balances = await balancesOf(tx, tenant.event, ids);
  return {
    story: `from ${label(payment.bidderId)}${others.length > 0 ? `, paying also for ${others.join(', ')}` : ''}`,
    due: totalDue(ids.map((id) => balances.get(id)?.due ?? 0)),
  };
}

const how = (payment: PaymentRow) =>
  `${payment.method}${payment.reference ? ` (${payment.reference})` : ''}${
    payment.method === 'card' && payment.cardlast4 ? ` (${`${payment.cardbrand} ${payment.cardlast4}`.trim()})` : ''
  }`;

/**
 * Enters what became of a payment in the audit log: `taken` (paid) or `refused` with the reason.
 * The actor is the staff member who took it, else the one who started it (charge all, a catch-up
 * settling it later); a payment nobody on the staff started (an operator's) is entered as theirs
 * when `actor` says so, and not at all otherwise.
 */
export async function auditPayment(
  tx: Tx,
  tenant: Tenant,
  { actor, payment, refused }: { actor?: Actor | undefined; payment: PaymentRow; refused?: string },
): Promise<void> {
  const who = actor ?? (await staffActor(tx, tenant, payment.staffId));
  if (!who) return;
  const amount = formatMoney(payment.amount);
  const paid = await whoPaid(tx, tenant, payment);
  // Settled before this entry: a payment taken is already off the balances.
  const before = refused === undefined ? paid.due + payment.amount : paid.due;
  await recordAudit(tx, who, {
    eventId: tenant.event.id,
    kind: refused === undefined ? 'desk.payment' : 'desk.payment.declined',
    summary:
      refused === undefined
        ? `Took ${amount} by ${how(payment)} ${paid.story}`
        : `Card refused: ${amount} ${paid.story}, not taken: ${refused}`,
    before: { paymentid: payment.id, state: 'pending', due: before },
    after:
      refused === undefined
        ? {
            paymentid: payment.id,
            state: 'paid',
            method: payment.method,
            amount: payment.amount,
            reference: payment.reference,
            due: paid.due,
          }
        : { paymentid: payment.id, state: 'failed', failure: refused, due: paid.due },
  });
}
