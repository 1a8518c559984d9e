import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems } from '../../../db/schema';
import { call } from '../../../test/call';
import { failure } from '../../../test/harness';
import { captureEventMessages } from '../../../test/live-capture';
import { auditCount, auditOf, bidderItemnums, bidOn, type ItemsWorld, itemsWorld, send } from './items-fixtures';

/** The items table, one item's form (add, change, retire), and who may do each. */
const now = new Date('2026-12-01T18:00:00Z');
let w: ItemsWorld;
beforeAll(async () => {
  w = await itemsWorld(now);
});
afterAll(async () => w.t.close());

const newItem = (over: Record<string, unknown> = {}) => ({
  itemnum: 'B-1',
  name: 'Balloon Ride',
  description: 'Over the river',
  startingbid: 120.5,
  minimumbidincrease: 10,
  fairmarketvalue: 400,
  location: 'Table 3',
  tags: ['travel', 'outdoors'],
  ...over,
});
const itemCount = async () => (await w.t.ctx.db.select({ id: auctionItems.id }).from(auctionItems)).length;
const rowOf = async (itemnum: string) =>
  (await w.t.ctx.db.select().from(auctionItems).where(eq(auctionItems.itemnum, itemnum)))[0];

describe('GET /console/events/:eventcode/items', () => {
  it('lists every item for a volunteer, with bids, the closing time in the event zone and photo counts', async () => {
    const res = await call(w.t.app, 'GET /console/events/:eventcode/items', undefined, {
      params: { eventcode: 'gala' },
      headers: w.volunteer.headers,
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.timezone).toBe('America/Chicago');
    expect(res.answer.items.map((i) => i.itemnum)).toEqual(['101', '102', 'A-7']);
    expect(res.answer.items[0]).toEqual({
      itemnum: '101',
      name: 'Wine Tasting',
      location: 'Table 1',
      tags: ['wine', 'food'],
      startingbid: 5000,
      fairmarketvalue: 25000,
      ispriceless: false,
      currentbid: 0,
      numberofbids: 0,
      closing: '2026-12-02T12:00:00-06:00',
      ownclosing: false,
      closed: false,
      buyitnowonly: false,
      buyitnowavailable: false,
      buyitnowprice: 0,
      itemisliveonly: false,
      quantity: 1,
      quantitysold: 0,
      unlimitedquantity: false,
      photos: 0,
      imageurl: '',
    });
    // Dollars on the wire.
    const raw = await send(w.t, { method: 'GET', path: '/items', headers: w.volunteer.headers });
    expect(raw.json().items[0].startingbid).toBe(50);
  });

  it('refuses a bidder token, no token, and another organization’s staff', async () => {
    const bidder = await send(w.t, { method: 'GET', path: '/items', headers: w.bidder.auth });
    expect(bidder.statusCode).toBe(401);
    expect(bidder.json()).toEqual(failure('unauthorized', 'Please sign in to the console.'));
    expect((await send(w.t, { method: 'GET', path: '/items', headers: {} })).statusCode).toBe(401);
    const foreign = await send(w.t, { method: 'GET', path: '/items', headers: w.otherOwner.headers });
    expect(foreign.statusCode).toBe(401);
    const ownHost = await send(w.t, {
      method: 'GET',
      path: '/items',
      headers: { ...w.otherOwner.headers, host: 'other.localhost' },
    });
    expect(ownHost.statusCode).toBe(404);
  });
});

describe('POST /console/events/:eventcode/items', () => {
  it('adds an item from the import fields in dollars, audits it, and tells the phones', async () => {
    const live = captureEventMessages(w.t);
    const res = await send(w.t, { method: 'POST', path: '/items', headers: w.staffer.headers, payload: newItem() });
    live.stop();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.item).toMatchObject({ itemnum: 'B-1', startingbid: 120.5, tags: ['travel', 'outdoors'], photos: [] });
    expect(answer).toMatchObject({ numberofbids: 0, quantitysold: 0, closed: false, photos: [] });
    expect((await rowOf('B-1'))?.startingbid).toBe(12050);
    expect(live.messages.map((m) => m.type)).toEqual(['eventrefresh']);
    expect(await bidderItemnums(w.t, w.bidder)).toContain('B-1');
    const [entry] = await auditOf(w.t, 'item.create');
    expect(entry).toMatchObject({ actor: 'Sam Staff', summary: 'Added item B-1 (Balloon Ride)', before: null });
    expect(entry?.after).toMatchObject({ itemnum: 'B-1', startingbid: 120.5, location: 'Table 3' });
  });

  it('refuses a volunteer with the role sentence, and writes nothing', async () => {
    const [items, entries] = [await itemCount(), await auditCount(w.t)];
    const res = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.volunteer.headers,
      payload: newItem({ itemnum: 'V-1' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(failure('forbidden', roleNeeded('staff')));
    expect([await itemCount(), await auditCount(w.t)]).toEqual([items, entries]);
  });

  it('refuses bad fields with their messages, as the import does, and writes nothing', async () => {
    const [items, entries] = [await itemCount(), await auditCount(w.t)];
    const bad = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: newItem({ itemnum: 'X-1', startingbid: 'ten' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      failure('bad_request', 'startingbid: must be a number', [{ path: 'startingbid', message: 'must be a number' }]),
    );
    const rule = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: newItem({ itemnum: 'X-2', buyitnowavailable: true }),
    });
    expect(rule.json()).toMatchObject({
      message: 'buyitnowprice: must be above 0 when Buy It Now is offered',
    });
    const late = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: newItem({ itemnum: 'X-3', closing: '2026-12-09T20:00:00-06:00' }),
    });
    expect(late.json()).toEqual(
      failure('bad_request', "closing: cannot be after the event's bidding close", [
        { path: 'closing', message: "cannot be after the event's bidding close" },
      ]),
    );
    const reserved = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: newItem({ itemnum: 'Closing' }),
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toEqual([
      { path: 'itemnum', message: 'is a word the console keeps for its own pages; choose another item number' },
    ]);
    expect([await itemCount(), await auditCount(w.t)]).toEqual([items, entries]);
  });

  it('refuses a number the event already has, whatever its capitals (409)', async () => {
    const res = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: newItem({ itemnum: 'a-7' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      failure('conflict', 'Item a-7 is already in this event. Choose another number, or change that item.'),
    );
  });
});

