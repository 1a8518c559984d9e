import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems } from '../../../db/schema';
import { failure } from '../../../test/harness';
import { item } from '../../../test/documents';
import { auditCount, auditOf, galaItems, type ItemsWorld, itemsWorld, send } from './items-fixtures';

/** The closing time of a selection of items or of a location, at once; and the path words beside item numbers. */
const now = new Date('2026-12-01T18:00:00Z');
let w: ItemsWorld;
beforeAll(async () => {
  // Items numbered as the console's path words, as a JSON import may still name them.
  w = await itemsWorld(now, [
    ...galaItems(),
    item('import', { name: 'Imported Lot' }),
    item('closing', { name: 'Late Lot' }),
  ]);
});
afterAll(async () => w.t.close());

const put = (body: object, headers: object = w.staffer.headers) =>
  send(w.t, { method: 'PUT', path: '/items/closing', headers, payload: body });
const closings = async () =>
  Object.fromEntries(
    (await w.t.ctx.db.select().from(auctionItems)).map((r) => [r.itemnum, r.closing?.toISOString() ?? null]),
  );

describe('PUT /console/events/:eventcode/items/closing', () => {
  it('sets the close of the items named, in one go; audited with each item before and after', async () => {
    const res = await put({ closing: '2026-12-02T08:30:00-06:00', itemnums: ['101', 'a-7'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'The closing time of 2 items is now 12-02-2026 8:30 AM CST.',
      itemnums: ['101', 'A-7'],
    });
    expect(await closings()).toMatchObject({
      '101': '2026-12-02T14:30:00.000Z',
      'A-7': '2026-12-02T14:30:00.000Z',
      '102': null,
    });
    const [entry] = await auditOf(w.t, 'item.closing');
    expect(entry).toMatchObject({
      summary: 'Set the closing time of 2 items to 12-02-2026 8:30 AM CST',
      before: { '101': null, 'A-7': null },
      after: { '101': '2026-12-02T08:30:00-06:00', 'A-7': '2026-12-02T08:30:00-06:00' },
    });
    const answer = (await send(w.t, { method: 'GET', path: '/items', headers: w.volunteer.headers })).json();
    expect(answer.items.find((i: { itemnum: string }) => i.itemnum === '101')).toMatchObject({
      closing: '2026-12-02T08:30:00-06:00',
      ownclosing: true,
    });
  });

  it('sets every item at a location, and gives them the event’s close again with null', async () => {
    const res = await put({ closing: null, location: 'table 1' });
    expect(res.json()).toMatchObject({
      itemnums: ['101', 'A-7'],
      message: "The closing time of the items at table 1 is now the event's bidding close.",
    });
    expect(await closings()).toMatchObject({ '101': null, 'A-7': null });
  });

  it('refuses a time outside bidding or past, an unknown item, an unknown location, and writes nothing', async () => {
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const late = await put({ closing: '2026-12-09T08:30:00-06:00', itemnums: ['101'] });
    expect(late.json()).toEqual(
      failure('bad_request', "closing: cannot be after the event's bidding close", [
        { path: 'closing', message: "cannot be after the event's bidding close" },
      ]),
    );
    const past = await put({ closing: '2026-12-01T11:30:00-06:00', itemnums: ['101'] });
    expect(past.json().message).toBe('closing: must be in the future');
    const unknown = await put({ closing: '2026-12-02T08:30:00-06:00', itemnums: ['101', '404'] });
    expect(unknown.json().errors).toEqual([{ path: 'itemnums[1]', message: 'there is no item 404 in this event' }]);
    const nowhere = await put({ closing: '2026-12-02T08:30:00-06:00', location: 'Attic' });
    expect(nowhere.json().message).toBe('location: no item is at Attic');
    const both = await put({ closing: null, location: 'Table 1', itemnums: ['101'] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('itemnums: name either the items (itemnums) or a location, not both');
    const volunteer = await put({ closing: null, itemnums: ['101'] }, w.volunteer.headers);
    expect(volunteer.json()).toEqual(failure('forbidden', roleNeeded('staff')));
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
  });

  it('refuses an item that has already closed', async () => {
    await w.t.ctx.db.update(auctionItems).set({ closedAt: now }).where(eq(auctionItems.itemnum, '102'));
    const res = await put({ closing: '2026-12-02T08:30:00-06:00', location: 'Table 2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(failure('conflict', 'Item 102 has closed, so its closing time cannot change.'));
    const item102 = (await send(w.t, { method: 'GET', path: '/items/102', headers: w.owner.headers })).json().item;
    const single = await send(w.t, {
      method: 'PUT',
      path: '/items/102',
      headers: w.owner.headers,
      payload: { ...item102, closing: '2026-12-02T08:30:00-06:00' },
    });
    expect(single.statusCode).toBe(409);
  });
});

describe('the path words closing and import', () => {
  it('still reach an item of that number wherever the method has no route of its own', async () => {
    const imported = await send(w.t, { method: 'GET', path: '/items/import', headers: w.volunteer.headers });
    expect(imported.json().item).toMatchObject({ itemnum: 'import', name: 'Imported Lot' });
    const renamed = await send(w.t, {
      method: 'PUT',
      path: '/items/import',
      headers: w.owner.headers,
      payload: { ...imported.json().item, name: 'Imported Lot, renamed' },
    });
    expect(renamed.json().item.name).toBe('Imported Lot, renamed');
    const late = await send(w.t, { method: 'GET', path: '/items/closing', headers: w.volunteer.headers });
    expect(late.json().item).toMatchObject({ itemnum: 'closing', name: 'Late Lot' });
    const retired = await send(w.t, { method: 'DELETE', path: '/items/closing', headers: w.owner.headers });
    expect(retired.json().message).toBe('Item closing was retired; bidders no longer see it.');
  });

  it('are numbers the console gives no new item', async () => {
    const res = await send(w.t, {
      method: 'POST',
      path: '/items',
      headers: w.owner.headers,
      payload: { itemnum: 'IMPORT', name: 'Another', startingbid: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'itemnum: is a word the console keeps for its own pages; choose another item number',
    );
  });
});
