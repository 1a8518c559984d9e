import { describe, expect, it } from 'vitest';
import { type ImportDisplay, TOTAL_PARTS, type TotalPart } from '@gavel/domain';
import { eq } from 'drizzle-orm';
import { auctionItems, events, storeOrders } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { eventDocument, item } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { captureEventMessages } from '../../test/live-capture';
import { buyNow, testCryptogram } from '../../test/payments-fixtures';
import { cartWith, checkoutBody, checkoutCart } from '../../test/store-fixtures';
import { galaStore, storeIds } from '../../test/store-state';
import { findTenant } from '../../tenancy';
import { RECONCILE_AFTER_MS } from '../payments/reconcile';
import { reconcileStoreOrders } from '../store/jobs';
import { raisedOf } from './total';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));

/** The gala with three kinds of auction item and the test store (tickets $150, shirts $25, Bill Me, GALA10 for 10% off). */
const gala = (display: Partial<ImportDisplay> = {}, eventcode = 'gala') =>
  eventDocument(now, {
    eventcode,
    // One store in the database: the store fixtures find its items by code alone.
    event: { display },
    items: [
      item('1', { name: 'Quilt', startingbid: 50, minimumbidincrease: 5 }),
      item('2', {
        name: 'Cabin',
        startingbid: 400,
        minimumbidincrease: 20,
        buyitnowavailable: true,
        buyitnowprice: 1000,
      }),
      item('3', { name: 'Tote', buyitnowonly: true, buyitnowprice: 25, quantity: 10, startingbid: 0 }),
      item('4', { name: 'Napa', startingbid: 600, minimumbidincrease: 25 }),
    ],
    ...(eventcode === 'gala' ? { store: galaStore(now) } : {}),
  });

/** The event's items' ids by name. */
async function itemIds(eventcode = 'gala'): Promise<Record<string, number>> {
  const rows = await t.ctx.db
    .select({ id: auctionItems.id, name: auctionItems.name })
    .from(auctionItems)
    .innerJoin(events, eq(auctionItems.eventId, events.id))
    .where(eq(events.eventcode, eventcode));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A bid as a phone sends it: dollars. */
async function bid(who: TestBidder, itemid: number | undefined, dollars: number, eventcode = 'gala') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode, itemid, bid: dollars },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A store checkout of these lines, with a donation (cents), Bill Me or by this test card; answers the order's state. */
async function storeOrder(
  lines: Record<string, number>,
  donation: number,
  pay: { billme: true } | { card: string },
  promo?: string,
): Promise<string> {
  const token = await cartWith(t, await storeIds(t.ctx.db), lines);
  if (promo)
    await call(
      t.app,
      'POST /storecartdiscount',
      { discountcode: promo },
      { headers: { authorization: `Bearer ${token}` } },
    );
  const body =
    'billme' in pay
      ? await checkoutBody(t, token, { donation, method: 'BILLME' })
      : await checkoutBody(t, token, { donation, processortoken: await testCryptogram(t, 'gala', pay.card) });
  await checkoutCart(t, token, body);
  const orders = await t.ctx.db.select({ state: storeOrders.state }).from(storeOrders).orderBy(storeOrders.id);
  return orders.at(-1)?.state ?? '';
}

const total = async (eventcode = 'gala') => {
  const res = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode } });
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer.total;
};

/**
 * Every kind of money the total may count, and the kinds it never counts:
 * - bids: Quilt led at $55 (counted); Cabin led at $400, then sold out by Buy It Now (no longer a bid); Napa has none.
 * - Buy It Now: Cabin $1,000, two Totes $50.
 * - store: a paid card order, $300 of tickets less 10% and a $20 donation; a Bill Me shirt, $25 and a $5 donation;
 *   a declined card and a charge the processor never answered (never counted).
 */
const EXPECTED: Record<TotalPart, number> = { bids: 5_500, buyitnow: 105_000, store: 29_500, donations: 2_500 };

async function everyKindOfSale(): Promise<void> {
  const ids = await itemIds();
  const ann = await makeBidder(t, 'gala', 'ann@example.org');
  const bob = await makeBidder(t, 'gala', 'bob@example.org');
  await bid(ann, ids.Quilt, 50);
  await bid(bob, ids.Quilt, 55);
  await bid(ann, ids.Cabin, 400);
  await buyNow(t, bob, 'gala', ids.Cabin ?? 0);
  await buyNow(t, ann, 'gala', ids.Tote ?? 0, { quantity: 2 });
  expect(await storeOrder({ single: 2 }, 2_000, { card: '4242424242424242' }, 'GALA10')).toBe('paid');
  expect(await storeOrder({ shirt: 1 }, 500, { billme: true })).toBe('unpaid');
  expect(await storeOrder({ single: 1 }, 1_000, { card: '4000000000000002' })).toBe('failed');
  // A charge the processor never answered stays pending, for the reconciliation job.
  const real = t.ctx.payments.gatewayFor;
  t.ctx.payments.gatewayFor = (event) => {
    const g = real(event);
    return g && { ...g, charge: async () => ({ kind: 'unknown' }) };
  };
  try {
    expect(await storeOrder({ single: 1 }, 1_000, { card: '4242424242424242' })).toBe('pending');
  } finally {
    t.ctx.payments.gatewayFor = real;
  }
}

