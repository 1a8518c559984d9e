import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardFailureMessages, TEST_PAYMENT_NOTE } from '@gavel/domain';
import { outbox } from '../../db/schema';
import { call } from '../../test/call';
import { ADMIN, createTestApp, failure, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import { bearer, checkoutBody, checkoutCart, cartWith as cartWithAs } from '../../test/store-fixtures';
import { importGala } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
let cartToken = '';

/** A new cart holding these quantities; answers its newest token. */
const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);

// Three orders: paid by card with a code, a donation and the fee; Bill Me; and a declined card.
beforeAll(async () => {
  t = await createTestApp({}, now);
  ids = await importGala(t, now);
  const a = await cartWith({ single: 2, shirt: 1 });
  await call(t.app, 'POST /storecartdiscount', { discountcode: 'GALA10' }, { headers: bearer(a) });
  const paid = await checkoutCart(
    t,
    a,
    await checkoutBody(t, a, {
      donation: 2_500,
      coverFee: true,
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
    }),
  );
  if (!paid.ok) throw new Error(paid.failure.message);
  const b = await cartWith({ table: 1 });
  const billed = await checkoutCart(
    t,
    b,
    await checkoutBody(t, b, { method: 'BILLME' }, { first: 'Bo', last: 'Chen', email: 'bo@example.org' }),
  );
  if (!billed.ok) throw new Error(billed.failure.message);
  const c = await cartWith({ mug: 1 });
  const declined = await checkoutCart(
    t,
    c,
    await checkoutBody(t, c, { processortoken: await testCryptogram(t, 'gala', '4000000000000002') }),
  );
  if (declined.statusCode !== 402) throw new Error('the declined card was taken');
  cartToken = c;
});
afterAll(async () => t.close());

const report = (query: string, headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'GET', url: `/api/admin/store/orders?${query}`, headers });

describe('GET /admin/store/orders', () => {
  it('lists every order with its lines, discount, donation, fee, total, method and state', async () => {
    const res = await report('eventcode=gala');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: '3 store order(s).' });
    // Amounts on the wire are dollars: $325.00 − $32.50 + $25.00 = $317.50; 3% = $9.525, so $9.53.
    expect(body.orders).toEqual([
      expect.objectContaining({
        state: 'paid',
        paymentmethod: 'CREDIT',
        name: 'Ann Lee',
        email: 'ann@example.org',
        address: '1 Main St, Chicago, IL 60601',
        lines: [
          { name: 'Single Ticket', quantity: 2, price: 150, lineamount: 300 },
          { name: 'Shirt', quantity: 1, price: 25, lineamount: 25 },
        ],
        subtotal: 325,
        discountcode: 'GALA10',
        discountamount: 32.5,
        additionaldonation: 25,
        ccfeesamount: 9.53,
        totalamount: 327.03,
        card: 'Visa ending in 4242',
        failure: '',
        // Through the test gateway: no money moved.
        testpayment: true,
      }),
      expect.objectContaining({
        state: 'unpaid',
        paymentmethod: 'BILLME',
        name: 'Bo Chen',
        lines: [{ name: 'Table of Eight', quantity: 1, price: 1100, lineamount: 1100 }],
        totalamount: 1100,
        card: '',
        testpayment: false,
      }),
      expect.objectContaining({
        state: 'failed',
        paymentmethod: 'CREDIT',
        lines: [],
        totalamount: 12.5,
        failure: cardFailureMessages.declined,
        testpayment: true,
      }),
    ]);
    expect(body.orders.map((o: { orderid: number }) => o.orderid)).toEqual([1, 2, 3]);
  });

  it('gives a CSV of one row per order with format=csv', async () => {
    const res = await report('eventcode=gala&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gala-store-orders.csv"');
    // Every cell is quoted (and "" inside one); none of these holds a quote.
    const rows = res.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.slice(1, -1).split('","'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([
      'Order',
      'Date',
      'State',
      'Method',
      'Name',
      'Email',
      'Address',
      'Lines',
      'Subtotal',
      'Promo code',
      'Discount',
      'Donation',
      'Fee',
      'Total',
      'Card',
      'Failure',
      'Test payment',
    ]);
    expect(rows[1]).toEqual([
      'S-1',
      now.toISOString(),
      'paid',
      'CREDIT',
      'Ann Lee',
      'ann@example.org',
      '1 Main St, Chicago, IL 60601',
      'Single Ticket x2 @ $150.00; Shirt x1 @ $25.00',
      '325.00',
      'GALA10',
      '32.50',
      '25.00',
      '9.53',
      '327.03',
      'Visa ending in 4242',
      '',
      'TEST',
    ]);
    expect(rows[2]?.slice(0, 5)).toEqual(['S-2', now.toISOString(), 'unpaid', 'BILLME', 'Bo Chen']);
    expect(rows[2]?.[13]).toBe('1100.00');
    expect(rows[2]?.[16]).toBe('');
    expect(rows[3]?.slice(0, 4)).toEqual(['S-3', now.toISOString(), 'failed', 'CREDIT']);
    expect(rows[3]?.[15]).toBe(cardFailureMessages.declined);
  });

  it('says TEST in the receipt of the order paid through the test gateway, beside its card; not in the Bill Me one', async () => {
    const [paid] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(paid?.text).toContain(`Paid with Visa ending in 4242.\n${TEST_PAYMENT_NOTE}`);
    const [billed] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'bo@example.org'));
    expect(billed?.text).toContain('Payment: Bill Me.');
    expect(billed?.text).not.toContain('TEST');
  });

  it('refuses a caller without the admin token', async () => {
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{}, 401, 'unauthorized', 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.'],
      [{ authorization: 'Bearer wrong-token' }, 403, 'forbidden', 'The admin token is not valid.'],
      [bearer(cartToken), 403, 'forbidden', 'The admin token is not valid.'],
    ];
    for (const [headers, status, code, message] of cases) {
      for (const query of ['eventcode=gala', 'eventcode=gala&format=csv']) {
        const res = await report(query, headers);
        expect(res.statusCode, query).toBe(status);
        expect(res.json()).toEqual(failure(code, message));
      }
    }
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await report('eventcode=nosuch');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(failure('event_not_found', 'Event Not Found'));
  });
});
