import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, storeCartLines, storeCarts, storeOrders } from '../../db/schema';
import { appJobs } from '../../jobs';
import { type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import { checkoutBody, checkoutCart, openCart, setQty, cartWith as cartWithAs } from '../../test/store-fixtures';
import { idOf, tokenClaims, useStoreGala } from '../../test/store-state';
import { EXPIRED_CART_KEPT_MS, PURGE_BATCH, purgeExpiredCarts } from './jobs';

/**
 * Security finding 4: every store visit makes a cart, and each keeps the address that made it. The
 * store-holds job deletes carts that expired more than a day ago, and never one with an order.
 */
const now = new Date('2026-12-01T18:00:00Z');
const DAY = EXPIRED_CART_KEPT_MS;
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);
const cartIds = async () =>
  (await t.ctx.db.select({ id: storeCarts.id }).from(storeCarts).orderBy(asc(storeCarts.id))).map((c) => c.id);
const orderRows = () => t.ctx.db.select().from(storeOrders).orderBy(asc(storeOrders.id));

/** The store-holds job as the server runs it: expired holds released, then old expired carts deleted. */
async function runStoreHolds(at: Date): Promise<void> {
  const job = appJobs(t.ctx, { info: () => undefined }).find((j) => j.name === 'store-holds');
  if (!job) throw new Error('no store-holds job');
  await job.run(at);
}

describe('purging expired carts', () => {
  it('deletes carts expired over a day ago without an order, and never a cart with one', async () => {
    const empty = tokenClaims(await openCart(t)).cartid;
    const holding = tokenClaims(await cartWith({ shirt: 1 })).cartid;
    // A declined card leaves a failed order on a cart that then expires.
    const declinedToken = await cartWith({ single: 1 });
    const declined = await checkoutCart(
      t,
      declinedToken,
      await checkoutBody(t, declinedToken, { processortoken: await testCryptogram(t, 'gala', '4000000000000002') }),
    );
    expect(declined.statusCode).toBe(402);
    const paidToken = await cartWith({ table: 1 });
    const paid = await checkoutCart(t, paidToken, await checkoutBody(t, paidToken, { method: 'BILLME' }));
    expect(paid.ok && paid.answer.status).toBe('success');
    // A cart that expired less than a day before the job runs.
    t.setNow(new Date(now.getTime() + 60 * 60_000));
    const recent = tokenClaims(await cartWith({ mug: 1 })).cartid;
    const orders = await orderRows();
    expect(orders.map((o) => o.state)).toEqual(['failed', 'unpaid']);
    expect(await cartIds()).toEqual([
      empty,
      holding,
      tokenClaims(declinedToken).cartid,
      tokenClaims(paidToken).cartid,
      recent,
    ]);

    // A day after the first carts expired, but not yet a day after the recent one.
    const at = new Date(now.getTime() + 15 * 60_000 + DAY + 1_000);
    t.setNow(at);
    await runStoreHolds(at);
    expect(await cartIds()).toEqual([tokenClaims(declinedToken).cartid, tokenClaims(paidToken).cartid, recent]);
    expect(await t.ctx.db.select().from(storeCartLines).where(eq(storeCartLines.cartId, holding))).toEqual([]);
    expect(await orderRows()).toEqual(orders);

    // The recent one goes a day after its own hold ended; the carts with orders stay for good.
    const later = new Date(now.getTime() + 75 * 60_000 + DAY + 1_000);
    await runStoreHolds(later);
    await runStoreHolds(new Date(later.getTime() + 30 * DAY));
    expect(await cartIds()).toEqual([tokenClaims(declinedToken).cartid, tokenClaims(paidToken).cartid]);
    expect(await orderRows()).toEqual(orders);
  });

  it('keeps an expired cart for a day', async () => {
    const cart = tokenClaims(await cartWith({ shirt: 1 })).cartid;
    await runStoreHolds(new Date(now.getTime() + 15 * 60_000 + DAY - 1_000));
    expect(await cartIds()).toEqual([cart]);
    // Its units were released all the same.
    const other = await setQty(t, await openCart(t), idOf(ids, 'shirt'), 1);
    expect(other.ok && other.answer.status).toBe('success');
  });

  it(`deletes at most ${PURGE_BATCH} carts a transaction, and the rest on the next tick`, async () => {
    const longAgo = new Date(now.getTime() - 2 * DAY);
    const [event] = await t.ctx.db.select({ id: events.id }).from(events);
    if (!event) throw new Error('no event');
    await t.ctx.db.insert(storeCarts).values(
      Array.from({ length: PURGE_BATCH + 3 }, () => ({
        eventId: event.id,
        state: 'expired' as const,
        expiresAt: longAgo,
        address: '203.0.113.7',
        createdAt: longAgo,
        updatedAt: longAgo,
      })),
    );
    expect(await purgeExpiredCarts(t.ctx, now)).toBe(PURGE_BATCH);
    expect(await purgeExpiredCarts(t.ctx, now)).toBe(3);
    expect(await purgeExpiredCarts(t.ctx, now)).toBe(0);
    expect(await cartIds()).toEqual([]);
  });
});
