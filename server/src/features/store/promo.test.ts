import { describe, expect, it } from 'vitest';
import { storeMessages } from '@gavel/domain';
import { call } from '../../test/call';
import { failure, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import { bearer, cartOf, checkoutBody, checkoutCart, setQty, cartWith as cartWithAs } from '../../test/store-fixtures';
import { idOf, storeState, useStoreGala, minutesAfter } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
const minutes = minutesAfter(now);
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

/** A new cart holding these quantities; answers its newest token. */
const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);

/** The code's answer without the renewed hold's token and times (renew.test.ts tests those). */
async function apply(token: string, discountcode: string) {
  const res = await call(t.app, 'POST /storecartdiscount', { discountcode }, { headers: bearer(token) });
  if (!res.ok) throw new Error(`storecartdiscount answered ${res.statusCode}: ${res.failure.message}`);
  const { status, message, discountamount, discountcode: code } = res.answer;
  return { status, message, discountamount, discountcode: code };
}

const refused = (message: string) => ({ status: 'failure', message, discountamount: 0, discountcode: '' });

async function expectNoDiscount(token: string) {
  expect(await cartOf(t, token)).toMatchObject({ discountamount: 0, discountcode: '', hasdiscount: false });
}

describe('applying a promo code', () => {
  it('takes a percent off, whatever the case of the code', async () => {
    const token = await cartWith({ single: 1, shirt: 1 });
    expect(await apply(token, 'gala10')).toEqual({
      status: 'success',
      message: storeMessages.promoApplied,
      discountamount: 1_750,
      discountcode: 'GALA10',
    });
    expect(await cartOf(t, token)).toMatchObject({
      subtotal: 17_500,
      discountamount: 1_750,
      discountcode: 'GALA10',
      hasdiscount: true,
      totalamount: 15_750,
    });
  });

  it('takes a fixed amount off', async () => {
    const token = await cartWith({ single: 1 });
    expect(await apply(token, 'Five')).toEqual({
      status: 'success',
      message: storeMessages.promoApplied,
      discountamount: 500,
      discountcode: 'FIVE',
    });
    expect(await cartOf(t, token)).toMatchObject({ discountamount: 500, totalamount: 14_500 });
  });

  it('refuses an unknown code, leaving the cart without one', async () => {
    const token = await cartWith({ single: 1 });
    expect(await apply(token, 'BOGUS')).toEqual(refused(storeMessages.promoUnknown));
    await expectNoDiscount(token);
  });

  it('refuses a code before validfrom and after validuntil', async () => {
    const token = await cartWith({ single: 1 });
    expect(await apply(token, 'LATER')).toEqual(refused(storeMessages.promoNotYet));
    await expectNoDiscount(token);
    expect((await apply(token, 'EARLY')).status).toBe('success');
    t.setNow(minutes(6));
    expect(await apply(token, 'EARLY')).toEqual(refused(storeMessages.promoExpired));
    await expectNoDiscount(token);
    t.setNow(minutes(61));
    const later = await cartWith({ single: 1 });
    expect(await apply(later, 'LATER')).toMatchObject({ status: 'success', discountamount: 2_250 });
  });

  it('shows no discount for a code whose validuntil passes while it sits in the cart', async () => {
    const token = await cartWith({ single: 1 });
    expect((await apply(token, 'EARLY')).discountamount).toBe(2_250);
    t.setNow(minutes(6));
    expect(await cartOf(t, token)).toMatchObject({
      discountamount: 0,
      hasdiscount: false,
      totalamount: 15_000,
      message: storeMessages.promoExpired,
    });
  });

  it('applies only to the items it names', async () => {
    const tickets = await cartWith({ single: 1 });
    expect(await apply(tickets, 'SHIRTS')).toEqual(refused(storeMessages.promoNoItems));
    await expectNoDiscount(tickets);
    const mixed = await cartWith({ single: 1, shirt: 1 });
    expect(await apply(mixed, 'shirts')).toMatchObject({ status: 'success', discountamount: 1_250 });
    // The shirt taken out: the code no longer gives anything.
    await setQty(t, mixed, idOf(ids, 'shirt'), 0);
    expect(await cartOf(t, mixed)).toMatchObject({
      discountamount: 0,
      hasdiscount: false,
      message: storeMessages.promoNoItems,
    });
  });

  it('gives nothing off a cart of free items', async () => {
    const token = await cartWith({ vol: 2 });
    expect(await apply(token, 'GALA10')).toEqual(refused(storeMessages.promoNoItems));
  });

  it('keeps one code per cart: a second replaces the first', async () => {
    const token = await cartWith({ single: 2 });
    expect((await apply(token, 'GALA10')).discountamount).toBe(3_000);
    expect(await apply(token, 'FIVE')).toMatchObject({ status: 'success', discountamount: 500, discountcode: 'FIVE' });
    expect(await cartOf(t, token)).toMatchObject({ discountamount: 500, discountcode: 'FIVE' });
  });

  it('drops the code in the cart when a refused one is tried', async () => {
    const token = await cartWith({ single: 1 });
    expect((await apply(token, 'GALA10')).status).toBe('success');
    expect(await apply(token, 'LATER')).toEqual(refused(storeMessages.promoNotYet));
    await expectNoDiscount(token);
  });

  it("removes the code with ''", async () => {
    const token = await cartWith({ single: 1 });
    expect((await apply(token, 'GALA10')).status).toBe('success');
    expect(await apply(token, '')).toEqual({
      status: 'success',
      message: storeMessages.promoRemoved,
      discountamount: 0,
      discountcode: '',
    });
    await expectNoDiscount(token);
  });

  it('refuses a code longer than 40 characters with 400, changing nothing', async () => {
    const token = await cartWith({ single: 1 });
    await apply(token, 'GALA10');
    const before = await storeState(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storecartdiscount',
      headers: bearer(token),
      payload: { discountcode: 'X'.repeat(41) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(
      failure('bad_request', 'discountcode: The promo code must be at most 40 characters.'),
    );
    expect(await storeState(t.ctx.db)).toEqual(before);
  });
});

describe('maxuses', () => {
  it('counts the orders that took the code, never the carts that merely applied it', async () => {
    // LIMITED may be used twice. Four carts apply it: applying holds no use.
    const [a, b, c, d] = [
      await cartWith({ single: 1 }),
      await cartWith({ single: 1 }),
      await cartWith({ single: 1 }),
      await cartWith({ single: 1 }),
    ];
    for (const token of [a, b, c, d])
      expect(await apply(token, 'limited')).toMatchObject({ status: 'success', discountamount: 3_000 });

    const paid = await checkoutCart(
      t,
      a,
      await checkoutBody(t, a, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
    );
    expect(paid.ok && paid.answer.summary.discountamount).toBe(3_000);
    const billed = await checkoutCart(t, b, await checkoutBody(t, b, { method: 'BILLME' }));
    expect(billed.ok && billed.answer.summary.discountamount).toBe(3_000);

    // Two orders have it: the carts still holding it are shown no discount, and it cannot be applied again.
    expect(await cartOf(t, c)).toMatchObject({
      discountcode: 'LIMITED',
      discountamount: 0,
      hasdiscount: false,
      message: storeMessages.promoUsedUp,
    });
    expect(await apply(d, 'LIMITED')).toEqual(refused(storeMessages.promoUsedUp));
    await expectNoDiscount(d);
    t.setNow(minutes(10));
    expect(await apply(await cartWith({ single: 1 }), 'LIMITED')).toEqual(refused(storeMessages.promoUsedUp));
  });

  it('does not count an order whose card was declined', async () => {
    const a = await cartWith({ single: 1 });
    await apply(a, 'LIMITED');
    const declined = await checkoutCart(
      t,
      a,
      await checkoutBody(t, a, { processortoken: await testCryptogram(t, 'gala', '4000000000000002') }),
    );
    expect(declined.statusCode).toBe(402);
    // A's failed order holds no use: B pays with the code, and A may still use the second.
    const b = await cartWith({ single: 1 });
    expect((await apply(b, 'LIMITED')).status).toBe('success');
    const paidB = await checkoutCart(
      t,
      b,
      await checkoutBody(t, b, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
    );
    expect(paidB.ok && paidB.answer.summary.discountamount).toBe(3_000);
    expect(await cartOf(t, a)).toMatchObject({ discountcode: 'LIMITED', discountamount: 3_000, message: '' });
    const paidA = await checkoutCart(
      t,
      a,
      await checkoutBody(t, a, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
    );
    expect(paidA.ok && paidA.answer.summary.discountamount).toBe(3_000);
    const c = await cartWith({ single: 1 });
    expect((await apply(c, 'LIMITED')).message).toBe(storeMessages.promoUsedUp);
  });
});
