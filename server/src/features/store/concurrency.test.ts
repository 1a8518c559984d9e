import { and, eq, gt, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeMessages } from '@gavel/domain';
import { storeCartLines, storeCarts, storeOrders } from '../../db/schema';
import { importEvent } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { eventDocument, storeItem } from '../../test/documents';
import { failure, type TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { testCryptogram } from '../../test/payments-fixtures';
import { bearer, cartOf, checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';
import { idOf, itemRow, storeIds, storeState } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
useEmptiedApp(now, (app) => (t = app));

const storeDoc = (lastQuantity = 1) =>
  eventDocument(now, {
    store: {
      items: [
        storeItem('hot', { name: 'Hot Ticket', price: 50, quantity: 10 }),
        storeItem('last', { name: 'Last Ticket', price: 80, quantity: lastQuantity }),
        storeItem('mug', { tab: 'Merchandise', name: 'Mug', price: 10, unlimited: true, seats: 0 }),
      ],
      promocodes: [
        { code: 'FIVEUSES', percent: 10, maxuses: 5 },
        { code: 'LASTONE', percent: 50, maxuses: 1 },
      ],
    },
  });

beforeEach(async () => {
  t.setNow(now);
  await importEvent(t, storeDoc());
  ids = await storeIds(t.ctx.db);
});

const id = (code: string) => idOf(ids, code);

/** Units of an item held by live carts. */
async function held(itemId: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: sql<number>`coalesce(sum(${storeCartLines.quantity}), 0)::int` })
    .from(storeCartLines)
    .innerJoin(storeCarts, eq(storeCarts.id, storeCartLines.cartId))
    .where(
      and(eq(storeCartLines.itemId, itemId), eq(storeCarts.state, 'open'), gt(storeCarts.expiresAt, t.ctx.clock())),
    );
  return Number(row?.n ?? 0);
}

const openCarts = (n: number) => Promise.all(Array.from({ length: n }, () => openCart(t)));

describe('racing for stock', () => {
  it('gives 10 units to exactly 10 of 100 buyers, who then all pay; the next buyer gets none', async () => {
    const tokens = await openCarts(100);
    const answers = await Promise.all(tokens.map((token) => setQty(t, token, id('hot'), 1)));
    const winners: string[] = [];
    let refused = 0;
    for (const res of answers) {
      if (!res.ok) throw new Error(`${res.statusCode}: ${res.failure.message}`);
      if (res.answer.status === 'success') winners.push(res.answer.token);
      else {
        expect(res.answer).toMatchObject({ status: 'failure', itemname: 'Hot Ticket', quantityremaining: 0 });
        refused++;
      }
    }
    expect(winners).toHaveLength(10);
    expect(refused).toBe(90);
    expect(await held(id('hot'))).toBe(10);

    const ready = await Promise.all(
      winners.map(async (token) => ({
        token,
        body: await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
      })),
    );
    const paid = await Promise.all(ready.map(({ token, body }) => checkoutCart(t, token, body)));
    expect(paid.map((r) => r.ok && r.answer.status)).toEqual(Array(10).fill('success'));
    expect((await itemRow(t.ctx.db, id('hot'))).sold).toBe(10);
    expect(await held(id('hot'))).toBe(0);
    expect(await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.state, 'paid'))).toHaveLength(10);

    const late = await setQty(t, await openCart(t), id('hot'), 1);
    expect(late.ok && late.answer).toMatchObject({ status: 'failure', quantityremaining: 0 });
  });

  it('gives the last ticket to one of two buyers racing for it; the other is refused at add time', async () => {
    const [a, b] = await openCarts(2);
    const answers = await Promise.all([setQty(t, a!, id('last'), 1), setQty(t, b!, id('last'), 1)]);
    const statuses = answers.map((r) => r.ok && r.answer.status).sort();
    expect(statuses).toEqual(['failure', 'success']);
    const winner = answers.findIndex((r) => r.ok && r.answer.status === 'success');
    const [wToken, lToken] = winner === 0 ? [a!, b!] : [b!, a!];
    expect(await held(id('last'))).toBe(1);

    const before = await storeState(t.ctx.db);
    const again = await setQty(t, lToken, id('last'), 1);
    expect(again.ok && again.answer).toEqual({
      status: 'failure',
      message: `${storeMessages.insufficientTitle}: Last Ticket, 0 Remaining`,
      itemid: id('last'),
      itemname: 'Last Ticket',
      quantityremaining: 0,
    });
    expect(await storeState(t.ctx.db)).toEqual(before);

    const won = answers[winner];
    const token = won?.ok && won.answer.status === 'success' ? won.answer.token : wToken;
    const res = await checkoutCart(
      t,
      token,
      await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
    );
    expect(res.ok && res.answer.status).toBe('success');
    expect((await itemRow(t.ctx.db, id('last'))).sold).toBe(1);
  });

  it('counts again at checkout: a held unit the store no longer has is refused with 409, nothing sold', async () => {
    const token = await openCart(t);
    const held1 = await setQty(t, token, id('last'), 1);
    const tok = held1.ok && held1.answer.status === 'success' ? held1.answer.token : token;
    const body = await checkoutBody(t, tok, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') });
    // The organizer takes the ticket off sale (nothing was sold, so the import allows it).
    await importEvent(t, storeDoc(0));
    const before = await storeState(t.ctx.db);
    const res = await checkoutCart(t, tok, body);
    expect(res.statusCode).toBe(409);
    expect(res.ok ? res.answer : res.failure).toEqual(
      failure(
        'conflict',
        `${storeMessages.insufficientTitle}: Last Ticket, 0 Remaining. Please change the quantity and try again.`,
      ),
    );
    expect(await storeState(t.ctx.db)).toEqual(before);
  });
});

