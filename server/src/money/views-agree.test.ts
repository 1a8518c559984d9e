import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBidder } from '../test/account-fixtures';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';
import { buyNow, newKey, saveTestCard } from '../test/payments-fixtures';
import { balance, type Desk, deskWorld, guest, now, pay, VISA } from '../features/console/desk/desk-fixtures';
import { signedInStaff, type TestStaff } from '../test/console-fixtures';

/**
 * Every view agrees (issue 47): after any sequence of sales, pledges, undone pledges, payments at
 * the desk (cash and card, in part or whole), refunds, voids, and lines held and released, each bidder's balance on the desk,
 * on their phone and on their receipt, and the summary's and the payments report's totals over all
 * of them, equal one reference sum kept beside the calls: what was charged less what was undone,
 * and what was paid less what was given back.
 */
let t: TestApp;
let desk: Desk;
let owner: TestStaff;

interface Kept {
  who: TestBidder;
  charged: number;
  paid: number;
  pledges: Array<{ id: number; amount: number }>;
  payments: Array<{ id: number; left: number; method: 'cash' | 'card' }>;
  /** Lines on hold at the desk: not charged until released. */
  holds: Array<{ id: number; amount: number }>;
}
const kept: Kept[] = [];

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
});
afterAll(async () => t.close());

type Action =
  | { kind: 'buy'; what: 'gift' | 'tote' }
  | { kind: 'pledge'; dollars: number }
  | { kind: 'unpledge' }
  | { kind: 'pay'; method: 'cash' | 'card'; part: number }
  | { kind: 'refund'; part: number }
  | { kind: 'void' }
  | { kind: 'hold' }
  | { kind: 'release' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      what: fc.constantFrom('gift' as const, 'tote' as const),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('pledge' as const), dollars: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('unpledge' as const) }),
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      method: fc.constantFrom('cash' as const, 'card' as const),
      part: fc.double({ min: 0.1, max: 1, noNaN: true }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('refund' as const), part: fc.double({ min: 0.1, max: 1, noNaN: true }) }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('void' as const) }),
  fc.record({ kind: fc.constant('hold' as const) }),
  fc.record({ kind: fc.constant('release' as const) }),
);

const PRICES = { gift: 4_000, tote: 2_550 };
/** How many of each action the server took, over all runs: each kind must have been walked. */
const took = new Map<Action['kind'], number>();
const tally = (kind: Action['kind']) => took.set(kind, (took.get(kind) ?? 0) + 1);
const headers = () => ({ ...owner.headers, 'idempotency-key': newKey() });

/** Does one action through the API; the reference sum follows only what the server took. */
async function act(k: Kept, a: Action): Promise<boolean> {
  const due = k.charged - k.paid;
  if (a.kind === 'buy') {
    await buyNow(t, k.who, 'gala', desk.ids[a.what]!);
    k.charged += PRICES[a.what];
    return true;
  }
  if (a.kind === 'pledge') {
    const number = (await balance(t, owner, k.who)).bidder.biddernumber;
    const res = await call(
      t.app,
      'POST /console/events/:eventcode/pledges',
      { itemnum: '300', biddernumber: number, amount: a.dollars * 100 },
      { params: { eventcode: 'gala' }, headers: desk.staffer.headers },
    );
    if (!res.ok) throw new Error(`pledge: ${res.failure.message}`);
    k.pledges.push({ id: res.answer.id, amount: a.dollars * 100 });
    k.charged += a.dollars * 100;
    return true;
  }
  if (a.kind === 'unpledge') {
    const last = k.pledges.at(-1);
    if (last === undefined) return false;
    const res = await call(t.app, 'DELETE /console/events/:eventcode/pledges/:id', undefined, {
      params: { eventcode: 'gala', id: last.id },
      headers: desk.staffer.headers,
    });
    // A pledge a desk order paid cannot be undone: the reference keeps it.
    if (!res.ok) return false;
    k.pledges.pop();
    k.charged -= last.amount;
    return true;
  }
  if (a.kind === 'hold') {
    const line = (await balance(t, owner, k.who)).lines.find((l) => l.kind === 'item' && !l.settled && !l.hold);
    if (!line) return false;
    const res = await call(
      t.app,
      'POST /console/events/:eventcode/bidders/:bidderid/holds',
      { kind: 'item', lineid: line.id, reason: 'Property run' },
      { params: { eventcode: 'gala', bidderid: k.who.accountId }, headers: desk.staffer.headers },
    );
    if (!res.ok) throw new Error(`hold: ${res.failure.message}`);
    k.holds.push({ id: res.answer.holdid, amount: line.amount });
    k.charged -= line.amount;
    return true;
  }
  if (a.kind === 'release') {
    const last = k.holds.pop();
    if (!last) return false;
    const res = await call(
      t.app,
      'POST /console/events/:eventcode/holds/:holdid',
      { action: 'release', reason: 'Property run' },
      { params: { eventcode: 'gala', holdid: last.id }, headers: desk.staffer.headers },
    );
    if (!res.ok) throw new Error(`release: ${res.failure.message}`);
    k.charged += last.amount;
    return true;
  }
  if (a.kind === 'pay') {
    if (due <= 0) return false;
    const amount = Math.max(1, Math.floor(due * a.part));
    const res = await pay(t, desk.volunteer, k.who, { method: a.method, amount });
    if (!res.ok || res.answer.result !== 'paid') throw new Error(`pay: ${JSON.stringify(res)}`);
    k.payments.push({ id: res.answer.paymentid ?? 0, left: amount, method: a.method });
    k.paid += amount;
    return true;
  }
  const p = k.payments.find((x) => x.left > 0);
  if (!p) return false;
  const amount = a.kind === 'void' ? p.left : Math.max(1, Math.floor(p.left * a.part));
  const res = await call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/refunds',
    { source: 'desk', paymentid: p.id, amount, reason: 'Property run', void: a.kind === 'void' },
    { params: { eventcode: 'gala', bidderid: k.who.accountId }, headers: headers() },
  );
  if (!res.ok) throw new Error(`refund: ${res.failure.message}`);
  p.left -= amount;
  k.paid -= amount;
  return true;
}

