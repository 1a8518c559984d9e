import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NEEDED_TO_BID, cardFailureMessages, checkoutMessages } from '@gavel/domain';
import { auctionItems, audit, orders, outbox, paymentMethods, wonItems } from '../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { buyNow, checkoutAs, saveTestCard, testCryptogram } from '../../test/payments-fixtures';
import type { PaymentGateway } from '../../payments/gateway';
import { reconcilePending } from './reconcile';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<string, number>;
let ann: TestBidder;
let dee: TestBidder;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
      ],
    }),
  );
  await importEvent(
    t,
    eventDocument(now, {
      eventcode: 'cardgala',
      event: { needscardtobid: true, needscardtoregister: true },
      items: [item('bid', { name: 'Signed Jersey', startingbid: 50 })],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: '=SUM(A1)' });
  dee = await makeBidder(t, 'cardgala', 'dee@example.org', { firstname: 'Dee' });
});
afterAll(async () => t.close());

const method = async (who: TestBidder) =>
  (await t.app.inject({ method: 'GET', url: '/api/userpaymentmethod', headers: who.auth })).json();

describe('the card on file', () => {
  it('starts empty, saves a test card as brand, last four and expiry only', async () => {
    expect(await method(ann)).toMatchObject({
      cardmessage: 'You have no card on file.',
      card: null,
      showremovedbutton: false,
      showreplacedbutton: false,
      paymentprocessorcode: 1,
    });
    const saved = await saveTestCard(t, ann, 'gala', '4242424242424242');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'success',
      card: { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030 },
    });
    expect(await method(ann)).toMatchObject({
      cardmessage: 'Visa ending in 4242, expires 12/30',
      type: 'Visa',
      showremovedbutton: true,
      showreplacedbutton: true,
    });
    const [row] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.bidderId, ann.bidderId));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: ann.auth })).json();
    expect(cart).toMatchObject({ usecard: true, usecardtitle: 'Use Visa ending in 4242' });
  });

  it.each([
    ['declined', '4000000000000002', cardFailureMessages.declined],
    ['expired', '4000000000000069', cardFailureMessages.expired_card],
  ])('refuses a %s card with 402 and keeps the card it had', async (_name, number, message) => {
    const res = await saveTestCard(t, ann, 'gala', number);
    expect([res.statusCode, res.json().message]).toEqual([402, message]);
    expect((await method(ann)).card).toMatchObject({ last4: '4242' });
  });

  it('refuses a forged or empty token, and a cryptogram without a test card', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/updatecard',
      headers: ann.auth,
      payload: { eventcode: 'gala', processortoken: 'tok_test_e30.AAAA' },
    });
    expect([forged.statusCode, forged.json().message]).toEqual([
      402,
      'This card entry is not valid. Please enter your card again.',
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/updatecard',
      headers: ann.auth,
      payload: { eventcode: 'gala', processortoken: '' },
    });
    expect([empty.statusCode, empty.json().message]).toContain(400);
    expect(empty.json().message).toContain('Please enter a valid credit card.');
    const noOutcome = await t.app.inject({
      method: 'POST',
      url: '/api/testpay/tokens',
      payload: { eventcode: 'gala', brand: 'Visa', last4: '42a2', expmonth: 13, expyear: 2030, outcome: 'success' },
    });
    expect(noOutcome.statusCode).toBe(400);
    expect((await method(ann)).card).toMatchObject({ last4: '4242' });
  });

  it('removes the card', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/updatecard', headers: ann.auth });
    expect(res.statusCode).toBe(200);
    expect(await method(ann)).toMatchObject({ card: null, cardmessage: 'You have no card on file.' });
  });
});

describe('an event that needs a card to register and to bid', () => {
  it('says so until the bidder has a card, and refuses bids without one', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: dee.auth })).json();
    expect(profile).toMatchObject({ needscardtoregister: true, showupdatepaymentmethod: true });
    const items = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auctionitems',
        headers: dee.auth,
        payload: { eventcode: 'cardgala' },
      })
    ).json();
    expect(items.auctionitems[0]).toMatchObject({ needscardtobid: true });
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: dee.auth,
      payload: { eventcode: 'cardgala', itemid: ids.bid, bid: 50 },
    });
    expect([bid.statusCode, bid.json().message]).toEqual([403, CARD_NEEDED_TO_BID]);

    expect((await saveTestCard(t, dee, 'cardgala', '4242424242424242')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: dee.auth })).json()).toMatchObject({
      needscardtoregister: false,
    });
    const after = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auctionitems',
        headers: dee.auth,
        payload: { eventcode: 'cardgala' },
      })
    ).json();
    expect(after.auctionitems[0]).toMatchObject({ needscardtobid: false });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: dee.auth,
      payload: { eventcode: 'cardgala', itemid: ids.bid, bid: 50 },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('an event without card payments', () => {
  it('says so in the cart, issues no test cryptograms, and takes no card checkout', async () => {
    await importEvent(
      t,
      eventDocument(now, {
        eventcode: 'nocards',
        event: { paymentprocessorcode: 0, allowbillme: true },
        items: [item('w', { buyitnowonly: true, buyitnowprice: 10, startingbid: 0, quantity: 5 })],
      }),
    );
    const eve = await makeBidder(t, 'nocards', 'eve@example.org');
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: eve.auth })).json();
    expect(cart).toMatchObject({ paymentprocessorisvalid: false, paymentprocessorcode: 0, allowbillme: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: eve.auth })).json()).toMatchObject({
      showupdatepaymentmethod: false,
    });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/testpay/tokens',
      payload: { eventcode: 'nocards', brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030, outcome: 'success' },
    });
    expect([token.statusCode, token.json().message]).toEqual([400, 'This event does not use test payments.']);
    const [w] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems).where(eq(auctionItems.itemnum, 'w'));
    const h = await buyNow(t, eve, 'nocards', w!.id);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: eve.auth,
      payload: { eventcode: 'nocards', historyid: [h], processortoken: 'tok', totalamount: 10 },
    });
    expect([pay.statusCode, pay.json().message]).toEqual([409, checkoutMessages.noProcessor]);
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: eve.auth,
      payload: { eventcode: 'nocards', historyid: [h], billme: true, totalamount: 10 },
    });
    expect(bill.statusCode).toBe(200);
  });
});

