import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Balance, type BalanceLine, balanceOfLines, type PaymentLine } from './ledger';
import {
  bidsPerMinute,
  dueByKind,
  type LooseStoreOrder,
  paymentTotals,
  percentOfValue,
  RAISED_SOURCES,
  storeOrderSplit,
  summarize,
} from './reports';

const at = new Date('2026-12-01T18:00:00Z');
const line = (over: Partial<BalanceLine> & Pick<BalanceLine, 'kind' | 'amount'>): BalanceLine => ({
  id: 1,
  label: '',
  itemnum: '',
  quantity: 1,
  won: null,
  orderId: null,
  billme: false,
  open: true,
  at,
  ...over,
});
const payment = (over: Partial<PaymentLine> & Pick<PaymentLine, 'method' | 'amount'>): PaymentLine => ({
  source: 'desk',
  id: 1,
  state: 'paid',
  payerId: 1,
  reference: '',
  cardbrand: '',
  cardlast4: '',
  orderId: null,
  at,
  ...over,
});

const cents = fc.integer({ min: 0, max: 5_000_000 });
const anyLine = fc.record({
  kind: fc.constantFrom('item', 'pledge', 'donation', 'fee', 'storebillme' as const),
  amount: cents,
  won: fc.constantFrom('bid', 'buynow', 'live' as const),
  billme: fc.boolean(),
  open: fc.boolean(),
  id: fc.integer({ min: 1, max: 5 }),
});
const anyPayment = fc.record({
  method: fc.constantFrom('card', 'cash', 'check' as const),
  amount: cents,
  state: fc.constantFrom('paid', 'pending' as const),
});
const anyBalance = fc
  .tuple(fc.array(anyLine, { maxLength: 6 }), fc.array(anyPayment, { maxLength: 3 }))
  .map(([ls, ps]): Balance => balanceOfLines(ls.map(line), ps.map(payment)));
const anySplit = fc.record({ tickets: cents, merchandise: cents, donations: cents, fees: cents });
const anyLoose = fc
  .record({
    split: anySplit,
    state: fc.constantFrom('paid', 'pending', 'unpaid' as const),
    method: fc.constantFrom('card', 'cash', 'check' as const),
  })
  .map((o): LooseStoreOrder => ({
    ...o,
    total: o.split.tickets + o.split.merchandise + o.split.donations + o.split.fees,
  }));
const sumOf = (record: Record<string, number>) => Object.values(record).reduce((s, v) => s + v, 0);

describe('the summary', () => {
  it('adds up both ways: sources to raised, methods to raised, collected plus outstanding to raised', () => {
    fc.assert(
      fc.property(
        fc.array(anyBalance, { maxLength: 5 }),
        fc.array(anySplit, { minLength: 5, maxLength: 5 }),
        fc.array(anyLoose, { maxLength: 3 }),
        (balances, splitList, storeOrders) => {
          // A storebillme line's split must add up to the line's amount, as the server's does.
          const splits = new Map(splitList.map((s, i) => [i + 1, s]));
          const fixed = balances.map((b) =>
            balanceOfLines(
              b.lines.map((l) => (l.kind === 'storebillme' ? { ...l, amount: sumOf({ ...splits.get(l.id)! }) } : l)),
              b.payments,
            ),
          );
          const s = summarize({ balances: fixed, splits, storeOrders });
          const charged = fixed.reduce((t, b) => t + b.charged, 0) + storeOrders.reduce((t, o) => t + o.total, 0);
          expect(s.raised).toBe(charged);
          expect(sumOf(s.sources)).toBe(s.raised);
          expect(sumOf(s.methods)).toBe(s.raised);
          expect(s.methods.card + s.methods.cash + s.methods.check).toBe(s.collected);
          expect(s.methods.billme + s.methods.unpaid).toBe(s.outstanding);
          expect(s.methods.credit + s.credits).toBe(0);
          expect(s.collected + s.outstanding - s.credits).toBe(s.raised);
          expect(s.pending).toBeLessThanOrEqual(s.collected);
        },
      ),
    );
  });

  it('puts each kind of charge under its source', () => {
    const balance = balanceOfLines(
      [
        line({ kind: 'item', won: 'bid', amount: 100 }),
        line({ kind: 'item', won: 'live', amount: 200 }),
        line({ kind: 'item', won: 'buynow', amount: 300 }),
        line({ kind: 'pledge', amount: 400 }),
        line({ kind: 'donation', amount: 500 }),
        line({ kind: 'fee', amount: 60 }),
        line({ kind: 'storebillme', id: 9, amount: 1000, billme: true }),
      ],
      [payment({ method: 'cash', amount: 1000 }), payment({ method: 'card', amount: 500, state: 'pending' })],
    );
    const s = summarize({
      balances: [balance],
      splits: new Map([[9, { tickets: 700, merchandise: 200, donations: 50, fees: 50 }]]),
      storeOrders: [],
    });
    expect(s.sources).toEqual({
      silent: 100,
      live: 200,
      buynow: 300,
      fundaneed: 400,
      tickets: 700,
      merchandise: 200,
      donations: 550,
      fees: 110,
    });
    expect(Object.keys(s.sources)).toEqual([...RAISED_SOURCES]);
    expect(s).toMatchObject({ raised: 2560, collected: 1500, outstanding: 1060, pending: 500 });
    expect(s.methods).toEqual({ card: 500, cash: 1000, check: 0, billme: 1000, unpaid: 60, credit: 0 });
  });

  it('counts Bill Me as at most what is due', () => {
    const b = balanceOfLines(
      [line({ kind: 'item', amount: 5000, billme: true }), line({ kind: 'item', amount: 1000 })],
      [payment({ method: 'cash', amount: 5500 })],
    );
    expect(dueByKind(b)).toEqual({ billme: 500, unpaid: 0 });
  });
});

