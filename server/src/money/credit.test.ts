import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';
import { newKey } from '../test/payments-fixtures';
import { balance, pay } from '../features/console/desk/desk-fixtures';
import { type LiveWorld, liveWorld, now, sell, undo } from '../features/console/live/live-fixtures';

/**
 * Money paid over what is owed is a credit, the same on the desk and in the reports, and is given
 * back by a refund (issue 47: "an undone live sale after $60 cash left the bidder at −$60, and the
 * desk, the summary and the phone disagreed").
 */
let t: TestApp;
let w: LiveWorld;

beforeAll(async () => {
  t = await createTestApp({}, now);
  w = await liveWorld(t);
});
afterAll(async () => t.close());

const options = () => ({ params: { eventcode: 'gala' }, query: {}, headers: w.owner.headers });
async function summaryNow() {
  const res = await call(t.app, 'GET /console/events/:eventcode/reports/summary', undefined, options());
  if (!res.ok) throw new Error(`summary: ${res.statusCode} ${res.failure.message}`);
  return res.answer;
}
async function paymentsNow() {
  const res = await call(t.app, 'GET /console/events/:eventcode/reports/payments', undefined, options());
  if (!res.ok) throw new Error(`payments: ${res.statusCode} ${res.failure.message}`);
  return res.answer;
}

describe('a credit', () => {
  it('comes of a sale undone after a part payment, shows alike everywhere, and a refund gives it back', async () => {
    const puppy = await sell(t, w.staffer.headers, { itemnum: '203', biddernumber: w.ann.number, amount: 60_000 });
    const wine = await sell(t, w.staffer.headers, { itemnum: '202', biddernumber: w.ann.number, amount: 20_000 });
    if (!puppy.ok || !wine.ok)
      throw new Error(`sales refused: ${JSON.stringify([puppy, wine].map((r) => !r.ok && r.failure))}`);
    const paid = await pay(t, w.staffer, w.ann, { method: 'cash', amount: 60_000 });
    if (!paid.ok) throw new Error(paid.failure.message);
    // A part payment ties nothing: the puppy class can still be undone, and $400 was paid over what is owed.
    const undone = await undo(
      t,
      'DELETE /console/events/:eventcode/live-sales/:id',
      w.staffer.headers,
      puppy.answer.id,
    );
    expect(undone.statusCode).toBe(200);

    const desk = await balance(t, w.owner, w.ann);
    expect(desk).toMatchObject({ charged: 20_000, paid: 60_000, due: 0, credit: 40_000 });
    const summary = await summaryNow();
    expect(summary).toMatchObject({ raised: 20_000, collected: 60_000, outstanding: 0, credits: 40_000 });
    expect(summary.methods.find((m) => m.method === 'unpaid')?.amount).toBe(0);
    expect(summary.methods.find((m) => m.method === 'credit')?.amount).toBe(-40_000);

    const back = await call(
      t.app,
      'POST /console/events/:eventcode/bidders/:bidderid/refunds',
      {
        source: 'desk',
        paymentid: paid.answer.paymentid ?? 0,
        amount: 40_000,
        reason: 'Puppy class withdrawn',
        void: false,
      },
      {
        params: { eventcode: 'gala', bidderid: w.ann.accountId },
        headers: { ...w.owner.headers, 'idempotency-key': newKey() },
      },
    );
    expect(back.ok && back.answer).toMatchObject({ result: 'refunded', due: 0, credit: 0 });

    expect(await balance(t, w.owner, w.ann)).toMatchObject({ charged: 20_000, paid: 20_000, due: 0, credit: 0 });
    const after = await summaryNow();
    expect(after).toMatchObject({ raised: 20_000, collected: 20_000, outstanding: 0, credits: 0 });
    expect(after.refunds).toEqual({ count: 1, amount: 40_000 });
    const payments = await paymentsNow();
    expect(payments.total).toBe(after.collected);
    expect(payments.rows.find((r) => r.kind === 'refund')).toMatchObject({
      amount: -40_000,
      method: 'cash',
      takenby: 'Olive Owner',
      reference: 'Puppy class withdrawn',
      state: 'refunded',
    });
  });
});
