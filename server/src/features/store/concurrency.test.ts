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
import { bearer, checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';
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
      promocodes: [{ code: 'FIVEUSES', percent: 10, maxuses: 5 }],
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
    .where(and(eq(storeCartLines.itemId, itemId), eq(storeCarts.state, 'open'), gt(storeCarts.expiresAt, t.ctx.clock())));
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

    const ready = await Promise.all(winners.map(async (token) => ({ token, body: await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }) })));
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
    expect(again.ok && again.answer).toEqual({ status: 'failure', message: `${storeMessages.insufficientTitle}: Last Ticket, 0 Remaining`, itemid: id('last'), itemname: 'Last Ticket', quantityremaining: 0 });
    expect(await storeState(t.ctx.db)).toEqual(before);

    const won = answers[winner];
    const token = won?.ok && won.answer.status === 'success' ? won.answer.token : wToken;
    const res = await checkoutCart(t, token, await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }));
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
    expect(res.ok ? res.answer : res.failure).toEqual(failure('conflict', `${storeMessages.insufficientTitle}: Last Ticket, 0 Remaining. Please change the quantity and try again.`));
    expect(await storeState(t.ctx.db)).toEqual(before);
  });
});

describe('racing for a promo code', () => {
  it('gives a code of five uses to exactly 5 of 20 carts applying it at once', async () => {
    const tokens = await Promise.all(
      (await openCarts(20)).map(async (token) => {
        const res = await setQty(t, token, id('mug'), 1);
        if (!res.ok || res.answer.status !== 'success') throw new Error('no mug');
        return res.answer.token;
      }),
    );
    const answers = await Promise.all(tokens.map((token) => call(t.app, 'POST /storecartdiscount', { discountcode: 'fiveuses' }, { headers: bearer(token) })));
    const ok = answers.filter((r) => r.ok && r.answer.status === 'success');
    const usedUp = answers.filter((r) => r.ok && r.answer.status === 'failure' && r.answer.message === storeMessages.promoUsedUp);
    expect(ok).toHaveLength(5);
    expect(usedUp).toHaveLength(15);
    const holding = await t.ctx.db.select().from(storeCarts).where(sql`${storeCarts.promoCodeId} is not null`);
    expect(holding).toHaveLength(5);
  });
});