describe('a store order by source', () => {
  it('adds up to the order total, the discount shared between tickets and merchandise', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tab: fc.constantFrom('Tickets', 'Merchandise' as const), amount: cents }), {
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 100 }),
        cents,
        cents,
        (lines, percentOff, donation, fee) => {
          const subtotal = lines.reduce((s, l) => s + l.amount, 0);
          const discount = Math.floor((subtotal * percentOff) / 100);
          const total = subtotal - discount + donation + fee;
          const split = storeOrderSplit({ lines, subtotal, discount, donation, fee, total });
          expect(split.tickets + split.merchandise + split.donations + split.fees).toBe(total);
          expect(split.tickets).toBeGreaterThanOrEqual(0);
          expect(split.merchandise).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('splits a $10 discount on a $150 ticket and $50 of merchandise as 7.50 and 2.50', () => {
    const lines = [
      { tab: 'Tickets' as const, amount: 15_000 },
      { tab: 'Merchandise' as const, amount: 5_000 },
    ];
    expect(storeOrderSplit({ lines, subtotal: 20_000, discount: 1_000, donation: 500, fee: 0, total: 19_500 })).toEqual(
      { tickets: 14_250, merchandise: 4_750, donations: 500, fees: 0 },
    );
  });
});

describe('the payments report', () => {
  it('totals by method and by person, a refund taking away', () => {
    const totals = paymentTotals([
      { method: 'cash', amount: 2000, takenby: 'Sam' },
      { method: 'check', amount: 5000, takenby: 'Sam' },
      { method: 'card', amount: 3000, takenby: 'Phone' },
      { method: 'card', amount: -3000, takenby: 'Phone' },
    ]);
    expect(totals.total).toBe(7000);
    expect(totals.methods).toEqual({ card: 0, cash: 2000, check: 5000 });
    expect(totals.people).toEqual([
      { takenby: 'Sam', count: 2, total: 7000, card: 0, cash: 2000, check: 5000 },
      { takenby: 'Phone', count: 2, total: 0, card: 0, cash: 0, check: 0 },
    ]);
  });
});

describe('items and bids', () => {
  it('says the percent of value, or nothing without a value', () => {
    expect(percentOfValue(55_000, 40_000, 1)).toBe(138);
    expect(percentOfValue(10_000, 5_000, 2)).toBe(100);
    expect(percentOfValue(10_000, 0, 1)).toBeNull();
    expect(percentOfValue(0, 5_000, 0)).toBeNull();
  });

  it('fills the minutes without bids with zero', () => {
    const m = (n: number) => Date.UTC(2026, 11, 1, 18, n);
    expect(
      bidsPerMinute([
        { minute: m(3), bids: 2 },
        { minute: m(0), bids: 1 },
      ]),
    ).toEqual([
      { minute: m(0), bids: 1 },
      { minute: m(1), bids: 0 },
      { minute: m(2), bids: 0 },
      { minute: m(3), bids: 2 },
    ]);
    expect(bidsPerMinute([])).toEqual([]);
  });
});
