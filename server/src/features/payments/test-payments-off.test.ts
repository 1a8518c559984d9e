import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '@gavel/domain';
import { auctionItems, orders, outbox, paymentMethods, testCryptograms, wonItems } from '../../db/schema';
import { issueTestCryptogram } from '../../payments/test-gateway';
import { findTenant } from '../../tenancy';
import { createTestApp, failure, type TestApp } from '../../test/harness';
import { makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { buyNow, checkoutAs, newKey } from '../../test/payments-fixtures';
import { bearer, checkoutBody, checkoutCart, cartWith } from '../../test/store-fixtures';
import { galaStore, storeIds, storeState } from '../../test/store-state';
import { importEventDocument } from '../admin/import-service';
import { reconcilePending } from './reconcile';

// The finding replayed: in production, an event left on the test gateway (imported before test
// payments were refused) must take no card, on any path, without ALLOW_TEST_PAYMENTS.
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ann: TestBidder;
let eventId = 0;
let wine = 0;
let store: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://auction.example.org' }, now);
  expect(t.config.testPaymentsAllowed).toBe(false);
  // An event of before the fix: imported on code 1 (the kit's default), as the import now refuses.
  await importEventDocument(
    t.ctx.db,
    eventDocument(now, {
      event: { allowbillme: true, ccfeespercent: 0 },
      items: [
        item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
      ],
      store: galaStore(now),
    }),
    { testPaymentsAllowed: true },
  );
  eventId = (await findTenant(t.ctx.db, 'demo', 'gala')).event.id;
  const [row] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
  wine = row?.id ?? 0;
  store = await storeIds(t.ctx.db);
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
});
afterAll(async () => t.close());

/** A cryptogram signed with the server's own secret for this event, as the token call made them before. */
const signedCryptogram = () =>
  issueTestCryptogram(
    t.config.jwtSecret,
    eventId,
    { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030, outcome: 'success', authenticated: false },
    now,
  );

/** Every row a card payment of the auction could touch. */
async function paymentState() {
  return {
    orders: await t.ctx.db.select().from(orders).orderBy(asc(orders.id)),
    won: await t.ctx.db.select().from(wonItems).orderBy(asc(wonItems.id)),
    cards: await t.ctx.db.select().from(paymentMethods).orderBy(asc(paymentMethods.bidderId)),
    spent: await t.ctx.db.select().from(testCryptograms).orderBy(asc(testCryptograms.nonce)),
    mail: await t.ctx.db.select().from(outbox).orderBy(asc(outbox.id)),
  };
}

const refusal = failure('conflict', checkoutMessages.testPaymentsOff);