describe('GET and PUT /console/events/:eventcode/items/:itemnum', () => {
  it('answers an item as its import fields for a volunteer; 404 for a number the event lacks', async () => {
    const res = await call(w.t.app, 'GET /console/events/:eventcode/items/:itemnum', undefined, {
      params: { eventcode: 'gala', itemnum: 'a-7' },
      headers: w.volunteer.headers,
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.item).toEqual({
      itemnum: 'A-7',
      name: 'Cabin Week',
      description: '',
      longdescription: '',
      donatedby: '',
      fairmarketvalue: 0,
      ispriceless: false,
      deductible: 'value',
      photos: [],
      tags: [],
      location: 'Table 1',
      quantity: 1,
      unlimitedquantity: false,
      maxpurchasequantity: 0,
      buyitnowonly: false,
      buyitnowavailable: false,
      buyitnowprice: 0,
      itemisliveonly: false,
      allowautobid: true,
      startingbid: 50,
      minimumbidincrease: 5,
      featured: 0,
      pickupinstructions: '',
      paddlelevels: [],
    });
    const missing = await send(w.t, { method: 'GET', path: '/items/999', headers: w.volunteer.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(failure('not_found', 'There is no item 999 in this event.'));
  });

  it('changes an item and audits only the fields that changed', async () => {
    const before = await send(w.t, { method: 'GET', path: '/items/102', headers: w.staffer.headers });
    const item = {
      ...before.json().item,
      name: 'Signed Baseball',
      startingbid: 75,
      closing: '2026-12-02T10:00:00-06:00',
    };
    const res = await send(w.t, { method: 'PUT', path: '/items/102', headers: w.staffer.headers, payload: item });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      name: 'Signed Baseball',
      startingbid: 75,
      closing: '2026-12-02T10:00:00-06:00',
    });
    const [entry] = await auditOf(w.t, 'item.update');
    expect(entry).toMatchObject({
      summary: 'Changed item 102 (Signed Baseball): name, startingbid, closing',
      before: { name: 'Signed Ball', startingbid: 50, closing: null },
      after: { name: 'Signed Baseball', startingbid: 75, closing: '2026-12-02T10:00:00-06:00' },
    });
  });

  it('refuses a quantity below what was sold, and a number another item has', async () => {
    await w.t.ctx.db.update(auctionItems).set({ quantitysold: 2 }).where(eq(auctionItems.itemnum, '102'));
    const item = (await send(w.t, { method: 'GET', path: '/items/102', headers: w.owner.headers })).json().item;
    const entries = await auditCount(w.t);
    const fewer = await send(w.t, {
      method: 'PUT',
      path: '/items/102',
      headers: w.owner.headers,
      payload: { ...item, quantity: 1 },
    });
    expect(fewer.json()).toEqual(
      failure('bad_request', 'quantity: cannot be below the 2 already sold or won', [
        { path: 'quantity', message: 'cannot be below the 2 already sold or won' },
      ]),
    );
    const taken = await send(w.t, {
      method: 'PUT',
      path: '/items/102',
      headers: w.owner.headers,
      payload: { ...item, itemnum: '101' },
    });
    expect(taken.statusCode).toBe(409);
    expect(await auditCount(w.t)).toBe(entries);
    expect((await rowOf('102'))?.quantity).toBe(3);
    await w.t.ctx.db.update(auctionItems).set({ quantitysold: 0 }).where(eq(auctionItems.itemnum, '102'));
  });

  it('refuses a volunteer (403) and keeps the item', async () => {
    const item = (await send(w.t, { method: 'GET', path: '/items/101', headers: w.volunteer.headers })).json().item;
    const res = await send(w.t, {
      method: 'PUT',
      path: '/items/101',
      headers: w.volunteer.headers,
      payload: { ...item, name: 'X' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect((await rowOf('101'))?.name).toBe('Wine Tasting');
  });
});

describe('DELETE /console/events/:eventcode/items/:itemnum (retire)', () => {
  it('refuses an item with bids, with a sentence, and keeps it', async () => {
    const row = await rowOf('101');
    const placed = await bidOn(w.t, w.bidder, row?.id ?? 0, 50);
    expect(placed.statusCode, placed.body).toBe(200);
    const res = await send(w.t, { method: 'DELETE', path: '/items/101', headers: w.owner.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      failure(
        'conflict',
        'Item 101 has bids, so it cannot be retired. Its bidders keep it; set its closing time instead to stop the bidding.',
      ),
    );
    expect(await bidderItemnums(w.t, w.bidder)).toContain('101');
  });

  it('retires an item without bids: bidders no longer see it; audited', async () => {
    const volunteer = await send(w.t, { method: 'DELETE', path: '/items/B-1', headers: w.volunteer.headers });
    expect(volunteer.statusCode).toBe(403);
    const res = await send(w.t, { method: 'DELETE', path: '/items/b-1', headers: w.staffer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Item B-1 was retired; bidders no longer see it.' });
    expect(await bidderItemnums(w.t, w.bidder)).not.toContain('B-1');
    const [entry] = await auditOf(w.t, 'item.retire');
    expect(entry).toMatchObject({ summary: 'Retired item B-1 (Balloon Ride)', after: null });
    expect(entry?.before).toMatchObject({ itemnum: 'B-1', startingbid: 120.5 });
    const again = await send(w.t, { method: 'DELETE', path: '/items/B-1', headers: w.staffer.headers });
    expect(again.statusCode).toBe(404);
  });
});