/** Each view of the bidders given, and the reports' totals over every bidder kept, against the reference sums. */
async function expectViewsAgree(bidders: Kept[]): Promise<void> {
  for (const k of bidders) {
    const due = Math.max(0, k.charged - k.paid);
    const credit = Math.max(0, k.paid - k.charged);
    const onDesk = await balance(t, owner, k.who);
    const held = k.holds.reduce((s, h) => s + h.amount, 0);
    expect(onDesk).toMatchObject({ charged: k.charged, held, paid: k.paid, due, credit });
    const cart = await call(t.app, 'GET /cart', undefined, { query: { eventcode: 'gala' }, headers: k.who.auth });
    if (!cart.ok) throw new Error('cart refused');
    expect(cart.answer.balance).toMatchObject({ charged: k.charged, held, paid: k.paid, due, credit });
    const receipt = await call(t.app, 'GET /console/events/:eventcode/bidders/:bidderid/receipt', undefined, {
      params: { eventcode: 'gala', bidderid: k.who.accountId },
      headers: owner.headers,
    });
    if (!receipt.ok) throw new Error('receipt refused');
    expect(receipt.answer).toMatchObject({ charged: k.charged, paid: k.paid, due, credit });
  }
  const opts = { params: { eventcode: 'gala' }, query: {}, headers: owner.headers };
  const summary = await call(t.app, 'GET /console/events/:eventcode/reports/summary', undefined, opts);
  const payments = await call(t.app, 'GET /console/events/:eventcode/reports/payments', undefined, opts);
  if (!summary.ok || !payments.ok) throw new Error('reports refused');
  const sum = (f: (k: Kept) => number) => kept.reduce((s, k) => s + f(k), 0);
  expect(summary.answer).toMatchObject({
    raised: sum((k) => k.charged),
    collected: sum((k) => k.paid),
    outstanding: sum((k) => Math.max(0, k.charged - k.paid)),
    credits: sum((k) => Math.max(0, k.paid - k.charged)),
    held: sum((k) => k.holds.reduce((s, h) => s + h.amount, 0)),
  });
  expect(payments.answer.total).toBe(summary.answer.collected);
}

describe('every view agrees', () => {
  it('after any sequence of sales, pledges, undos, payments, refunds, voids, holds and releases', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const who = await guest(t, `Prop${++n}`);
        expect((await saveTestCard(t, who, 'gala', VISA)).statusCode).toBe(200);
        const k: Kept = { who, charged: 0, paid: 0, pledges: [], payments: [], holds: [] };
        kept.push(k);
        for (const a of actions) if (await act(k, a)) tally(a.kind);
        // This run's bidder on every view, and the reports over everyone; everyone again at the end.
        await expectViewsAgree([k]);
      }),
      { numRuns: 24, seed: 47, endOnFailure: true },
    );
    await expectViewsAgree(kept);
    for (const kind of ['buy', 'pledge', 'unpledge', 'pay', 'refund', 'void', 'hold', 'release'] as const)
      expect(took.get(kind) ?? 0, `${kind} was never taken`).toBeGreaterThan(0);
  });
});
