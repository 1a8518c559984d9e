import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { roleNeeded } from '@gavel/domain';
import {
  auctionItems,
  bidders,
  bids,
  itemPhotos,
  promoCodes,
  storeCarts,
  storeItems,
  storeOrders,
} from '../../../db/schema';
import { call } from '../../../test/call';
import { ADMIN, type TestApp } from '../../../test/harness';
import { cartWith, checkoutBody, checkoutCart } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import { auditEntries, consoleInject, eventRow, type EventsTest, useEventsTest } from './events-fixtures';

/** Copying an event (items and store, nothing of its night) and exporting it as the import document. */
// 7 PM in Chicago on the gala night: bidding is open.
const NIGHT = new Date('2026-12-06T01:00:00Z');
let t: TestApp;
let s: EventsTest;
useEventsTest(NIGHT, (app, setup) => {
  t = app;
  s = setup;
});

const nextYear = {
  eventcode: 'gala27',
  eventname: 'Spring Gala 2027',
  timezone: 'America/Chicago',
  eventopens: '2027-12-04T17:00:00-06:00',
  biddingopens: '2027-12-04T18:00:00-06:00',
  biddingcloses: '2027-12-04T21:00:00-06:00',
  eventcloses: '2027-12-04T23:00:00-06:00',
};

async function exported(eventcode: string) {
  const res = await consoleInject(t, 'GET', `/api/console/events/${eventcode}/export`, s.owner.headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, doc: res.json() };
}

/** How many rows of the event a table holds (bids through their items). */
async function rowsOf(what: 'bids' | 'orders' | 'carts' | 'bidders', eventId: number): Promise<number | undefined> {
  if (what === 'bids') {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(bids)
      .innerJoin(auctionItems, eq(auctionItems.id, bids.itemId))
      .where(eq(auctionItems.eventId, eventId));
    return row?.n;
  }
  const column = { orders: storeOrders.eventId, carts: storeCarts.eventId, bidders: bidders.eventId }[what];
  const [row] = await t.ctx.db.select({ n: count() }).from(column.table).where(eq(column, eventId));
  return row?.n;
}

/** A bid, a Bill Me store order and a cart still open: the night the copy must leave behind. */
async function aNightOfSales() {
  const [item] = await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.itemnum, '101'));
  const bid = await call(
    t.app,
    'POST /submitbid',
    { eventcode: 'gala', itemid: item?.id ?? 0, bid: 5_000 },
    {
      headers: s.bidder.auth,
    },
  );
  expect(bid.ok && bid.answer.status).toBe('success');
  const ids = await storeIds(t.ctx.db);
  const cart = await cartWith(t, ids, { single: 2 });
  const paid = await checkoutCart(t, cart, await checkoutBody(t, cart, { method: 'BILLME' }));
  expect(paid.ok, paid.ok ? '' : paid.failure.message).toBe(true);
  await cartWith(t, ids, { shirt: 1 });
}