describe('racing for a promo code', () => {
  /** n carts holding a mug each, every one of them with the code applied (all at once); answers their tokens. */
  async function cartsWithCode(n: number, code: string): Promise<string[]> {
    const tokens = await Promise.all(
      (await openCarts(n)).map(async (token) => {
        const res = await setQty(t, token, id('mug'), 1);
        if (!res.ok || res.answer.status !== 'success') throw new Error('no mug');
        return res.answer.token;
      }),
    );
    const applied = await Promise.all(
      tokens.map((token) => call(t.app, 'POST /storecartdiscount', { discountcode: code }, { headers: bearer(token) })),
    );
    // Applying holds no use, so no number of open carts can use a code up.
    expect(applied.map((r) => r.ok && r.answer.status)).toEqual(Array(n).fill('success'));
    return tokens;
  }

  /** Checkouts sent at once, each by card with the discount its page shows. */
  async function checkOutAtOnce(tokens: string[]) {
    const ready = await Promise.all(
      tokens.map(async (token) => ({
        token,
        body: await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }),
      })),
    );
    return Promise.all(ready.map(({ token, body }) => checkoutCart(t, token, body)));
  }

  const ordersWith = async (code: string) =>
    (await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.promocode, code))).length;

  it('lets 20 open carts apply a code of one use without using it up, and sells its last use once of two checkouts at once', async () => {
    const tokens = await cartsWithCode(20, 'lastone');
    expect(await ordersWith('LASTONE')).toBe(0);
    expect((await cartWithMug()).discount).toBe(500);

    const [a, b] = tokens;
    const answers = await checkOutAtOnce([a!, b!]);
    const won = answers.filter((r) => r.ok && r.answer.status === 'success');
    const lost = answers.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(won[0]?.ok && won[0].answer.summary).toMatchObject({ discountamount: 500, totalamount: 500 });
    expect(lost).toHaveLength(1);
    expect(lost[0]?.statusCode).toBe(409);
    expect(lost[0]?.failure).toEqual(failure('conflict', storeMessages.promoRanOut));
    expect(await ordersWith('LASTONE')).toBe(1);
    expect(await t.ctx.db.select().from(storeOrders)).toHaveLength(1);

    // The refused cart is as it was: open, its mug held, its code kept (now giving nothing).
    const loser = answers[0]?.ok ? b! : a!;
    expect(await cartOf(t, loser)).toMatchObject({
      hascheckedout: false,
      cartitems: [expect.objectContaining({ name: 'Mug', quantity: 1 })],
      discountcode: 'LASTONE',
      discountamount: 0,
      message: storeMessages.promoUsedUp,
    });
    for (const other of tokens.slice(2, 5))
      expect(await cartOf(t, other)).toMatchObject({ discountamount: 0, message: storeMessages.promoUsedUp });
  });

  it('gives a code of five uses to exactly 5 of 20 carts checking out with it at once', async () => {
    const answers = await checkOutAtOnce(await cartsWithCode(20, 'fiveuses'));
    const paid = answers.filter((r) => r.ok && r.answer.status === 'success');
    expect(paid).toHaveLength(5);
    for (const r of paid) expect(r.ok && r.answer.summary.discountamount).toBe(100);
    const refused = answers.filter((r) => !r.ok);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.failure).toEqual(failure('conflict', storeMessages.promoRanOut));
    expect(await ordersWith('FIVEUSES')).toBe(5);
    expect((await itemRow(t.ctx.db, id('mug'))).sold).toBe(5);
  });
});

/** A cart of one mug with LASTONE applied: what its page would be shown. */
async function cartWithMug(): Promise<{ discount: number }> {
  const token = await openCart(t);
  const res = await setQty(t, token, id('mug'), 1);
  if (!res.ok || res.answer.status !== 'success') throw new Error('no mug');
  const applied = await call(
    t.app,
    'POST /storecartdiscount',
    { discountcode: 'LASTONE' },
    { headers: bearer(res.answer.token) },
  );
  if (!applied.ok || applied.answer.status !== 'success') throw new Error('LASTONE refused');
  return { discount: applied.answer.discountamount };
}
