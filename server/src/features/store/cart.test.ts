import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, storeMessages } from '@gavel/domain';
import { storeCartLines, storeCarts } from '../../db/schema';
import { importEvent } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { eventDocument, storeItem } from '../../test/documents';
import { failure, type TestApp } from '../../test/harness';
import { bearer, billing, cartOf, openCart, setQty } from '../../test/store-fixtures';
import {
  galaStore,
  idOf,
  importGala,
  storeIds,
  storeState,
  tokenClaims,
  useStoreGala,
  EXPIRED_CART,
  minutesAfter,
} from '../../test/store-state';
import { releaseExpiredHolds } from './jobs';

const now = new Date('2026-12-01T18:00:00Z');
const minutes = minutesAfter(now);
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const id = (code: string) => idOf(ids, code);
const expiredBody = EXPIRED_CART;

/** Sets a quantity that must be taken; answers the renewed token. */
async function take(token: string, code: string, quantity: number): Promise<string> {
  const res = await setQty(t, token, id(code), quantity);
  if (!res.ok || res.answer.status !== 'success')
    throw new Error(`could not take ${quantity} ${code}: ${JSON.stringify(res)}`);
  return res.answer.token;
}

const cartRows = () => t.ctx.db.select().from(storeCarts).orderBy(storeCarts.id);
const linesOfCart = (cartid: number) => t.ctx.db.select().from(storeCartLines).where(eq(storeCartLines.cartId, cartid));

