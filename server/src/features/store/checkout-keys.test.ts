import { afterEach, describe, expect, it } from 'vitest';
import type { RequestOf } from '@gavel/domain';
import { cartIdempotencyKeys } from '../../db/schema';
import type { PaymentGateway } from '../../payments/gateway';
import { call } from '../../test/call';
import { failure, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';
import { bearer, checkoutBody, cartWith as cartWithAs } from '../../test/store-fixtures';
import { idOf, itemRow, storeState, useStoreGala } from '../../test/store-state';
import { RECONCILE_AFTER_MS } from '../payments/reconcile';
import { reconcileStoreOrders } from './jobs';

/** A store checkout reads its Idempotency-Key like every other retried write (house style 4). */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const card = (number = '4242424242424242') => testCryptogram(t, 'gala', number);
const sold = async (code: string) => (await itemRow(t.ctx.db, idOf(ids, code))).sold;
const cartWith = (lines: Record<string, number>) => cartWithAs(t, ids, lines);
const checkoutWithKey = (token: string, body: RequestOf<'PUT /storecheckout'>, key: string) =>
  call(t.app, 'PUT /storecheckout', body, { headers: { ...bearer(token), 'idempotency-key': key } });

/** Counts the charges the gateway is asked for; `lose` makes it charge and then lose the answer. */
let restore: (() => void) | undefined;
function countCharges(opts: { lose?: boolean } = {}): { count: () => number } {
  let charges = 0;
  const real = t.ctx.payments.gatewayFor;
  t.ctx.payments.gatewayFor = (event) => {
    const g = real(event);
    if (!g) return g;
    const counted: PaymentGateway = {
      ...g,
      charge: async (r) => {
        charges += 1;
        const outcome = await g.charge(r);
        if (opts.lose) throw new Error('the connection dropped before the answer');
        return outcome;
      },
    };
    return counted;
  };
  restore = () => (t.ctx.payments.gatewayFor = real);
  return { count: () => charges };
}
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('a store checkout retried under its Idempotency-Key', () => {
  it('answers a retry with the same key and body from the first answer, charged once', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const charges = countCharges();
    const first = await checkoutWithKey(token, body, 'store-key-0001');
    const again = await checkoutWithKey(token, body, 'store-key-0001');
    expect(first.ok && first.answer.status).toBe('success');
    expect(again).toEqual(first);
    expect(charges.count()).toBe(1);
    expect(await sold('single')).toBe(1);
    const kept = await t.ctx.db.select().from(cartIdempotencyKeys);
    expect(kept.map((k) => [k.key, k.route])).toEqual([['store-key-0001', 'storecheckout']]);
  });

  it('answers a retry of a payment left pending as it was first answered, though it has been settled since', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const charges = countCharges({ lose: true });
    const first = await checkoutWithKey(token, body, 'store-key-0002');
    expect(first.ok && first.answer.status).toBe('pending');
    expect(await reconcileStoreOrders(t.ctx, new Date(now.getTime() + RECONCILE_AFTER_MS + 1_000))).toBe(1);
    const again = await checkoutWithKey(token, body, 'store-key-0002');
    expect(again).toEqual(first);
    // Another submission (a new key) is answered with the order as it is now.
    const fresh = await checkoutWithKey(token, body, 'store-key-0003');
    expect(fresh.ok && fresh.answer.status).toBe('success');
    expect(charges.count()).toBe(1);
    expect(await sold('single')).toBe(1);
  });

  it('refuses the same key with another body (422): nothing charged, nothing changed', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const first = await checkoutWithKey(token, body, 'store-key-0004');
    expect(first.ok).toBe(true);
    const before = await storeState(t.ctx.db);
    const charges = countCharges();
    const other = await checkoutBody(t, token, { donation: 1_000, processortoken: await card() });
    const res = await checkoutWithKey(token, other, 'store-key-0004');
    expect(res.statusCode).toBe(422);
    expect(res.ok ? res.answer : res.failure).toEqual(
      failure(
        'unprocessable',
        'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      ),
    );
    expect(charges.count()).toBe(0);
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('keeps nothing for a refused checkout: its key may be sent again with another card', async () => {
    const token = await cartWith({ single: 1 });
    const declined = await checkoutBody(t, token, { processortoken: await card('4000000000000002') });
    const refused = await checkoutWithKey(token, declined, 'store-key-0005');
    expect(refused.statusCode).toBe(402);
    const good = await checkoutBody(t, token, { processortoken: await card() });
    const paid = await checkoutWithKey(token, good, 'store-key-0005');
    expect(paid.ok && paid.answer.status).toBe('success');
    expect(await sold('single')).toBe(1);
  });

  it('charges once for two identical requests sent at once with the same key', async () => {
    const token = await cartWith({ single: 1 });
    const body = await checkoutBody(t, token, { processortoken: await card() });
    const charges = countCharges();
    const [a, b] = await Promise.all([
      checkoutWithKey(token, body, 'store-key-0006'),
      checkoutWithKey(token, body, 'store-key-0006'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(charges.count()).toBe(1);
    const { orders } = await storeState(t.ctx.db);
    expect(orders).toHaveLength(1);
    expect(a.ok && a.answer.summary.orderid).toBe(orders[0]?.id);
    expect(b.ok && b.answer.summary.orderid).toBe(orders[0]?.id);
    expect(await sold('single')).toBe(1);
  });
});
