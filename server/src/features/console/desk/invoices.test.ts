import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskWords, invoiceWords } from '@gavel/domain';
import { accounts, audit, storeOrders } from '../../../db/schema';
import { call } from '../../../test/call';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newKey } from '../../../test/payments-fixtures';
import { confirmBillMe } from '../../../test/store-fixtures';
import { storePaidWith } from '../../store/orders';
import { type Desk, deskWorld, guest, now, storeBillMe } from './desk-fixtures';

/**
 * The store's Bill Me orders on nobody's balance at the checkout desk (issue 47): the purchaser's
 * own invoice, paid in cash or by check by whoever is there; the reports count it where it was
 * paid; an order a bidder put on their balance is not one of them.
 */
let t: TestApp;
let desk: Desk;

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
});
afterAll(async () => t.close());

const list = () =>
  call(t.app, 'GET /console/events/:eventcode/store-invoices', undefined, {
    params: { eventcode: 'gala' },
    headers: desk.volunteer.headers,
  });
const payInvoice = (
  orderid: number,
  { method, reference = '' }: { method: 'cash' | 'check'; reference?: string },
  key: string | null,
) =>
  call(
    t.app,
    'POST /console/events/:eventcode/store-invoices/:orderid/payments',
    { method, reference },
    {
      params: { eventcode: 'gala', orderid },
      headers: { ...desk.volunteer.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    },
  );
const orderOf = async (id: number) => (await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, id)))[0]!;

describe('a Bill Me store order on nobody’s balance', () => {
  let id = 0;

  it('is listed at the desk, and bad input is refused with nothing changed', async () => {
    id = await storeBillMe(t, 'di.buyer@example.org');
    const listed = await list();
    expect(listed.ok && listed.answer.invoices).toEqual([
      {
        orderid: id,
        name: expect.any(String),
        email: 'di.buyer@example.org',
        total: 2500,
        createdat: expect.any(String),
      },
    ]);
    const before = await orderOf(id);
    // Sent as it is (the call helper would refuse it before sending).
    const noNumber = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/gala/store-invoices/${id}/payments`,
      headers: { ...desk.volunteer.headers, 'idempotency-key': newKey() },
      payload: { method: 'check', reference: '' },
    });
    expect([noNumber.statusCode, noNumber.json().message]).toEqual([400, `reference: ${deskWords.checkNumber}`]);
    const noKey = await payInvoice(id, { method: 'cash' }, null);
    expect(!noKey.ok && [noKey.statusCode, noKey.failure.message]).toEqual([400, deskWords.keyRequired]);
    const unknown = await payInvoice(99_999, { method: 'cash' }, newKey());
    expect(!unknown.ok && unknown.statusCode).toBe(404);
    expect(await orderOf(id)).toEqual(before);
  });

  it('is paid in cash once: a retry answers the same, another key is told it is paid, and the audit says who', async () => {
    const key = newKey();
    const paid = await payInvoice(id, { method: 'cash' }, key);
    if (!paid.ok) throw new Error(`${paid.statusCode} ${paid.failure.message}`);
    expect(paid.answer).toEqual({
      status: 'success',
      result: 'paid',
      message: invoiceWords.paid(id, 2500),
      orderid: id,
      amount: 2500,
    });
    expect((await payInvoice(id, { method: 'cash' }, key)).ok && paid.ok).toBe(true);
    const twice = await payInvoice(id, { method: 'cash' }, newKey());
    expect(twice.ok && twice.answer).toMatchObject({ result: 'alreadypaid', amount: 0 });
    const order = await orderOf(id);
    expect(order).toMatchObject({ state: 'paid', processorRef: 'cash', deskStaffId: desk.volunteer.id });
    expect(storePaidWith(order)).toBe('Paid at the checkout desk: cash');
    const listed = await list();
    expect(listed.ok && listed.answer.invoices).toEqual([]);
    const entries = await t.ctx.db
      .select()
      .from(audit)
      .where(eq(audit.kind, 'desk.storeinvoice'))
      .orderBy(desc(audit.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'Val Volunteer' });
    expect(entries[0]?.summary).toMatch(/^Took \$25\.00 by cash for store order S-\d+/);
  });

  it('is counted where it was paid: the summary’s cash, and the payments report’s row of whoever took it', async () => {
    const summary = await call(t.app, 'GET /console/events/:eventcode/reports/summary', undefined, {
      params: { eventcode: 'gala' },
      headers: desk.staffer.headers,
    });
    if (!summary.ok) throw new Error(summary.failure.message);
    expect(summary.answer.methods.find((m) => m.method === 'cash')?.amount).toBe(2500);
    const report = await call(t.app, 'GET /console/events/:eventcode/reports/payments', undefined, {
      params: { eventcode: 'gala' },
      headers: desk.staffer.headers,
    });
    if (!report.ok) throw new Error(report.failure.message);
    expect(report.answer.rows.find((r) => r.id === `store-${id}`)).toMatchObject({
      method: 'cash',
      amount: 2500,
      takenby: 'Val Volunteer',
    });
    expect(report.answer.methods.cash).toBe(2500);
  });

  it('is not one once a bidder put it on their balance: paid with that balance instead (409)', async () => {
    const ann = await guest(t, 'Ann');
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, ann.accountId));
    const email = account!.email;
    const mine = await storeBillMe(t, email);
    expect((await confirmBillMe(t, email)).ok).toBe(true);
    const listed = await list();
    expect(listed.ok && listed.answer.invoices.map((i) => i.orderid)).not.toContain(mine);
    const refused = await payInvoice(mine, { method: 'cash' }, newKey());
    expect(!refused.ok && [refused.statusCode, refused.failure.message]).toEqual([409, invoiceWords.onBalance(mine)]);
  });
});