describe('storecartadditem: what a cart holds', () => {
  it('sets, changes and removes a line', async () => {
    const token = await openCart(t);
    const { cartid } = tokenClaims(token);
    const two = await setQty(t, token, id('single'), 2);
    expect(two.ok && two.answer).toMatchObject({
      status: 'success',
      itemid: id('single'),
      quantity: 2,
      expires: minutes(15).toISOString(),
    });
    expect(await linesOfCart(cartid)).toEqual([{ cartId: cartid, itemId: id('single'), quantity: 2, price: 15_000 }]);
    await take(token, 'single', 3);
    expect((await linesOfCart(cartid))[0]?.quantity).toBe(3);
    await take(token, 'single', 0);
    expect(await linesOfCart(cartid)).toEqual([]);
    expect((await cartOf(t, token)).cartitems).toEqual([]);
  });

  it('refuses a negative, fractional or non-number quantity with 400, changing nothing', async () => {
    const token = await take(await openCart(t), 'single', 2);
    const before = await storeState(t.ctx.db);
    const cases: Array<[unknown, string]> = [
      [-1, 'quantity: The quantity cannot be below 0.'],
      [1.5, 'quantity: must be a whole number'],
      ['2', 'quantity: must be a number'],
    ];
    for (const [quantity, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/storecartadditem',
        headers: bearer(token),
        payload: { itemid: id('single'), quantity },
      });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json(), String(quantity)).toMatchObject(failure('bad_request', message));
    }
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('refuses a quantity above the most a line may hold with 400 in plain words, changing nothing', async () => {
    const token = await take(await openCart(t), 'single', 2);
    const before = await storeState(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storecartadditem',
      headers: bearer(token),
      payload: { itemid: id('single'), quantity: MAX_LINE_QUANTITY + 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'failure', code: 'bad_request' });
    // The buyer reads the same kind of sentence as for a quantity below 0, not the schema library's words.
    expect(res.json().message).toBe('quantity: The quantity must be at most 10,000.');
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('refuses more than the max per transaction with 400, changing nothing', async () => {
    const token = await take(await openCart(t), 'single', 2);
    const before = await storeState(t.ctx.db);
    const res = await setQty(t, token, id('single'), 5);
    expect(res.ok ? res.answer : res.failure).toEqual(
      failure('bad_request', `${storeMessages.maxText} Single Ticket. 4 Max.`),
    );
    expect(res.statusCode).toBe(400);
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('answers what remains when others hold the rest, changing nothing', async () => {
    await take(await openCart(t), 'table', 2);
    const other = await openCart(t);
    const before = await storeState(t.ctx.db);
    const res = await setQty(t, other, id('table'), 1);
    expect(res.ok && res.answer).toEqual({
      status: 'failure',
      message: `${storeMessages.insufficientTitle}: Table of Eight, 0 Remaining`,
      itemid: id('table'),
      itemname: 'Table of Eight',
      quantityremaining: 0,
    });
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('answers 404 for an item of another event, changing nothing', async () => {
    await importEvent(
      t,
      eventDocument(now, { eventcode: 'other', store: { items: [storeItem('o1', { name: 'Other Ticket' })] } }),
    );
    const otherItem = idOf(await storeIds(t.ctx.db), 'o1');
    const token = await openCart(t);
    const otherToken = await openCart(t, 'other');
    const before = await storeState(t.ctx.db);
    for (const [tok, itemid] of [
      [token, otherItem],
      [otherToken, id('single')],
      [token, 999_999],
    ] as const) {
      const res = await setQty(t, tok, itemid, 1);
      expect(res.statusCode).toBe(404);
      expect(res.ok ? res.answer : res.failure).toEqual(failure('not_found', storeMessages.itemNotFound));
    }
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('renews the hold only when the quantity really changes', async () => {
    const token = await take(await openCart(t), 'single', 1);
    t.setNow(minutes(5));
    const same = await setQty(t, token, id('single'), 1);
    expect(same.ok && same.answer).toMatchObject({
      status: 'success',
      quantity: 1,
      expires: minutes(15).toISOString(),
    });
    expect(same.ok && same.answer.status === 'success' && tokenClaims(same.answer.token).exp).toBe(
      minutes(15).getTime() / 1000,
    );
    const more = await setQty(t, token, id('single'), 2);
    expect(more.ok && more.answer).toMatchObject({
      status: 'success',
      quantity: 2,
      expires: minutes(20).toISOString(),
    });
    expect(more.ok && more.answer.status === 'success' && tokenClaims(more.answer.token).exp).toBe(
      minutes(20).getTime() / 1000,
    );
    expect((await cartOf(t, token)).expires).toBe(minutes(20).toISOString());
  });

  it("takes the item's current price when the hold is renewed; a new cart pays the new price", async () => {
    const token = await take(await openCart(t), 'single', 1);
    const { cartid } = tokenClaims(token);
    await importGala(t, now, {
      items: galaStore(now).items?.map((i) => (i.code === 'single' ? { ...i, price: 175 } : i)),
    });
    await take(token, 'single', 2);
    expect((await cartOf(t, token)).cartitems).toEqual([
      { itemid: id('single'), name: 'Single Ticket', quantity: 2, price: 17_500, lineamount: 35_000, itemtypecode: 1 },
    ]);
    expect(await linesOfCart(cartid)).toEqual([{ cartId: cartid, itemId: id('single'), quantity: 2, price: 17_500 }]);
    const fresh = await take(await openCart(t), 'single', 1);
    expect((await cartOf(t, fresh)).cartitems[0]).toMatchObject({ price: 17_500, lineamount: 17_500 });
  });
});

describe('a cart whose hold has ended', () => {
  it('answers expired on every call with its token', async () => {
    const token = await take(await openCart(t), 'single', 1);
    t.setNow(minutes(15));
    const before = await storeState(t.ctx.db);
    const answers: Array<[string, Awaited<ReturnType<typeof t.app.inject>>]> = [
      ['storecart', await t.app.inject({ method: 'GET', url: '/api/storecart', headers: bearer(token) })],
      [
        'additem',
        await t.app.inject({
          method: 'POST',
          url: '/api/storecartadditem',
          headers: bearer(token),
          payload: { itemid: id('single'), quantity: 2 },
        }),
      ],
      [
        'discount',
        await t.app.inject({
          method: 'POST',
          url: '/api/storecartdiscount',
          headers: bearer(token),
          payload: { discountcode: 'GALA10' },
        }),
      ],
      [
        'checkout',
        await t.app.inject({
          method: 'PUT',
          url: '/api/storecheckout',
          headers: bearer(token),
          payload: {
            ...billing,
            subtotal: 150,
            discountamount: 0,
            additionaldonation: 0,
            ccfeesamount: 0,
            totalamount: 150,
            paymentmethod: 'BILLME',
          },
        }),
      ],
      [
        'storesetup2',
        await t.app.inject({
          method: 'POST',
          url: '/api/storesetup2',
          headers: bearer(token),
          payload: { eventcode: 'gala' },
        }),
      ],
    ];
    for (const [name, res] of answers) {
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual(expiredBody);
    }
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('frees its units at once, and the job marks it expired and empties it', async () => {
    const old = await take(await openCart(t), 'shirt', 1);
    t.setNow(minutes(10));
    const live = await take(await openCart(t), 'single', 1);
    t.setNow(minutes(16));
    // Availability ignores an ended hold without waiting for the job.
    const buyer = await openCart(t);
    const got = await setQty(t, buyer, id('shirt'), 1);
    expect(got.ok && got.answer.status).toBe('success');

    expect(await releaseExpiredHolds(t.ctx, minutes(16))).toBe(1);
    const carts = await cartRows();
    expect(carts.find((c) => c.id === tokenClaims(old).cartid)?.state).toBe('expired');
    expect(carts.find((c) => c.id === tokenClaims(live).cartid)?.state).toBe('open');
    expect(await linesOfCart(tokenClaims(old).cartid)).toEqual([]);
    expect(await linesOfCart(tokenClaims(live).cartid)).toHaveLength(1);
    expect(await releaseExpiredHolds(t.ctx, minutes(16))).toBe(0);
  });

  it('lets another buyer take the units the job released', async () => {
    await take(await openCart(t), 'table', 2);
    t.setNow(minutes(20));
    await releaseExpiredHolds(t.ctx, minutes(20));
    const res = await setQty(t, await openCart(t), id('table'), 2);
    expect(res.ok && res.answer).toMatchObject({ status: 'success', quantity: 2 });
  });
});

describe('storecart: the sums', () => {
  it('sums subtotal, discount, the total without the fee and the optional total with it', async () => {
    let token = await take(await openCart(t), 'single', 2);
    token = await take(token, 'shirt', 1);
    token = await take(token, 'vol', 2);
    const promo = await call(t.app, 'POST /storecartdiscount', { discountcode: 'GALA10' }, { headers: bearer(token) });
    expect(promo.ok && promo.answer).toMatchObject({
      status: 'success',
      discountamount: 3_250,
      discountcode: 'GALA10',
    });
    expect(await cartOf(t, token)).toEqual({
      status: 'success',
      message: '',
      cartitems: [
        {
          itemid: id('single'),
          name: 'Single Ticket',
          quantity: 2,
          price: 15_000,
          lineamount: 30_000,
          itemtypecode: 1,
        },
        { itemid: id('vol'), name: 'Volunteer', quantity: 2, price: 0, lineamount: 0, itemtypecode: 4 },
        { itemid: id('shirt'), name: 'Shirt', quantity: 1, price: 2_500, lineamount: 2_500, itemtypecode: 1 },
      ],
      allowpaymentoffees: true,
      hascheckedout: false,
      requiredemail: true,
      requiredzip: true,
      billme: true,
      ccfee: 3,
      paymentprocessorcode: 1,
      paymentprocessorisvalid: true,
      paymentprocessorinfo: expect.any(Object),
      discountamount: 3_250,
      discountcode: 'GALA10',
      hasdiscount: true,
      first: '',
      last: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      email: '',
      paymentmethod: 'CREDIT',
      // $292.50 + 3% ($8.775, rounded half up to $8.78).
      optionaltotal: 30_128,
      subtotal: 32_500,
      totalamount: 29_250,
      additionaldonation: 0,
      ccfeesamount: 0,
      expires: minutes(15).toISOString(),
      // Its first item came at `now`: renewals never take the hold past twice the 15 minutes.
      maxexpires: minutes(30).toISOString(),
      orderid: null,
      card: '',
    });
  });

  it('answers FREE and zero sums for a cart of free items', async () => {
    const token = await take(await openCart(t), 'vol', 3);
    expect(await cartOf(t, token)).toMatchObject({
      subtotal: 0,
      totalamount: 0,
      optionaltotal: 0,
      discountamount: 0,
      paymentmethod: 'FREE',
    });
  });
});
