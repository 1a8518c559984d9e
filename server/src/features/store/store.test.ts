import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMessages } from '@gavel/domain';
import { storeItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument, storeItem } from '../../test/documents';
import { testCryptogram } from '../../test/payments-fixtures';
import { cartOf, checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';
import { call } from '../../test/call';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: { ccfeespercent: 3 },
      store: {
        billme: true,
        items: [
          storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10, maxpertransaction: 4 }),
          storeItem('table', { name: 'Table of Eight', price: 1100, quantity: 2, seats: 8 }),
          storeItem('vol', { name: 'Volunteer', itemtypecode: 4, price: 0, quantity: 5 }),
          storeItem('shirt', {
            tab: 'Merchandise',
            section: 'Shirts',
            name: 'Shirt',
            price: 25,
            quantity: 1,
            seats: 0,
          }),
        ],
        promocodes: [{ code: 'GALA10', percent: 10 }],
      },
    }),
  );
  const rows = await t.ctx.db.select({ id: storeItems.id, code: storeItems.code }).from(storeItems);
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(async () => t.close());

describe('the store, end to end', () => {
  it('sets up, holds, discounts and sells by card', async () => {
    const setup = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    expect(setup.ok && setup.answer.tabs.map((x) => x.tabname)).toEqual([
      'Tickets',
      'Merchandise',
      'Registration',
      'Cart',
    ]);
    const token = await openCart(t);
    const added = await setQty(t, token, ids.single!, 2);
    expect(added.ok && added.answer.status).toBe('success');
    const tok = added.ok && added.answer.status === 'success' ? added.answer.token : '';
    await setQty(t, tok, ids.shirt!, 1);
    const other = await openCart(t);
    const refused = await setQty(t, other, ids.shirt!, 1);
    expect(refused.ok && refused.answer).toMatchObject({ status: 'failure', quantityremaining: 0, itemname: 'Shirt' });
    const promo = await call(
      t.app,
      'POST /storecartdiscount',
      { discountcode: 'gala10' },
      { headers: { authorization: `Bearer ${tok}` } },
    );
    expect(promo.ok && promo.answer).toMatchObject({ status: 'success', discountamount: 3250 });
    const cart = await cartOf(t, tok);
    expect(cart).toMatchObject({ subtotal: 32500, discountamount: 3250, discountcode: 'GALA10' });
    const body = await checkoutBody(t, tok, {
      donation: 5000,
      coverFee: true,
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
    });
    const res = await checkoutCart(t, tok, body);
    expect(res.ok && res.answer).toMatchObject({
      status: 'success',
      summary: { subtotal: 32500, discountamount: 3250, additionaldonation: 5000, paymentmethod: 'CREDIT' },
    });
    const again = await checkoutCart(t, tok, body);
    expect(again.ok && again.answer.summary.orderid).toBe(res.ok && res.answer.summary.orderid);
    const after = await cartOf(t, tok);
    expect(after.hascheckedout).toBe(true);
    const report = await t.app.inject({
      method: 'GET',
      url: '/api/admin/store/orders?eventcode=gala',
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
    });
    expect(report.json().orders).toHaveLength(1);
  });

  it('expires a cart', async () => {
    const token = await openCart(t);
    t.setNow(new Date(now.getTime() + 16 * 60_000));
    const res = await call(t.app, 'GET /storecart', undefined, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok ? 'ok' : res.failure).toMatchObject({ status: 'expired', message: storeMessages.cartExpired });
    t.setNow(now);
  });
});
