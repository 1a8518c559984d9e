import { describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { makeBidder } from '../../../test/account-fixtures';
import type { TestApp } from '../../../test/harness';
import { call } from '../../../test/call';
import { bearer, cartWith, checkoutBody, checkoutCart } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import {
  consoleGalaStore,
  everything,
  getStore,
  parsedStore,
  putRaw,
  putStore,
  type StoreTest,
  storeNow,
  useStoreTest,
} from './fixtures';

/** Reading the store, and who may read and save it. */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let s: StoreTest;
useStoreTest(now, (app, setup) => {
  t = app;
  s = setup;
});

describe('GET /console/events/:eventcode/store', () => {
  it('answers a volunteer the store as the import document holds it, times on the event clock', async () => {
    const answer = await storeNow(t, s.volunteer.headers);
    expect(answer.timezone).toBe('America/Chicago');
    expect(answer.store).toEqual(parsedStore(consoleGalaStore()));
    expect(answer.store.promocodes[2]?.validuntil).toBe('2026-12-03T17:00:00-06:00');
    expect(answer.store.registration.editdeadline).toBe('2026-12-04T17:00:00-06:00');
    expect(answer.use).toEqual({
      items: ['single', 'table', 'shirt'].map((code) => ({ code, sold: 0, held: 0, inuse: false })),
      promocodes: ['GALA10', 'FIVE', 'EARLY'].map((code) => ({ code, uses: 0 })),
      fields: ['meal', 'valet', 'age', 'pledge', 'notes', 'table'].map((code) => ({ code, answered: false })),
    });
  });

  it('tells what each item has sold and holds, and the uses of each promo code', async () => {
    const ids = await storeIds(t.ctx.db);
    let sold = await cartWith(t, ids, { single: 2 });
    const discount = await call(
      t.app,
      'POST /storecartdiscount',
      { discountcode: 'GALA10' },
      { headers: bearer(sold) },
    );
    if (!discount.ok || discount.answer.status !== 'success') throw new Error('GALA10 was refused');
    sold = discount.answer.token;
    const paid = await checkoutCart(t, sold, await checkoutBody(t, sold, { method: 'BILLME' }));
    expect(paid.ok, paid.ok ? '' : paid.failure.message).toBe(true);
    await cartWith(t, ids, { shirt: 1 });
    const { use } = await storeNow(t, s.staffer.headers);
    expect(use.items).toEqual([
      { code: 'single', sold: 2, held: 0, inuse: true },
      { code: 'table', sold: 0, held: 0, inuse: false },
      { code: 'shirt', sold: 0, held: 1, inuse: true },
    ]);
    expect(use.promocodes[0]).toEqual({ code: 'GALA10', uses: 1 });
  });

  it('answers an event without a store its defaults', async () => {
    const res = await getStore(t, s.otherOwner.headers, 'spring');
    // The other organization's owner, on their own host.
    expect(res.statusCode).toBe(401);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/console/events/spring/store',
      headers: { ...s.otherOwner.headers, host: 'other.localhost' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ store: { items: [], promocodes: [], holdminutes: 15 } });
  });

  it('refuses a bidder token, a signed-out caller, another organization and an unknown event', async () => {
    const bidder = await makeBidder(t, 'gala', 'ann@example.org');
    expect((await getStore(t, bidder.auth)).statusCode).toBe(401);
    expect((await getStore(t, {})).statusCode).toBe(401);
    expect((await getStore(t, s.otherOwner.headers)).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/console/events/gala/store',
      headers: { ...s.otherOwner.headers, host: 'other.localhost' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await getStore(t, s.owner.headers, 'nosuch')).statusCode).toBe(404);
  });
});

describe('PUT /console/events/:eventcode/store: who may save', () => {
  it('refuses a volunteer with the role needed and writes nothing', async () => {
    const before = await everything(t);
    const { store } = await storeNow(t, s.volunteer.headers);
    const res = await putStore(t, s.volunteer.headers, { ...store, header: 'Changed' });
    expect(res.statusCode).toBe(403);
    expect(!res.ok && res.failure.message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });

  it('refuses a bidder token and another organization, and writes nothing', async () => {
    const bidder = await makeBidder(t, 'gala', 'bo@example.org');
    const { store } = await storeNow(t, s.owner.headers);
    const changed = { ...store, header: 'Changed' };
    const before = await everything(t);
    expect((await putStore(t, bidder.auth, changed)).statusCode).toBe(401);
    expect((await putStore(t, s.otherOwner.headers, changed)).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/console/events/gala/store',
      headers: { ...s.otherOwner.headers, host: 'other.localhost' },
      payload: { store: changed },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await putRaw(t, {}, { store: changed })).statusCode).toBe(401);
    expect(await everything(t)).toEqual(before);
  });

  it('lets staff and an owner save', async () => {
    const { store } = await storeNow(t, s.staffer.headers);
    const res = await putStore(t, s.staffer.headers, { ...store, header: 'By staff' });
    expect(res.ok && res.answer.store.header).toBe('By staff');
    const again = await putStore(t, s.owner.headers, { ...store, header: 'By the owner' });
    expect(again.ok && again.answer.store.header).toBe('By the owner');
  });
});
