import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holdMessages, storeMessages } from '@gavel/domain';
import { storeCarts } from '../../db/schema';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { call } from '../../test/call';
import { failure, type TestApp } from '../../test/harness';
import {
  bearer,
  cartOf,
  cartWith as cartWithAs,
  checkoutBody,
  checkoutCart,
  openCart,
  setQty,
} from '../../test/store-fixtures';
import {
  galaStore,
  idOf,
  storeState,
  tokenClaims,
  useStoreGala,
  cartRowOf,
  EXPIRED_CART,
  minutesAfter,
} from '../../test/store-state';

/**
 * "Keep my cart" (PUT storecart/renew): the warning's one tap renews the hold of a cart holding
 * units, never past its lifetime; every refusal says why and changes nothing. And a promo code is a
 * change of the cart like a quantity: it renews the hold too.
 */
const now = new Date('2026-12-01T18:00:00Z');
const minutes = minutesAfter(now);
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);
const renew = (token: string) => call(t.app, 'PUT /storecart/renew', {}, { headers: bearer(token) });
const cartRow = (token: string) => cartRowOf(t.ctx.db, token);
const expiredBody = EXPIRED_CART;

/** A renewal that must be refused: its status and body, and nothing in the store changed. */
async function expectRefused(token: string, statusCode: number, body: unknown) {
  const before = await storeState(t.ctx.db);
  const res = await renew(token);
  expect(res.statusCode).toBe(statusCode);
  expect(res.ok ? res.answer : res.failure).toEqual(body);
  expect(await storeState(t.ctx.db)).toEqual(before);
}