describe('an event on the test gateway, in production without ALLOW_TEST_PAYMENTS', () => {
  it('offers no card entry: the cart, the payment method and the store cart say cards are not taken', async () => {
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: ann.auth })).json();
    expect(cart).toMatchObject({ paymentprocessorisvalid: false, paymentprocessorcode: 1, allowbillme: true });
    expect(cart.paymentprocessorinfo).toMatchObject({ iframeurl: '', processorid: '', providerkey: '' });
    const method = (await t.app.inject({ method: 'GET', url: '/api/userpaymentmethod', headers: ann.auth })).json();
    expect(method).toMatchObject({
      paymentprocessorisvalid: false,
      paymentprocessorinfo: expect.objectContaining({ iframeurl: '', processorid: '' }),
    });
    const token = await cartWith(t, store, { single: 1 });
    const storeCart = (await t.app.inject({ method: 'GET', url: '/api/storecart', headers: bearer(token) })).json();
    expect(storeCart).toMatchObject({
      paymentprocessorisvalid: false,
      paymentprocessorinfo: expect.objectContaining({ iframeurl: '', processorid: '' }),
    });
  });

  it('issues no cryptogram from the hosted form’s call (409), and records nothing', async () => {
    const before = await paymentState();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/testpay/tokens',
      payload: { eventcode: 'gala', brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030, outcome: 'success' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal);
    expect(await paymentState()).toEqual(before);
  });

  it('saves no card, even from a cryptogram the server signed (409), and records nothing', async () => {
    const before = await paymentState();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/updatecard',
      headers: { ...ann.auth, 'idempotency-key': newKey() },
      payload: { eventcode: 'gala', processortoken: signedCryptogram() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal);
    expect(await paymentState()).toEqual(before);
  });

  it('refuses a card checkout, with a new card or the card on file (409): no order, no charge, the item still in the cart', async () => {
    const h = await buyNow(t, ann, 'gala', wine);
    // A card kept from before the server refused test payments.
    await t.ctx.db.insert(paymentMethods).values({
      bidderId: ann.bidderId,
      processorcode: 1,
      ref: 'card_test_kept',
      brand: 'Visa',
      last4: '4242',
      expmonth: 12,
      expyear: 2030,
    });
    const before = await paymentState();
    for (const payWith of [{ processortoken: signedCryptogram() }, { usecard: true }]) {
      const res = await checkoutAs(t, ann, { historyid: [h], totalamount: 40, ...payWith });
      expect(res.statusCode, JSON.stringify(payWith)).toBe(409);
      expect(res.json()).toEqual(refusal);
      expect(await paymentState()).toEqual(before);
    }
    expect(before.won.find((w) => w.id === h)?.checkoutId).toBeNull();
  });

  it('fails a test charge left pending from before, which no gateway will answer, and frees its items', async () => {
    const h = await buyNow(t, ann, 'gala', wine);
    const [order] = await t.ctx.db
      .insert(orders)
      .values({
        eventId,
        bidderId: ann.bidderId,
        method: 'card',
        state: 'pending',
        subtotal: 4000,
        donation: 0,
        fee: 0,
        total: 4000,
        currency: 'usd',
        processorcode: 1,
        chargeKey: 'gavel_left_pending',
        createdAt: now,
      })
      .returning();
    await t.ctx.db.update(wonItems).set({ checkoutId: order!.id }).where(eq(wonItems.id, h));
    expect(await reconcilePending(t.ctx, new Date(now.getTime() + 3 * 60_000))).toBe(1);
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ state: 'failed', failure: checkoutMessages.testPaymentsOff });
    const [won] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.id, h));
    expect(won?.checkoutId).toBeNull();
  });

  it('still takes Bill Me', async () => {
    const lines = await t.ctx.db
      .select()
      .from(wonItems)
      .where(and(eq(wonItems.bidderId, ann.bidderId), isNull(wonItems.checkoutId)));
    const res = await checkoutAs(t, ann, {
      historyid: lines.map((l) => l.id),
      billme: true,
      totalamount: 40 * lines.length,
    });
    expect(res.statusCode).toBe(200);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.json().checkoutid));
    expect(order).toMatchObject({ method: 'billme', state: 'unpaid' });
  });

  it('refuses a store card checkout (409) with nothing changed, and takes Bill Me and free orders', async () => {
    const token = await cartWith(t, store, { single: 1 });
    const body = await checkoutBody(t, token, { processortoken: signedCryptogram() });
    const before = { store: await storeState(t.ctx.db), spent: await t.ctx.db.select().from(testCryptograms) };
    const res = await checkoutCart(t, token, body);
    expect(res.statusCode).toBe(409);
    expect(res.ok ? res.answer : res.failure).toEqual(refusal);
    expect({ store: await storeState(t.ctx.db), spent: await t.ctx.db.select().from(testCryptograms) }).toEqual(before);

    const billed = await checkoutCart(t, token, await checkoutBody(t, token, { method: 'BILLME' }));
    expect(billed.ok && billed.answer.summary).toMatchObject({ paymentmethod: 'BILLME' });
    const free = await cartWith(t, store, { vol: 1 });
    const freeOrder = await checkoutCart(t, free, await checkoutBody(t, free, { method: 'FREE' }));
    expect(freeOrder.ok && freeOrder.answer.summary).toMatchObject({ paymentmethod: 'FREE', totalamount: 0 });
  });
});
