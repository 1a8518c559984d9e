import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages, cardFailureMessages } from '@gavel/domain';
import { auctionItems, orders, outbox, wonItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { buyNow, checkoutAs, newKey, saveTestCard, testCryptogram } from '../../test/payments-fixtures';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<string, number>;
let ann: TestBidder;
let bob: TestBidder;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: {
        ccfeespercent: 3,
        allowpayccfees: true,
        allowbillme: true,
        pickupinstructions: 'Grand Hall desk from 9 pm.',
      },
      items: [
        item('wine', {
          name: 'Wine Tasting',
          buyitnowonly: true,
          buyitnowprice: 40,
          quantity: 50,
          startingbid: 0,
          pickupinstructions: 'Gift table.',
        }),
        item('tote', { name: 'Gala Tote', buyitnowonly: true, buyitnowprice: 25.5, quantity: 50, startingbid: 0 }),
        item('bid', { name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 }),
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
});
afterAll(async () => t.close());

const unpaid = async (who: TestBidder) =>
  t.ctx.db
    .select()
    .from(wonItems)
    .where(and(eq(wonItems.bidderId, who.bidderId), isNull(wonItems.checkoutId)));
const ordersOf = async (who: TestBidder) => t.ctx.db.select().from(orders).where(eq(orders.bidderId, who.bidderId));

describe('the cart before checkout', () => {
  it('tells the page how to take a card, and that there is none on file', async () => {
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: ann.auth })).json();
    expect(cart).toMatchObject({
      showccfees: true,
      ccfeespercentage: 3,
      paymentprocessorisvalid: true,
      paymentprocessorcode: 1,
      usecard: false,
      usecardtitle: '',
      card: null,
      allowbillme: true,
    });
    expect(cart.paymentprocessorinfo).toMatchObject({
      iframeurl: '/testpay/card-form',
      currency: 'usd',
      providerkey: '',
    });
  });
});

describe('checkout with a card', () => {
  it('charges the total the server computes: subtotal + donation + 3% fee rounded half up', async () => {
    const h = await buyNow(t, ann, 'gala', ids.wine!);
    // $40.00 + $10.01 = $50.01; 3% = 150.03 cents, so the fee is $1.50 and the total $51.51.
    const wrong = await checkoutAs(t, ann, {
      historyid: [h],
      usecard: false,
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      additionaldonation: 10.01,
      ccfeesexactamount: 1.5,
      totalamount: 51.52,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(checkoutMessages.totalChanged);
    expect(await ordersOf(ann)).toHaveLength(0);
    expect(await unpaid(ann)).toHaveLength(1);

    const token = await testCryptogram(t, 'gala', '4242 4242 4242 4242');
    const res = await checkoutAs(t, ann, {
      historyid: [h],
      itemid: [ids.wine],
      usecard: false,
      processortoken: token,
      additionaldonation: 10.01,
      ccfeesexactamount: 1.5,
      totalamount: 51.51,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      title: 'Thank you for your purchase!',
      message: 'You can view the pickup instructions in your order history!',
    });
    const [order] = await ordersOf(ann);
    expect(order).toMatchObject({
      state: 'paid',
      method: 'card',
      subtotal: 4000,
      donation: 1001,
      fee: 150,
      total: 5151,
      cardbrand: 'Visa',
      cardlast4: '4242',
    });
    expect(order?.processorRef).toMatch(/^ch_test_/);
    expect(await unpaid(ann)).toHaveLength(0);
  });

  it('keeps order history to checked-out items, for the signed-in bidder only', async () => {
    const h = await buyNow(t, bob, 'gala', ids.wine!);
    expect((await t.app.inject({ method: 'GET', url: '/api/myorders', headers: bob.auth })).json()).toEqual({
      status: 'success',
      orderitems: [],
      payments: [],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/myorders' })).statusCode).toBe(401);
    const res = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: bob.auth })).json().orderitems,
    ).toHaveLength(1);
  });

  it('lists the paid order with its pickup instructions, and mails a receipt', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: ann.auth })).json();
    expect(mine.orderitems).toEqual([
      expect.objectContaining({
        name: 'Wine Tasting',
        amount: 40,
        quantity: 1,
        pickupinstructions: 'Gift table.',
        paid: true,
        paidwith: 'Visa ending in 4242',
      }),
    ]);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(mail?.subject).toContain('Your receipt from Test Gala');
    for (const part of [
      'Wine Tasting',
      'Additional donation: $10.01',
      'Card processing fee you covered: $1.50',
      'Total: $51.51',
      'Paid with Visa ending in 4242',
      'Pickup: Gift table.',
    ])
      expect(mail?.text).toContain(part);
  });

  it('without the fee box, charges subtotal + donation only', async () => {
    const h = await buyNow(t, bob, 'gala', ids.tote!);
    const res = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 25.5,
    });
    expect(res.statusCode).toBe(200);
    expect((await ordersOf(bob)).find((o) => o.id === res.json().checkoutid)).toMatchObject({ fee: 0, total: 2550 });
  });
});