describe('PUT storecart/renew', () => {
  it('keeps the cart for holdminutes from the tap, with a new token whose exp is the new end', async () => {
    const token = await cartWith({ single: 2 });
    t.setNow(minutes(13));
    const res = await renew(token);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toEqual({
      status: 'success',
      message: holdMessages.kept,
      token: res.answer.token,
      expires: minutes(28).toISOString(),
      maxexpires: minutes(30).toISOString(),
    });
    expect(tokenClaims(res.answer.token)).toEqual({
      cartid: tokenClaims(token).cartid,
      exp: minutes(28).getTime() / 1000,
    });
    expect(await cartRow(token)).toMatchObject({ expiresAt: minutes(28), firstItemAt: now, updatedAt: minutes(13) });
    // The cart says the same, and still holds what it held.
    expect(await cartOf(t, res.answer.token)).toMatchObject({
      expires: minutes(28).toISOString(),
      maxexpires: minutes(30).toISOString(),
      cartitems: [{ itemid: idOf(ids, 'single'), quantity: 2 }],
    });
    // The old token still ends where it did: past it only the new one opens the cart.
    t.setNow(minutes(16));
    expect((await call(t.app, 'GET /storecart', undefined, { headers: bearer(token) })).statusCode).toBe(401);
    expect((await cartOf(t, res.answer.token)).cartitems).toHaveLength(1);
  });

  it('stops at the lifetime, then refuses a renewal that would end no later (409), changing nothing', async () => {
    const token = await cartWith({ single: 1 });
    t.setNow(minutes(13));
    const first = await renew(token);
    if (!first.ok) throw new Error(first.failure.message);
    t.setNow(minutes(26));
    const second = await renew(first.answer.token);
    if (!second.ok) throw new Error(second.failure.message);
    expect(second.answer).toMatchObject({ expires: minutes(30).toISOString(), maxexpires: minutes(30).toISOString() });
    expect(tokenClaims(second.answer.token).exp).toBe(minutes(30).getTime() / 1000);
    t.setNow(minutes(29));
    await expectRefused(second.answer.token, 409, failure('conflict', holdMessages.cannotExtend));
  });

  it('refuses a cart whose hold has ended (401 expired), at its token and at its row', async () => {
    const token = await cartWith({ single: 1 });
    t.setNow(minutes(15));
    await expectRefused(token, 401, expiredBody);
    // A token that outlives its row's hold (the row was let go early): the row decides.
    const other = await cartWith({ single: 1 });
    await t.ctx.db
      .update(storeCarts)
      .set({ expiresAt: minutes(15) })
      .where(eq(storeCarts.id, tokenClaims(other).cartid));
    await expectRefused(other, 401, expiredBody);
  });

  it('refuses an empty cart (409): there is no hold to keep, before its first item or after it was emptied', async () => {
    const fresh = await openCart(t);
    await expectRefused(fresh, 409, failure('conflict', holdMessages.nothingHeld));
    const taken = await cartWith({ single: 1 });
    const emptied = await setQty(t, taken, idOf(ids, 'single'), 0);
    if (!emptied.ok || emptied.answer.status !== 'success') throw new Error('could not empty the cart');
    await expectRefused(emptied.answer.token, 409, failure('conflict', holdMessages.nothingHeld));
  });

  it('refuses a checked-out cart (409) and a store whose sales have closed (expired)', async () => {
    const bought = await cartWith({ single: 1 });
    const order = await checkoutCart(t, bought, await checkoutBody(t, bought, { method: 'BILLME' }));
    if (!order.ok) throw new Error(order.failure.message);
    await expectRefused(bought, 409, failure('conflict', storeMessages.checkedOutLocked));

    const open = await cartWith({ single: 1 });
    // The organizer moves the close to minute 5 (the import clears the cached event).
    await importEvent(
      t,
      eventDocument(now, {
        event: { ccfeespercent: 3, biddingcloses: minutes(4).toISOString(), eventcloses: minutes(5).toISOString() },
        store: galaStore(now),
      }),
    );
    t.setNow(minutes(6));
    await expectRefused(open, 401, { status: 'expired', code: 'expired', message: storeMessages.storeClosed });
  });

  it('refuses bad input: no token, a forged or login-less token, and a body that is not an object', async () => {
    const token = await cartWith({ single: 1 });
    const before = await storeState(t.ctx.db);
    const none = await t.app.inject({ method: 'PUT', url: '/api/storecart/renew', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(failure('unauthorized', 'Please open the store to start a cart.'));
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/storecart/renew',
      headers: bearer('not-a-token'),
      payload: {},
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(failure('unauthorized', 'This cart is not valid. Please reload the page.'));
    for (const payload of ['[]', '"keep"', '{"keep":']) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/storecart/renew',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 'failure', code: 'bad_request' });
    }
    expect(await storeState(t.ctx.db)).toEqual(before);
  });
});

describe('a promo code renews the hold', () => {
  const apply = async (token: string, discountcode: string) => {
    const res = await call(t.app, 'POST /storecartdiscount', { discountcode }, { headers: bearer(token) });
    if (!res.ok) throw new Error(res.failure.message);
    return res.answer;
  };

  it('applied, replaced or taken off: a new hold from then, and a token that ends with it', async () => {
    const token = await cartWith({ single: 1 });
    t.setNow(minutes(5));
    const applied = await apply(token, 'GALA10');
    expect(applied).toMatchObject({
      status: 'success',
      discountcode: 'GALA10',
      expires: minutes(20).toISOString(),
      maxexpires: minutes(30).toISOString(),
    });
    expect(tokenClaims(applied.token).exp).toBe(minutes(20).getTime() / 1000);
    expect(await cartRow(token)).toMatchObject({ expiresAt: minutes(20) });

    t.setNow(minutes(8));
    const refused = await apply(applied.token, 'BOGUS');
    // The refusal took GALA10 off: a change, so a renewal.
    expect(refused).toMatchObject({
      status: 'failure',
      message: storeMessages.promoUnknown,
      expires: minutes(23).toISOString(),
    });
    t.setNow(minutes(9));
    const again = await apply(refused.token, 'FIVE');
    t.setNow(minutes(20));
    const removed = await apply(again.token, '');
    expect(removed).toMatchObject({
      status: 'success',
      message: storeMessages.promoRemoved,
      expires: minutes(30).toISOString(),
      maxexpires: minutes(30).toISOString(),
    });
    expect(await cartOf(t, removed.token)).toMatchObject({ expires: minutes(30).toISOString(), discountcode: '' });
  });

  it('renews nothing when nothing changed, nor the hold of an empty cart (its lifetime has not started)', async () => {
    const token = await cartWith({ single: 1 });
    t.setNow(minutes(4));
    const refused = await apply(token, 'BOGUS');
    expect(refused).toMatchObject({ status: 'failure', expires: minutes(15).toISOString() });
    expect(tokenClaims(refused.token).exp).toBe(minutes(15).getTime() / 1000);
    const removed = await apply(token, '');
    expect(removed).toMatchObject({ status: 'success', expires: minutes(15).toISOString() });
    expect(await cartRow(token)).toMatchObject({ expiresAt: minutes(15), updatedAt: now });

    const empty = await openCart(t);
    t.setNow(minutes(6));
    const onEmpty = await apply(empty, 'GALA10');
    expect(onEmpty).toMatchObject({ status: 'failure', expires: minutes(19).toISOString(), maxexpires: '' });
    expect(await cartRow(empty)).toMatchObject({ firstItemAt: null, expiresAt: minutes(19) });
  });
});
