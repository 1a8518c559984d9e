import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardFailureMessages, storeMessages } from '@gavel/domain';
import { storeCartLines, storeOrders } from '../../db/schema';
import type { PaymentGateway } from '../../payments/gateway';
import { mailbox } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { failure, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import {
  bearer,
  cartOf,
  checkoutBody,
  checkoutCart,
  openCart,
  setQty,
  cartWith as cartWithAs,
} from '../../test/store-fixtures';
import { idOf, importGala, itemRow, storeState, tokenClaims, useStoreGala, cartRowOf } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const id = (code: string) => idOf(ids, code);
const card = (number = '4242424242424242') => testCryptogram(t, 'gala', number);
const sold = async (code: string) => (await itemRow(t.ctx.db, id(code))).sold;
const orderRows = () => t.ctx.db.select().from(storeOrders).orderBy(storeOrders.id);
const cartRow = (token: string) => cartRowOf(t.ctx.db, token);

/** A new cart holding these quantities; answers its newest token. */
const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);

describe('checkout by card', () => {
  it('sells the cart: the order paid, the units sold, the cart closed and a receipt with the registration link', async () => {
    const token = await cartWith({ single: 2, table: 1, shirt: 1 });
    await call(t.app, 'POST /storecartdiscount', { discountcode: 'GALA10' }, { headers: bearer(token) });
    const body = await checkoutBody(t, token, { donation: 5_000, coverFee: true, processortoken: await card() });
    // $1,425.00 − $142.50 + $50.00 = $1,332.50; 3% = $39.975, so $39.98; total $1,372.48.
    expect(body).toMatchObject({
      subtotal: 142_500,
      discountamount: 14_250,
      additionaldonation: 5_000,
      ccfeesamount: 3_998,
      totalamount: 137_248,
    });
    const res = await checkoutCart(t, token, body);
    if (!res.ok) throw new Error(res.failure.message);
    const [order] = await orderRows();
    expect(res.answer).toEqual({
      status: 'success',
      title: storeMessages.thanksTitle,
      message: storeMessages.thanksText,
      token: expect.any(String),
      summary: {
        orderid: order?.id,
        subtotal: 142_500,
        discountamount: 14_250,
        additionaldonation: 5_000,
        ccfeesamount: 3_998,
        totalamount: 137_248,
        paymentmethod: 'CREDIT',
        card: 'Visa ending in 4242',
      },
    });
    expect(res.answer.token).not.toBe('');
    expect(tokenClaims(res.answer.token).cartid).toBe(tokenClaims(token).cartid);
    expect(order).toMatchObject({
      state: 'paid',
      method: 'CREDIT',
      promocode: 'GALA10',
      first: 'Ann',
      email: 'ann@example.org',
      cardbrand: 'Visa',
      cardlast4: '4242',
      total: 137_248,
    });
    expect(order?.processorRef).toMatch(/^ch_test_/);
    expect([await sold('single'), await sold('table'), await sold('shirt'), await sold('vol')]).toEqual([2, 1, 1, 0]);
    expect((await cartRow(token))?.state).toBe('checkedout');

    const after = await cartOf(t, res.answer.token);
    expect(after).toMatchObject({
      hascheckedout: true,
      orderid: order?.id,
      first: 'Ann',
      paymentmethod: 'CREDIT',
      discountamount: 14_250,
      additionaldonation: 5_000,
      ccfeesamount: 3_998,
      totalamount: 133_250,
      optionaltotal: 137_248,
      expires: '',
      card: 'Visa ending in 4242',
    });
    const setup = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' }, { headers: bearer(res.answer.token) });
    expect(setup.ok && setup.answer).toMatchObject({ hascheckedout: true, status: 'success' });
    expect(setup.ok && setup.answer.tabs.find((x) => x.tabname === 'Registration')?.enabled).toBe(true);

    const mail = (await mailbox(t)).filter((m) => m.to === 'ann@example.org');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Your receipt from Test Gala (order S-${order?.id})`);
    // The lines as a table's rows: code, name, quantity, amount.
    for (const row of [
      /\nsingle +Single Ticket +2 +\$300\.00\n/,
      /\ntable +Table of Eight +1 +\$1,100\.00\n/,
      /\nshirt +Shirt +1 +\$25\.00\n/,
    ])
      expect(mail[0]?.text).toMatch(row);
    for (const part of [
      'Subtotal: $1,425.00',
      'Promo code GALA10: −$142.50',
      'Additional donation: $50.00',
      'Card processing fee you covered: $39.98',
      'Total: $1,372.48',
      'Paid with Visa ending in 4242',
    ])
      expect(mail[0]?.text).toContain(part);
    expect(mail[0]?.links.some((l) => l.includes('/gala/event/purchaserregistration/'))).toBe(true);
  });

  it('refuses every later change of a checked-out cart with 409, and answers a second checkout with the same order', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const first = await checkoutCart(t, token, body);
    if (!first.ok) throw new Error(first.failure.message);
    const before = await storeState(t.ctx.db);
    for (const tok of [token, first.answer.token]) {
      const add = await setQty(t, tok, id('single'), 2);
      expect(add.statusCode).toBe(409);
      expect(add.ok ? add.answer : add.failure).toEqual(failure('conflict', storeMessages.checkedOutLocked));
      const code = await call(t.app, 'POST /storecartdiscount', { discountcode: 'GALA10' }, { headers: bearer(tok) });
      expect(code.statusCode).toBe(409);
      expect(code.ok ? code.answer : code.failure).toEqual(failure('conflict', storeMessages.checkedOutLocked));
    }
    const again = await checkoutCart(t, token, body);
    expect(again.ok && again.answer.summary.orderid).toBe(first.answer.summary.orderid);
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it("answers '' for the token of merchandise only, and mails no registration link", async () => {
    const token = await cartWith({ shirt: 1, mug: 2 });
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: await card() }));
    expect(res.ok && res.answer).toMatchObject({ status: 'success', token: '' });
    // Registration opens only for a purchase with guest seats.
    const setup = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' }, { headers: bearer(token) });
    expect(setup.ok && setup.answer.hascheckedout).toBe(true);
    expect(setup.ok && setup.answer.tabs.find((x) => x.tabname === 'Registration')?.enabled).toBe(false);
    const [mail] = await mailbox(t);
    expect(mail?.text).toMatch(/\nmug +Mug +2 +\$25\.00\n/);
    expect(mail?.links.some((l) => l.includes('purchaserregistration'))).toBe(false);
  });

  it("answers '' and mails no link for tickets when the Registration tab is off", async () => {
    ids = await importGala(t, now, {
      tabs: [
        { tabname: 'Tickets' },
        { tabname: 'Merchandise' },
        { tabname: 'Registration', enabled: false },
        { tabname: 'Cart' },
      ],
    });
    const token = await cartWith({ table: 1 });
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: await card() }));
    expect(res.ok && res.answer).toMatchObject({ status: 'success', token: '' });
    const [mail] = await mailbox(t);
    expect(mail?.links.some((l) => l.includes('purchaserregistration'))).toBe(false);
  });

  it('answers a declined card with 402 and its message; the cart opens again still holding its units', async () => {
    const token = await cartWith({ table: 2 });
    const body = await checkoutBody(t, token, { processortoken: await card('4000000000000002') });
    const res = await checkoutCart(t, token, body);
    expect(res.statusCode).toBe(402);
    expect(res.ok ? res.answer : res.failure).toEqual(failure('payment_failed', cardFailureMessages.declined));
    expect(await orderRows()).toEqual([
      expect.objectContaining({ state: 'failed', failure: cardFailureMessages.declined }),
    ]);
    expect((await cartRow(token))?.state).toBe('open');
    expect(
      await t.ctx.db
        .select()
        .from(storeCartLines)
        .where(eq(storeCartLines.cartId, tokenClaims(token).cartid)),
    ).toHaveLength(1);
    expect(await sold('table')).toBe(0);
    expect(await mailbox(t)).toEqual([]);
    // Still held: another buyer cannot take the tables.
    const other = await setQty(t, await openCart(t), id('table'), 1);
    expect(other.ok && other.answer).toMatchObject({ status: 'failure', quantityremaining: 0 });
    // Another card then pays for the same cart.
    const ok = await checkoutCart(t, token, { ...body, processortoken: await card() });
    expect(ok.ok && ok.answer.status).toBe('success');
    expect((await orderRows()).map((o) => o.state)).toEqual(['failed', 'paid']);
    expect(await sold('table')).toBe(2);
  });
  it('after a declined card, holds the units no longer than the token the buyer has', async () => {
    const token = await cartWith({ table: 2 });
    t.setNow(new Date(now.getTime() + 14 * 60_000));
    const declined = await checkoutCart(
      t,
      token,
      await checkoutBody(t, token, { processortoken: await card('4000000000000002') }),
    );
    expect(declined.statusCode).toBe(402);
    // The 402 carries no new token: the buyer's token still ends at minute 15.
    t.setNow(new Date(now.getTime() + 16 * 60_000));
    const mine = await t.app.inject({ method: 'GET', url: '/api/storecart', headers: bearer(token) });
    expect(mine.statusCode).toBe(401);
    // So no one can use the cart any more, and its tables must be free for others.
    const other = await setQty(t, await openCart(t), id('table'), 2);
    expect(other.ok && other.answer).toMatchObject({ status: 'success', quantity: 2 });
  });
});

describe('checkout without a card', () => {
  it('takes a cart of free items as FREE', async () => {
    const token = await cartWith({ vol: 2 });
    const body = await checkoutBody(t, token);
    expect(body).toMatchObject({ totalamount: 0, paymentmethod: 'FREE' });
    expect(body.processortoken).toBeUndefined();
    const res = await checkoutCart(t, token, body);
    expect(res.ok && res.answer).toMatchObject({
      status: 'success',
      summary: { totalamount: 0, paymentmethod: 'FREE', card: '' },
    });
    expect(await orderRows()).toEqual([expect.objectContaining({ state: 'paid', method: 'FREE', total: 0 })]);
    expect(await sold('vol')).toBe(2);
    const [mail] = await mailbox(t);
    expect(mail?.text).toMatch(/\nvol +Volunteer +2 +FREE\n/);
    expect(mail?.text).toContain('Nothing to pay.');
  });

  it('takes a Bill Me order unpaid, its units sold so no one else can take them', async () => {
    const token = await cartWith({ table: 2 });
    // The card fee is a card payment's: a Bill Me order that carries one is told its total changed.
    const withFee = await checkoutBody(t, token, { method: 'BILLME' });
    const refused = await checkoutCart(t, token, {
      ...withFee,
      ccfeesamount: 6_600,
      totalamount: withFee.totalamount + 6_600,
    });
    expect(refused.statusCode).toBe(409);
    expect(await orderRows()).toEqual([]);
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { method: 'BILLME' }));
    expect(res.ok && res.answer).toMatchObject({
      status: 'success',
      message: storeMessages.billMeThanks,
      summary: { totalamount: 220_000, paymentmethod: 'BILLME', card: '' },
    });
    expect(await orderRows()).toEqual([expect.objectContaining({ state: 'unpaid', method: 'BILLME', total: 220_000 })]);
    expect(await sold('table')).toBe(2);
    expect((await cartRow(token))?.state).toBe('checkedout');
    const other = await setQty(t, await openCart(t), id('table'), 1);
    expect(other.ok && other.answer).toMatchObject({ status: 'failure', quantityremaining: 0 });
    const [mail] = await mailbox(t);
    expect(mail?.text).toContain('Payment: Bill Me. The organizer will bill you for $2,200.00.');
  });
});

describe('once only', () => {
  it('answers the same body sent twice with one order and one charge', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const a = await checkoutCart(t, token, body);
    const b = await checkoutCart(t, token, body);
    expect(a.ok && b.ok).toBe(true);
    expect(b.ok && b.answer.summary.orderid).toBe(a.ok && a.answer.summary.orderid);
    expect(await orderRows()).toHaveLength(1);
    expect(await sold('single')).toBe(1);
  });

  it('answers two checkouts sent at once with the same order, charged once', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const [a, b] = await Promise.all([checkoutCart(t, token, body), checkoutCart(t, token, body)]);
    const orders = await orderRows();
    expect(orders).toHaveLength(1);
    expect(await sold('single')).toBe(1);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.ok && a.answer.summary.orderid).toBe(orders[0]?.id);
    expect(b.ok && b.answer.summary.orderid).toBe(orders[0]?.id);
  });

  it('answers a second submit sent while the card is being charged with the same order, charged once', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    // The processor answers the first charge only once the second submit has had its answer.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    let charges = 0;
    const real = t.ctx.payments.gatewayFor;
    t.ctx.payments.gatewayFor = (event) => {
      const g = real(event);
      if (!g) return g;
      const held: PaymentGateway = {
        ...g,
        charge: async (r) => {
          charges += 1;
          await answered;
          return g.charge(r);
        },
      };
      return held;
    };
    try {
      const first = checkoutCart(t, token, body);
      await until(async () => (await cartRow(token))?.state === 'checkout');
      const second = await checkoutCart(t, token, body);
      release();
      const a = await first;
      expect(a.ok && a.answer.status).toBe('success');
      const orders = await orderRows();
      expect(orders).toHaveLength(1);
      expect(charges).toBe(1);
      expect(second.statusCode).toBe(200);
      expect(second.ok && second.answer.summary.orderid).toBe(orders[0]?.id);
    } finally {
      release();
      t.ctx.payments.gatewayFor = real;
    }
  });
});

/** Waits for a state of the database (a request in flight reaching it), checking every few milliseconds. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the state was never reached');
}