describe('the total raised', () => {
  it('counts each part as the organizer defines it, and all four by default', async () => {
    await importEvent(t, gala({ goal: 25_000.5 }));
    await everyKindOfSale();
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    for (const part of TOTAL_PARTS)
      expect(await raisedOf(t.ctx.db, { id: tenant.event.id, displaytotalincludes: [part] }), part).toBe(
        EXPECTED[part],
      );
    expect(await raisedOf(t.ctx.db, { id: tenant.event.id, displaytotalincludes: [] })).toBe(0);
    expect(await total()).toEqual({ show: true, raised: 142_500, goal: 2_500_050 });
    const raw = await t.app.inject({ method: 'GET', url: '/api/displayboard?eventcode=gala' });
    expect(raw.json().total).toEqual({ show: true, raised: 1_425, goal: 25_000.5 });
  });

  it('counts only the parts the organizer chose, and nothing of another event', async () => {
    await importEvent(t, gala({ totalincludes: ['buyitnow', 'store'] }));
    await importEvent(t, gala({}, 'spring'));
    await everyKindOfSale();
    expect(await total()).toEqual({ show: true, raised: EXPECTED.buyitnow + EXPECTED.store, goal: 0 });
    expect(await total('spring')).toEqual({ show: true, raised: 0, goal: 0 });
  });

  it('is hidden, and not sent, when the organizer hides it', async () => {
    await importEvent(t, gala({ showtotal: false, goal: 1_000 }));
    const ids = await itemIds();
    await bid(await makeBidder(t, 'gala', 'ann@example.org'), ids.Quilt, 50);
    expect(await total()).toEqual({ show: false, raised: 0, goal: 100_000 });
  });
});

describe('the live total', () => {
  it('follows a bid, a Buy It Now and store orders (Bill Me, paid, settled later), after each commits', async () => {
    await importEvent(t, gala());
    const ids = await itemIds();
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    const live = captureEventMessages(t);
    try {
      await bid(ann, ids.Quilt, 50);
      expect(await live.waitFor('eventtotal', (m) => m.raised === 5_000)).toEqual({
        type: 'eventtotal',
        raised: 5_000,
        eventcode: 'gala',
        auctioncode: 'demo',
      });
      // The item's news goes first; the total follows it.
      expect(live.messages.findIndex((m) => m.type === 'itemupdate')).toBeLessThan(
        live.messages.findIndex((m) => m.type === 'eventtotal'),
      );
      await buyNow(t, ann, 'gala', ids.Tote ?? 0, { quantity: 2 });
      await live.waitFor('eventtotal', (m) => m.raised === 10_000);
      expect(await storeOrder({ shirt: 1 }, 500, { billme: true })).toBe('unpaid');
      await live.waitFor('eventtotal', (m) => m.raised === 13_000);
      expect(await storeOrder({ single: 1 }, 0, { card: '4242424242424242' })).toBe('paid');
      await live.waitFor('eventtotal', (m) => m.raised === 28_000);
      // A charge whose answer was lost: pending, until the reconciliation job finds it paid.
      const real = t.ctx.payments.gatewayFor;
      t.ctx.payments.gatewayFor = (event) => {
        const g = real(event);
        const lost: typeof g = g && {
          ...g,
          charge: async (r) => {
            await g.charge(r);
            return { kind: 'unknown' };
          },
        };
        return lost;
      };
      try {
        expect(await storeOrder({ single: 1 }, 0, { card: '4242424242424242' })).toBe('pending');
      } finally {
        t.ctx.payments.gatewayFor = real;
      }
      expect(await reconcileStoreOrders(t.ctx, new Date(now.getTime() + RECONCILE_AFTER_MS + 1_000))).toBe(1);
      await live.waitFor('eventtotal', (m) => m.raised === 43_000);
    } finally {
      live.stop();
    }
  });

  it('is not sent for an event that hides its total', async () => {
    await importEvent(t, gala({ showtotal: false }, 'quiet'));
    await importEvent(t, gala());
    const [quiet, shown] = [
      await makeBidder(t, 'quiet', 'ann@example.org'),
      await makeBidder(t, 'gala', 'bob@example.org'),
    ];
    const live = captureEventMessages(t);
    try {
      await bid(quiet, (await itemIds('quiet')).Quilt, 50, 'quiet');
      await bid(shown, (await itemIds()).Quilt, 50);
      // Totals go out in the order they were asked for: had the quiet event's been scheduled, it would be here already.
      await live.waitFor('eventtotal', (m) => m.eventcode === 'gala' && m.raised === 5_000);
      expect(live.messages.filter((m) => m.type === 'eventtotal').map((m) => m.eventcode)).toEqual(['gala']);
    } finally {
      live.stop();
    }
  });
});
