import { describe, expect, it } from 'vitest';
import { type RequestOf, storeMessages } from '@gavel/domain';
import { storeOrders } from '../../db/schema';
import { call } from '../../test/call';
import { failure, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import {
  bearer,
  cartOf,
  checkoutBody,
  checkoutCart,
  openCart,
  cartWith as cartWithAs,
} from '../../test/store-fixtures';
import { galaStore, importGala, storeState, useStoreGala } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

type Body = RequestOf<'PUT /storecheckout'>;
const card = () => testCryptogram(t, 'gala', '4242424242424242');

/** A new cart holding these quantities; answers its newest token. */
const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);

/** Sends a checkout that must be refused; checks the status, the words, and that nothing changed. */
async function expectRefused(
  token: string,
  body: Body,
  { status, code, message }: { status: number; code: string; message: string },
) {
  const before = await storeState(t.ctx.db);
  const res = await checkoutCart(t, token, body);
  expect(res.statusCode, message).toBe(status);
  expect(res.ok ? res.answer : res.failure, message).toEqual(failure(code, message));
  expect(await storeState(t.ctx.db)).toEqual(before);
}

/** The same, for a body the typed client would not send. */
async function expectRawRefused(token: string, payload: object, message: string) {
  const before = await storeState(t.ctx.db);
  const res = await t.app.inject({ method: 'PUT', url: '/api/storecheckout', headers: bearer(token), payload });
  expect(res.statusCode, message).toBe(400);
  expect(res.json(), message).toMatchObject(failure('bad_request', message));
  expect(await storeState(t.ctx.db)).toEqual(before);
}

describe('the sums', () => {
  it('refuses a total, fee, discount or subtotal that is not the server’s with 409 totalChanged', async () => {
    const token = await cartWith({ single: 2 });
    await call(t.app, 'POST /storecartdiscount', { discountcode: 'GALA10' }, { headers: bearer(token) });
    const body = await checkoutBody(t, token, { donation: 2_000, coverFee: true, processortoken: await card() });
    for (const field of ['subtotal', 'discountamount', 'ccfeesamount', 'totalamount'] as const)
      await expectRefused(
        token,
        { ...body, [field]: body[field] + 1 },
        { status: 409, code: 'conflict', message: storeMessages.totalChanged },
      );
    // A page that left the fee out of the total, or took the discount twice.
    await expectRefused(
      token,
      { ...body, totalamount: body.totalamount - body.ccfeesamount },
      { status: 409, code: 'conflict', message: storeMessages.totalChanged },
    );
    await expectRefused(
      token,
      { ...body, totalamount: body.totalamount - body.discountamount },
      { status: 409, code: 'conflict', message: storeMessages.totalChanged },
    );
  });

  it('refuses a donation with cents or above $100,000 with 400', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const encoded = { ...body, subtotal: 150, discountamount: 0, ccfeesamount: 0 };
    await expectRawRefused(
      token,
      { ...encoded, additionaldonation: 10.5, totalamount: 160.5 },
      'additionaldonation: The donation must be in whole dollars.',
    );
    await expectRawRefused(
      token,
      { ...encoded, additionaldonation: 100_001, totalamount: 100_151 },
      'additionaldonation: must be at most $100,000.00',
    );
    await expectRawRefused(
      token,
      { ...encoded, additionaldonation: -5, totalamount: 145 },
      'additionaldonation: must not be negative',
    );
  });

  it('takes a donation of exactly $100,000', async () => {
    const token = await cartWith({ single: 1 });
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { donation: 10_000_000, method: 'BILLME' }));
    expect(res.ok && res.answer.summary).toMatchObject({ additionaldonation: 10_000_000, totalamount: 10_015_000 });
  });
});

describe('the payment method', () => {
  it('refuses FREE when there is something to pay', async () => {
    const token = await cartWith({ single: 1 });
    await expectRefused(token, await checkoutBody(t, token, { method: 'FREE' }), {
      status: 400,
      code: 'bad_request',
      message: storeMessages.freeOnlyAtZero,
    });
  });

  it('refuses CREDIT and BILLME when there is nothing to pay', async () => {
    const token = await cartWith({ vol: 1 });
    await expectRefused(token, await checkoutBody(t, token, { method: 'CREDIT', processortoken: await card() }), {
      status: 400,
      code: 'bad_request',
      message: storeMessages.notFree,
    });
    await expectRefused(token, await checkoutBody(t, token, { method: 'BILLME' }), {
      status: 400,
      code: 'bad_request',
      message: storeMessages.notFree,
    });
  });

  it('refuses BILLME where the store does not allow it', async () => {
    ids = await importGala(t, now, { billme: false });
    const token = await cartWith({ single: 1 });
    await expectRefused(token, await checkoutBody(t, token, { method: 'BILLME' }), {
      status: 400,
      code: 'bad_request',
      message: storeMessages.billMeOff,
    });
  });
});

