import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  type BalanceLine,
  balanceOfLines,
  deskOrderAmounts,
  openCharges,
  type PaymentLine,
  totalDue,
  unappliedCredit,
} from './ledger';

const at = new Date('2026-12-01T20:00:00Z');
const kinds = ['item', 'pledge', 'donation', 'fee', 'storebillme'] as const;

const lineArb = fc.record({
  kind: fc.constantFrom(...kinds),
  id: fc.nat(),
  amount: fc.integer({ min: 0, max: 100_000_000 }),
  open: fc.boolean(),
});
const paymentArb = fc.record({
  amount: fc.integer({ min: 0, max: 100_000_000 }),
  state: fc.constantFrom('paid' as const, 'pending' as const),
});

const line = (l: Pick<BalanceLine, 'kind' | 'id' | 'amount' | 'open'>): BalanceLine => ({
  label: '',
  itemnum: '',
  quantity: 1,
  won: null,
  orderId: null,
  billme: false,
  at,
  ...l,
});
const payment = (p: Pick<PaymentLine, 'amount' | 'state'>): PaymentLine => ({
  source: 'desk',
  id: 1,
  method: 'cash',
  payerId: 1,
  reference: '',
  cardbrand: '',
  cardlast4: '',
  orderId: null,
  at,
  ...p,
});

describe('the ledger', () => {
  it('sum(lines) − sum(payments) = due, in whole cents, whatever the charges and payments', () => {
    fc.assert(
      fc.property(fc.array(lineArb), fc.array(paymentArb), (lines, payments) => {
        const b = balanceOfLines(lines.map(line), payments.map(payment));
        const charged = lines.reduce((s, l) => s + l.amount, 0);
        const paid = payments.reduce((s, p) => s + p.amount, 0);
        expect(b.due).toBe(charged - paid);
        expect(b.charged - b.paid).toBe(b.due);
        expect(Number.isInteger(b.due)).toBe(true);
        expect(b.inProgress).toBe(payments.some((p) => p.state === 'pending'));
      }),
    );
  });

  it('a desk order ties the open items as its subtotal and the open pledges as its donation', () => {
    const b = balanceOfLines(
      [
        line({ kind: 'item', id: 1, amount: 12_500, open: true }),
        line({ kind: 'item', id: 2, amount: 4_000, open: false }),
        line({ kind: 'pledge', id: 3, amount: 50_000, open: true }),
        line({ kind: 'storebillme', id: 4, amount: 7_500, open: true }),
      ],
      [],
    );
    expect(deskOrderAmounts(b)).toEqual({ subtotal: 12_500, donation: 50_000, fee: 0, total: 62_500 });
    expect(openCharges(b)).toBe(70_000);
  });

  it('counts money paid but not yet tied to items as credit', () => {
    const lines = [line({ kind: 'item', id: 1, amount: 10_000, open: true })];
    expect(unappliedCredit(balanceOfLines(lines, []))).toBe(0);
    expect(unappliedCredit(balanceOfLines(lines, [payment({ amount: 3_000, state: 'paid' })]))).toBe(3_000);
    // Items paid on the phone are not open: their payment is no credit.
    const paidOnPhone = [line({ kind: 'item', id: 1, amount: 10_000, open: false })];
    expect(unappliedCredit(balanceOfLines(paidOnPhone, [payment({ amount: 10_000, state: 'paid' })]))).toBe(0);
  });
});

describe('a payment split over balances', () => {
  it('pays the balances in order, each up to what it owes', () => {
    expect(allocatePayment(15_000, [10_000, 8_000])).toEqual([
      { amount: 10_000, full: true },
      { amount: 5_000, full: false },
    ]);
    expect(allocatePayment(18_000, [10_000, 0, 8_000])).toEqual([
      { amount: 10_000, full: true },
      { amount: 0, full: false },
      { amount: 8_000, full: true },
    ]);
    expect(allocatePayment(5_000, [-2_000, 8_000])).toEqual([
      { amount: 0, full: false },
      { amount: 5_000, full: false },
    ]);
  });

  it('never gives a balance more than it owes, and spends the whole amount when it is at most the total due', () => {
    const duesAndAmount = fc
      .array(fc.integer({ min: -10_000, max: 10_000_000 }), { minLength: 1, maxLength: 5 })
      .chain((dues) => fc.tuple(fc.constant(dues), fc.integer({ min: 0, max: totalDue(dues) })));
    fc.assert(
      fc.property(duesAndAmount, ([dues, amount]) => {
        const shares = allocatePayment(amount, dues);
        expect(shares.reduce((s, x) => s + x.amount, 0)).toBe(amount);
        shares.forEach((share, i) => {
          expect(share.amount).toBeLessThanOrEqual(Math.max(0, dues[i]!));
          expect(share.full).toBe(dues[i]! > 0 && share.amount === dues[i]);
        });
      }),
    );
  });
});
