import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeItems, storeOrders } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument, storeItem } from '../../test/documents';
import type { FakeStripe } from '../../test/fake-stripe';
import { appOnFakeStripe, stripeEventFields } from '../../test/payments-fixtures';
import { checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';

/** The store on Stripe (processor code 2), against the fake Stripe API: 3-D Secure, declines and the webhook. */
let t: TestApp;
let fake: FakeStripe;
let shirt: number;
const now = new Date('2026-12-01T18:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_gavel_store_0123456789';

beforeAll(async () => {
  ({ t, fake } = await appOnFakeStripe(now));
  await importEvent(
    t,
    eventDocument(now, {
      event: stripeEventFields(WEBHOOK_SECRET),
      store: { items: [storeItem('shirt', { tab: 'Merchandise', name: 'Shirt', price: 25, quantity: 5, seats: 0 })] },
    }),
  );
  [{ id: shirt }] = (await t.ctx.db.select({ id: storeItems.id }).from(storeItems)) as [{ id: number }];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A cart holding one shirt, and its token. */
async function cartWithShirt(): Promise<string> {
  const res = await setQty(t, await openCart(t), shirt, 1);
  if (!res.ok || res.answer.status !== 'success') throw new Error('the shirt was not added');
  return res.answer.token;
}

const soldShirts = async () =>
  (await t.ctx.db.select({ sold: storeItems.sold }).from(storeItems).where(eq(storeItems.id, shirt)))[0]?.sold;

describe('the store on Stripe', () => {
  it('charges a confirmation token once, in cents', async () => {
    const token = await cartWithShirt();
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: 'ctoken_visa' }));
    expect(res.ok && res.answer).toMatchObject({
      status: 'success',
      summary: { totalamount: 2500, card: 'Visa ending in 4242' },
    });
    const [order] = await t.ctx.db
      .select()
      .from(storeOrders)
      .where(eq(storeOrders.id, res.ok ? res.answer.summary.orderid : 0));
    const intents = [...fake.state.paymentIntents.values()].filter((pi) => pi.metadata.chargekey === order?.chargeKey);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 2500, currency: 'usd', status: 'succeeded' });
  });

  it('hands a payment that needs 3-D Secure to the browser, keeps the units held, then finishes it', async () => {
    const token = await cartWithShirt();
    const body = await checkoutBody(t, token, { processortoken: 'ctoken_3ds' });
    const sold = await soldShirts();
    const first = await checkoutCart(t, token, body);
    expect(first.ok && first.answer).toMatchObject({ status: 'requires_action' });
    const paymentintentid = first.ok ? (first.answer.paymentintentid ?? '') : '';
    expect(first.ok && first.answer.clientsecret).toContain('_secret_');
    expect(await soldShirts()).toBe(sold);
    // The cart cannot change while the bank waits.
    expect((await setQty(t, token, shirt, 2)).statusCode).toBe(409);
    fake.authenticate(paymentintentid);
    const done = await checkoutCart(t, token, { ...body, paymentintentid });
    expect(done.ok && done.answer).toMatchObject({
      status: 'success',
      summary: { orderid: first.ok ? first.answer.summary.orderid : -1 },
    });
    expect(await soldShirts()).toBe((sold ?? 0) + 1);
  });

  it("refuses a declined card with Stripe's words and opens the cart again", async () => {
    const token = await cartWithShirt();
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: 'ctoken_declined' }));
    expect(res.statusCode).toBe(402);
    expect(res.ok ? '' : res.failure.message).toMatch(/declined/);
    expect((await setQty(t, token, shirt, 0)).ok).toBe(true);
  });

  it('settles a charge whose answer was lost from the signed webhook', async () => {
    const token = await cartWithShirt();
    fake.hangNext();
    const pending = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: 'ctoken_visa' }));
    expect(pending.ok && pending.answer.status).toBe('pending');
    const [order] = await t.ctx.db
      .select()
      .from(storeOrders)
      .where(eq(storeOrders.id, pending.ok ? pending.answer.summary.orderid : 0));
    const intent = [...fake.state.paymentIntents.values()].find((pi) => pi.metadata.chargekey === order?.chargeKey);
    expect(intent).toBeDefined();
    const payload = JSON.stringify({
      id: 'evt_store_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/gala',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.json()).toMatchObject({ received: true, settled: 'paid' });
    const [after] = await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, order!.id));
    expect(after?.state).toBe('paid');
  });
});