describe('retries and double submits', () => {
  it('answers a retry with the same key from the first answer, and charges once', async () => {
    const h = await buyNow(t, ann, 'gala', ids.tote!);
    const key = newKey();
    const body = {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 25.5,
    };
    const [a, b] = await Promise.all([checkoutAs(t, ann, body, key), checkoutAs(t, ann, body, key)]);
    const answers = [a, b].map((r) => r.statusCode);
    // Both succeed with one order, or the racing twin is told the items are being paid: never two charges.
    expect(answers).toContain(200);
    expect((await ordersOf(ann)).filter((o) => o.state === 'paid')).toHaveLength(2);
    const again = await checkoutAs(t, ann, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkoutid).toBe(a.statusCode === 200 ? a.json().checkoutid : b.json().checkoutid);
    expect((await ordersOf(ann)).filter((o) => o.state === 'paid')).toHaveLength(2);
  });

  it('refuses the same key with another body (422), and paying for paid items (409)', async () => {
    const h = await buyNow(t, ann, 'gala', ids.tote!);
    const key = newKey();
    const ok = await checkoutAs(
      t,
      ann,
      { historyid: [h], processortoken: await testCryptogram(t, 'gala', '4242424242424242'), totalamount: 25.5 },
      key,
    );
    expect(ok.statusCode).toBe(200);
    const other = await checkoutAs(
      t,
      ann,
      {
        historyid: [h],
        processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
        totalamount: 25.5,
        additionaldonation: 1,
        ccfeesexactamount: 0,
      },
      key,
    );
    expect(other.statusCode).toBe(422);
    const paid = await checkoutAs(t, ann, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 25.5,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(checkoutMessages.alreadyPaid);
  });
});

describe('refused checkouts change nothing', () => {
  it('a declined card: 402 with its message, the items back in the cart', async () => {
    const h = await buyNow(t, bob, 'gala', ids.wine!);
    const before = (await ordersOf(bob)).filter((o) => o.state === 'paid').length;
    const res = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4000000000000002'),
      totalamount: 40,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(cardFailureMessages.declined);
    expect((await unpaid(bob)).map((w) => w.id)).toEqual([h]);
    expect((await ordersOf(bob)).filter((o) => o.state === 'paid')).toHaveLength(before);
    // The same items then pay with a good card.
    const ok = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    ['insufficient funds', '4000000000009995', cardFailureMessages.insufficient_funds],
    ['expired', '4000000000000069', cardFailureMessages.expired_card],
    ['needs confirmation, not given', '4000002760003184', cardFailureMessages.authentication_required],
  ])('a card with %s: 402 and nothing paid', async (_name, number, message) => {
    const h = await buyNow(t, bob, 'gala', ids.tote!);
    const res = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', number),
      totalamount: 25.5,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(message);
    expect((await unpaid(bob)).map((w) => w.id)).toContain(h);
  });

  it('a card that needs confirmation pays once the bidder confirmed it in the form', async () => {
    const [h] = (await unpaid(bob)).map((w) => w.id);
    const line = (await unpaid(bob)).find((w) => w.id === h);
    const res = await checkoutAs(t, bob, {
      historyid: [h],
      processortoken: await testCryptogram(t, 'gala', '4000002760003184', { authenticated: true }),
      totalamount: ((line?.amount ?? 0) * (line?.quantity ?? 1)) / 100,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses items that are not the bidder’s, unknown, or none at all', async () => {
    const h = await buyNow(t, ann, 'gala', ids.wine!);
    const token = await testCryptogram(t, 'gala', '4242424242424242');
    const theirs = await checkoutAs(t, bob, { historyid: [h], processortoken: token, totalamount: 40 });
    expect([theirs.statusCode, theirs.json().message]).toEqual([400, checkoutMessages.notYours]);
    const unknown = await checkoutAs(t, ann, { historyid: [999999], processortoken: token, totalamount: 40 });
    expect(unknown.statusCode).toBe(400);
    const none = await checkoutAs(t, ann, { historyid: [], processortoken: token, totalamount: 0 });
    expect([none.statusCode, none.json().message]).toEqual([400, 'Please select at least one item to checkout.']);
    const wrongItem = await checkoutAs(t, ann, {
      historyid: [h],
      itemid: [ids.bid],
      processortoken: token,
      totalamount: 40,
    });
    expect(wrongItem.statusCode).toBe(400);
    expect((await unpaid(ann)).map((w) => w.id)).toContain(h);
  });

  it.each([
    ['negative', -5, 'must not be negative'],
    ['fractional beyond cents', 1.001, 'at most two decimals'],
    ['absurd', 1e12, 'at most $1,000,000.00'],
  ])('refuses a %s donation with 400', async (_name, additionaldonation, words) => {
    const [line] = await unpaid(ann);
    const res = await checkoutAs(t, ann, {
      historyid: [line?.id],
      processortoken: 'tok',
      additionaldonation,
      totalamount: 40,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
    expect(await unpaid(ann)).toContainEqual(expect.objectContaining({ id: line?.id }));
  });

  it('asks for a card when none is given, and refuses a token of another event or a forged one', async () => {
    const [line] = await unpaid(ann);
    const bare = await checkoutAs(t, ann, { historyid: [line?.id], totalamount: 40 });
    expect([bare.statusCode, bare.json().message]).toEqual([400, 'Please enter a valid credit card.']);
    const noCard = await checkoutAs(t, ann, { historyid: [line?.id], usecard: true, totalamount: 40 });
    expect([noCard.statusCode, noCard.json().message]).toEqual([400, checkoutMessages.noCardOnFile]);
    await importEvent(t, eventDocument(now, { eventcode: 'other', items: [item('x')] }));
    const foreign = await checkoutAs(t, ann, {
      historyid: [line?.id],
      processortoken: await testCryptogram(t, 'other', '4242424242424242'),
      totalamount: 40,
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      402,
      'This card was entered for another event. Please enter your card again.',
    ]);
    const forged = (await testCryptogram(t, 'gala', '4000000000000002')).replace(/\.[^.]+$/, '.AAAA');
    const res = await checkoutAs(t, ann, { historyid: [line?.id], processortoken: forged, totalamount: 40 });
    expect(res.statusCode).toBe(402);
    expect(await unpaid(ann)).toContainEqual(expect.objectContaining({ id: line?.id }));
  });
});

describe('Bill Me', () => {
  it('records an unpaid order, mails a receipt, and empties the cart', async () => {
    const lines = await unpaid(ann);
    const total = lines.reduce((s, l) => s + l.amount * l.quantity, 0) / 100;
    const res = await checkoutAs(t, ann, { historyid: lines.map((l) => l.id), billme: true, totalamount: total });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: checkoutMessages.billMeThanks });
    const order = (await ordersOf(ann)).find((o) => o.id === res.json().checkoutid);
    expect(order).toMatchObject({ method: 'billme', state: 'unpaid', total: total * 100 });
    expect(await unpaid(ann)).toHaveLength(0);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(mails.some((m) => m.text.includes('Payment: Bill Me.'))).toBe(true);
  });

  it('is refused where the event does not allow it', async () => {
    await importEvent(
      t,
      eventDocument(now, {
        eventcode: 'nobill',
        event: { allowbillme: false },
        items: [item('w', { buyitnowonly: true, buyitnowprice: 10, startingbid: 0, quantity: 5 })],
      }),
    );
    const cy = await makeBidder(t, 'nobill', 'cy@example.org');
    const [w] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems).where(eq(auctionItems.itemnum, 'w'));
    const h = await buyNow(t, cy, 'nobill', w!.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: cy.auth,
      payload: { eventcode: 'nobill', historyid: [h], billme: true, totalamount: 10 },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, checkoutMessages.billMeOff]);
    expect(await unpaid(cy)).toHaveLength(1);
  });
});

describe('a saved card', () => {
  it('pays with the card on file; insufficient funds shows only when charged', async () => {
    expect((await saveTestCard(t, bob, 'gala', '4242424242424242')).statusCode).toBe(200);
    const h = await buyNow(t, bob, 'gala', ids.wine!);
    const res = await checkoutAs(t, bob, { historyid: [h], usecard: true, totalamount: 40 });
    expect(res.statusCode).toBe(200);
    expect((await saveTestCard(t, bob, 'gala', '4000000000009995')).statusCode).toBe(200);
    const h2 = await buyNow(t, bob, 'gala', ids.wine!);
    const poor = await checkoutAs(t, bob, { historyid: [h2], usecard: true, totalamount: 40 });
    expect([poor.statusCode, poor.json().message]).toEqual([402, cardFailureMessages.insufficient_funds]);
    expect((await unpaid(bob)).map((w) => w.id)).toContain(h2);
  });
});