/** The event's gateway, with its charges made to answer as if the network dropped after sending. */
function dropAnswers(): () => void {
  const real = t.ctx.payments.gatewayFor;
  t.ctx.payments.gatewayFor = (event) => {
    const g = real(event);
    if (!g) return g;
    const flaky: PaymentGateway = {
      ...g,
      charge: async (r) => {
        await g.charge(r);
        throw new Error('socket hang up');
      },
    };
    return flaky;
  };
  return () => {
    t.ctx.payments.gatewayFor = real;
  };
}

describe('a charge whose outcome is unknown', () => {
  it('stays pending, is never charged again, and the reconciliation job settles it', async () => {
    const h = await buyNow(t, ann, 'gala', ids.wine!);
    const restore = dropAnswers();
    const res = await checkoutAs(t, ann, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    restore();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
    const retry = await checkoutAs(t, ann, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    expect(retry.statusCode).toBe(409);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: ann.auth })).json();
    expect(mine.orderitems[0]).toMatchObject({ paid: false, paidwith: 'Payment being confirmed' });

    expect(await reconcilePending(t.ctx, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await reconcilePending(t.ctx, new Date(now.getTime() + 3 * 60_000))).toBe(1);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.json().checkoutid));
    expect(order).toMatchObject({ state: 'paid', cardlast4: '4242' });
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(mails.filter((m) => m.subject.includes(`order ${order?.id})`))).toHaveLength(1);
    expect(await reconcilePending(t.ctx, new Date(now.getTime() + 10 * 60_000))).toBe(0);
  });

  it('a charge that never reached the processor fails at reconciliation and the items go back to the cart', async () => {
    const h = await buyNow(t, ann, 'gala', ids.wine!);
    const real = t.ctx.payments.gatewayFor;
    t.ctx.payments.gatewayFor = (event) => {
      const g = real(event);
      return (
        g && {
          ...g,
          charge: async () => {
            throw new Error('connect ETIMEDOUT');
          },
        }
      );
    };
    const res = await checkoutAs(t, ann, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    t.ctx.payments.gatewayFor = real;
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect(await reconcilePending(t.ctx, new Date(now.getTime() + 3 * 60_000))).toBe(1);
    const [won] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.id, h));
    expect(won?.checkoutId).toBeNull();
  });
});

describe("the organizer's payments report", () => {
  it('lists every order with bidder, items, amounts, method and state, as JSON and CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments?eventcode=gala', headers: ADMIN });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const paid = report.orders.filter((o: { state: string }) => o.state === 'paid');
    expect(paid[0]).toMatchObject({
      email: 'ann@example.org',
      method: 'card',
      total: 40,
      card: 'Visa ending in 4242',
      items: [expect.objectContaining({ name: 'Wine Tasting', amount: 40 })],
    });
    expect(report.totals.paid).toBe(40);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?eventcode=gala&format=csv',
      headers: ADMIN,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"Order","Date","Bidder number","Bidder"');
    expect(lines[1]).toContain(`"'=SUM(A1) Tester"`);
    expect(lines[1]).toContain('"40.00"');
  });

  it('refunds a paid card order once; refuses without the admin token', async () => {
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.state, 'paid'));
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refund',
      payload: { eventcode: 'gala', orderid: order!.id },
    });
    expect(denied.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refund',
      headers: ADMIN,
      payload: { eventcode: 'gala', orderid: order!.id },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refund',
      headers: ADMIN,
      payload: { eventcode: 'gala', orderid: order!.id },
    });
    expect(again.statusCode).toBe(409);
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after?.state).toBe('refunded');
    // The operator's refund is in the audit log, once (issue 47).
    const entries = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'admin.refund'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'Operator',
      summary: expect.stringMatching(/^Refunded \$\d+\.\d\d of card order \d+/),
    });
  });
});