describe('the billing details, in the spec order', () => {
  it('answers each of the eight messages with 400, selling nothing', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const { processortoken: _card, ...withoutCard } = body;
    await expectRefused(token, withoutCard, { status: 400, code: 'bad_request', message: storeMessages.invalidCard });
    await expectRefused(
      token,
      { ...body, processortoken: '' },
      { status: 400, code: 'bad_request', message: storeMessages.invalidCard },
    );
    const cases: Array<[Partial<Body>, string]> = [
      [{ first: '' }, 'First name is required for checkout.'],
      [{ last: ' ' }, 'Last name is required for checkout.'],
      [{ address: '' }, 'Address is required for checkout.'],
      [{ city: '' }, 'City is required for checkout.'],
      [{ state: '' }, 'State is required for checkout.'],
      [{ zip: '' }, 'Zip is required for checkout.'],
      [{ email: 'ann.example.org' }, 'Please enter a valid email.'],
      // The first problem is the one answered.
      [{ first: '', zip: '', email: '' }, 'First name is required for checkout.'],
    ];
    for (const [change, message] of cases)
      await expectRefused(token, { ...body, ...change }, { status: 400, code: 'bad_request', message: message });
    await expectRefused(
      token,
      { ...withoutCard, first: '' },
      { status: 400, code: 'bad_request', message: storeMessages.invalidCard },
    );
  });

  it('asks for no zip and no email where the store does not require them', async () => {
    ids = await importGala(t, now, { requiredzip: false, requiredemail: false });
    const token = await cartWith({ single: 1 });
    const res = await checkoutCart(
      t,
      token,
      await checkoutBody(t, token, { method: 'BILLME' }, { zip: '', email: '' }),
    );
    expect(res.ok && res.answer.status).toBe('success');
  });
});

describe('carts that cannot be checked out', () => {
  it('refuses an empty cart with 400', async () => {
    const token = await openCart(t);
    await expectRefused(token, await checkoutBody(t, token), {
      status: 400,
      code: 'bad_request',
      message: storeMessages.noItems,
    });
  });

  it('answers expired for a cart whose hold has ended', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    t.setNow(new Date(now.getTime() + 16 * 60_000));
    const before = await storeState(t.ctx.db);
    const res = await checkoutCart(t, token, body);
    expect(res.statusCode).toBe(401);
    expect(res.ok ? res.answer : res.failure).toEqual({
      status: 'expired',
      code: 'expired',
      message: storeMessages.cartExpired,
    });
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('answers 409 with the code run out when it was used up between apply and checkout, the cart kept as it was', async () => {
    const a = await cartWith({ single: 1 });
    const b = await cartWith({ single: 1 });
    for (const tok of [a, b])
      expect(
        (await call(t.app, 'POST /storecartdiscount', { discountcode: 'LIMITED' }, { headers: bearer(tok) })).ok,
      ).toBe(true);
    const stale = await checkoutBody(t, a, { processortoken: await card() });
    expect(stale.discountamount).toBe(3_000);
    expect((await checkoutCart(t, b, await checkoutBody(t, b, { processortoken: await card() }))).ok).toBe(true);
    // The organizer lowers the code's uses to one: B's order has it.
    const store = galaStore(now);
    ids = await importGala(t, now, {
      promocodes: store.promocodes?.map((p) => (p.code === 'LIMITED' ? { ...p, maxuses: 1 } : p)),
    });

    await expectRefused(a, stale, { status: 409, code: 'conflict', message: storeMessages.promoRanOut });
    expect(await cartOf(t, a)).toMatchObject({
      discountcode: 'LIMITED',
      discountamount: 0,
      message: storeMessages.promoUsedUp,
    });
    const fresh = await checkoutCart(t, a, await checkoutBody(t, a, { processortoken: await card() }));
    expect(fresh.ok && fresh.answer.summary).toMatchObject({ discountamount: 0, totalamount: 15_000 });
    const orders = await t.ctx.db.select().from(storeOrders).orderBy(storeOrders.id);
    expect(orders.map((o) => [o.promocode, o.discount])).toEqual([
      ['LIMITED', 3_000],
      ['', 0],
    ]);
  });
});