describe('POST /console/events with copyfrom', () => {
  it('copies settings, items with their photos, and the store, moving its times, and nothing of its night', async () => {
    await aNightOfSales();
    const res = await call(
      t.app,
      'POST /console/events',
      { ...nextYear, copyfrom: 'gala' },
      { headers: s.staffer.headers },
    );
    expect(res.ok && res.answer.message).toBe(
      'Copied Spring Gala to Spring Gala 2027, with 3 item(s) and 2 store item(s).',
    );
    const source = await eventRow(t, 'gala');
    const copy = await eventRow(t, 'gala27');
    if (!source || !copy) throw new Error('events missing');

    const items = await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.eventId, copy.id));
    expect(
      items.map((i) => [i.itemnum, i.currentbid, i.numberofbids, i.quantitysold, i.closedAt, i.leaderBidderId]),
    ).toEqual([
      ['101', null, 0, 0, null, null],
      ['102', null, 0, 0, null, null],
      ['103', null, 0, 0, null, null],
    ]);
    const photos = await t.ctx.db
      .select()
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, items[0]?.id ?? 0));
    expect(photos.map((p) => p.photourl)).toEqual([expect.stringMatching(/^\/media\//)]);
    for (const what of ['bids', 'orders', 'carts', 'bidders'] as const)
      expect(await rowsOf(what, copy.id), what).toBe(0);
    // The source keeps its night.
    expect(await rowsOf('bids', source.id)).toBe(1);
    expect(await rowsOf('orders', source.id)).toBe(1);
    expect(await rowsOf('carts', source.id)).toBe(2);
    const sold = await t.ctx.db.select().from(storeItems).where(eq(storeItems.eventId, copy.id));
    expect(sold.map((i) => [i.code, i.sold])).toEqual([
      ['single', 0],
      ['shirt', 0],
    ]);
    expect((await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.eventId, copy.id))).length).toBe(2);

    const { doc } = await exported('gala27');
    const { doc: was } = await exported('gala');
    expect(doc.event).toMatchObject({
      eventname: 'Spring Gala 2027',
      extendedbiddinglatest: '2027-12-04T23:00:00-06:00',
      venue: { name: 'The Grand Ballroom', starts: '2027-12-04T18:00:00-06:00' },
      welcomemessage: was.event.welcomemessage,
      display: was.event.display,
    });
    expect(doc.items.map((i: { closing?: string }) => i.closing)).toEqual([
      undefined,
      undefined,
      '2027-12-04T21:00:00-06:00',
    ]);
    expect(doc.store.promocodes[1].validuntil).toBe('2027-12-04T18:00:00-06:00');
    expect(doc.store.registration).toEqual({ ...was.store.registration, editdeadline: '2027-12-04T21:00:00-06:00' });
    expect(doc.store.items).toEqual(was.store.items);

    const entry = (await auditEntries(t)).find((a) => a.kind === 'event.copy');
    expect(entry).toMatchObject({
      eventId: copy.id,
      actor: 'Sam Staff',
      summary: 'Copied Spring Gala (gala) to Spring Gala 2027 (gala27): 3 item(s), 2 store item(s)',
      after: { eventcode: 'gala27', copyfrom: 'gala', items: 3, storeitems: 2 },
    });
  });

  it("keeps the processor's keys but not the webhook secret, whose address names the old event", async () => {
    const settings = await consoleInject(t, 'GET', '/api/console/events/gala', s.owner.headers);
    const { processorsecretkeyset: _a, processorwebhooksecretset: _b, ...event } = settings.json().event;
    const keys = {
      paymentprocessorcode: 2,
      processorpublickey: 'pk_test_gala',
      processorsecretkey: 'sk_test_gala',
      processorwebhooksecret: 'whsec_gala',
    };
    expect(
      (await consoleInject(t, 'PUT', '/api/console/events/gala', s.owner.headers, { ...event, ...keys })).statusCode,
    ).toBe(200);
    const res = await consoleInject(t, 'POST', '/api/console/events', s.staffer.headers, {
      ...nextYear,
      copyfrom: 'gala',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventRow(t, 'gala27')).toMatchObject({
      paymentprocessorcode: 2,
      processorsecretkey: 'sk_test_gala',
      processorwebhooksecret: '',
    });
  });

  it("writes the copy's times in its own zone, and leaves out an item's close that misses its bidding", async () => {
    const res = await consoleInject(t, 'POST', '/api/console/events', s.owner.headers, {
      ...nextYear,
      timezone: 'America/New_York',
      eventopens: '2027-12-04T17:00:00-05:00',
      biddingopens: '2027-12-04T18:00:00-05:00',
      biddingcloses: '2027-12-04T20:00:00-05:00',
      eventcloses: '2027-12-04T23:00:00-05:00',
      copyfrom: 'gala',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { doc } = await exported('gala27');
    // An hour after the doors, as it was.
    expect(doc.event.venue.starts).toBe('2027-12-04T18:00:00-05:00');
    // 103 closed with bidding at 9 PM; a year on that is after the copy's 8 PM close.
    expect(doc.items[2].closing).toBeUndefined();
  });
});

describe('GET /console/events/:eventcode/export', () => {
  it('answers the import document, which the import takes back: export, import, export again are equal', async () => {
    await aNightOfSales();
    const { res, doc } = await exported('gala');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gala.json"');
    expect(Object.keys(doc)).toEqual(['organization', 'event', 'items', 'store']);
    expect(doc.organization).toEqual({ auctioncode: 'demo', name: 'Test Foundation' });
    expect(doc.event.logourl).toMatch(/^\/media\//);
    expect(doc.items[0]).toMatchObject({
      itemnum: '101',
      imageurl: expect.stringMatching(/^\/media\//),
      tags: ['wine'],
    });
    expect(doc.store.items.map((i: { code: string }) => i.code)).toEqual(['single', 'shirt']);

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: ADMIN,
      payload: { ...doc, event: { ...doc.event, eventcode: 'again' } },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { doc: again } = await exported('again');
    expect(again).toEqual({ ...doc, event: { ...doc.event, eventcode: 'again' } });
  });

  it('refuses a volunteer and a bidder', async () => {
    const volunteer = await consoleInject(t, 'GET', '/api/console/events/gala/export', s.volunteer.headers);
    expect(volunteer.statusCode).toBe(403);
    expect(volunteer.json().message).toBe(roleNeeded('staff'));
    const bidder = await consoleInject(t, 'GET', '/api/console/events/gala/export', s.bidder.auth);
    expect(bidder.statusCode).toBe(401);
  });
});
