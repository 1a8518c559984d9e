import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, orders, outbox, paymentMethods } from '../../db/schema';
import { ADMIN, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import type { FakeStripe } from '../../test/fake-stripe';
import { appOnFakeStripe, buyNow, checkoutAs, stripeEventFields } from '../../test/payments-fixtures';

/** Processor code 2 end to end through the API, against the fake Stripe API (no network). */
let t: TestApp;
let fake: FakeStripe;
let ann: TestBidder;
let wine: number;
const now = new Date('2026-12-01T18:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_gavel_0123456789';

beforeAll(async () => {
  ({ t, fake } = await appOnFakeStripe(now));
  await importEvent(
    t,
    eventDocument(now, {
      event: stripeEventFields(WEBHOOK_SECRET),
      items: [
        item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
      ],
    }),
  );
  [{ id: wine }] = (await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems)) as [{ id: number }];
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const updateCard = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/updatecard',
    headers: { ...ann.auth, 'idempotency-key': `card-${Date.now()}-${Math.random()}` },
    payload: { eventcode: 'gala', ...payload },
  });

describe('Stripe cards', () => {
  it('gives the web the publishable key only, and a 4-step wizard', async () => {
    const method = (await t.app.inject({ method: 'GET', url: '/api/userpaymentmethod', headers: ann.auth })).json();
    expect(method).toMatchObject({
      paymentprocessorcode: 2,
      showstripeiframe: true,
      paymentprocessorinfo: { providerkey: 'pk_test_gavel', iframeurl: '' },
    });
    expect(JSON.stringify(method)).not.toContain('sk_test');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/event', payload: { eventcode: 'gala' } })).json(),
    ).toMatchObject({ paymentprocessorcode: 2 });
  });

  it('saves a card through a SetupIntent, finishing 3-D Secure in the browser', async () => {
    const first = await updateCard({ processortoken: 'ctoken_3ds' });
    expect(first.json()).toMatchObject({ status: 'requires_action' });
    const { clientsecret, setupintentid } = first.json();
    expect(clientsecret).toContain('_secret_');
    fake.authenticate(setupintentid);
    const done = await updateCard({ processortoken: 'ctoken_3ds', setupintentid });
    expect(done.json()).toMatchObject({ status: 'success', card: { brand: 'Visa' } });
    const [row] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.bidderId, ann.bidderId));
    expect(row?.ref).toMatch(/^pm_/);
  });

  it('refuses a declined card with its message', async () => {
    const res = await updateCard({ processortoken: 'ctoken_declined' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/declined/);
  });
});

describe('Stripe checkout', () => {
  it('charges the card on file off-session, once for a retried key', async () => {
    expect((await updateCard({ processortoken: 'ctoken_visa' })).statusCode).toBe(200);
    const h = await buyNow(t, ann, 'gala', wine);
    const body = { historyid: [h], usecard: true, totalamount: 40 };
    const a = await checkoutAs(t, ann, body, 'stripe-key-1');
    const b = await checkoutAs(t, ann, body, 'stripe-key-1');
    expect(a.json()).toMatchObject({ status: 'success' });
    expect(b.json()).toEqual(a.json());
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, a.json().checkoutid));
    expect(order).toMatchObject({ state: 'paid', total: 4000 });
    const intents = [...fake.state.paymentIntents.values()].filter((pi) => pi.metadata.chargekey === order?.chargeKey);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 4000, currency: 'usd', status: 'succeeded' });
  });

  it('hands a payment that needs authentication to the browser, then finishes it', async () => {
    const h = await buyNow(t, ann, 'gala', wine);
    const first = await checkoutAs(t, ann, { historyid: [h], processortoken: 'ctoken_3ds', totalamount: 40 });
    expect(first.json()).toMatchObject({ status: 'requires_action' });
    const { paymentintentid } = first.json();
    fake.authenticate(paymentintentid);
    const done = await checkoutAs(t, ann, { historyid: [h], paymentintentid, totalamount: 40 });
    expect(done.json()).toMatchObject({ status: 'success', checkoutid: first.json().checkoutid });
  });

  it('settles a charge that timed out from the signed webhook, and refuses an unsigned one', async () => {
    const h = await buyNow(t, ann, 'gala', wine);
    fake.hangNext();
    const pending = await checkoutAs(t, ann, { historyid: [h], usecard: true, totalamount: 40 });
    expect(pending.json()).toMatchObject({ status: 'pending' });
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, pending.json().checkoutid));
    const intent = [...fake.state.paymentIntents.values()].find((pi) => pi.metadata.chargekey === order?.chargeKey);
    expect(intent).toBeDefined();
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded' } },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/gala',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/gala',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.json()).toMatchObject({ received: true, settled: 'paid' });
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after?.state).toBe('paid');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe/gala',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(again.json()).toMatchObject({ settled: 'unchanged' });
  });

  it('marks no Stripe order as a test payment: real money moved', async () => {
    const report = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payments?eventcode=gala', headers: ADMIN })
    ).json();
    expect(report.orders.filter((o: { state: string }) => o.state === 'paid').length).toBeGreaterThan(0);
    expect(report.orders.map((o: { testpayment: boolean }) => o.testpayment)).not.toContain(true);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: ann.auth })).json();
    expect(mine.orderitems.map((o: { testpayment: boolean }) => o.testpayment)).not.toContain(true);
    const receipts = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.map((m) => m.text).join('\n')).not.toContain('TEST PAYMENT');
  });
});
