import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems } from '../../../db/schema';
import { failure } from '../../../test/harness';
import { auditCount, auditOf, bidderItemnums, type ItemsWorld, itemsWorld } from './items-fixtures';

/** The CSV import: every problem by row and column before anything is written, then all or nothing. */
const now = new Date('2026-12-01T18:00:00Z');
let w: ItemsWorld;
beforeAll(async () => {
  w = await itemsWorld(now);
});
afterAll(async () => w.t.close());

const post = (csv: string, { headers = w.owner.headers as object, dryrun = false, type = 'text/csv' } = {}) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/console/events/gala/items/import${dryrun ? '?dryrun=1' : ''}`,
    headers: { ...headers, 'content-type': type },
    payload: csv,
  });

/** Ten items, C1 to C10, the third with the starting bid given. */
const tenItems = (third: string) =>
  [
    'Item Num,Name,Starting Bid,Minimum_Bid_Increase,Location,Description',
    ...Array.from({ length: 10 }, (_, i) =>
      [
        `C${i + 1}`,
        `Lot ${i + 1}`,
        i === 2 ? third : `${10 * (i + 1)}`,
        '5',
        'Silent A',
        `"Lot ${i + 1}, a fine thing"`,
      ].join(','),
    ),
  ].join('\r\n');

const state = async () => ({
  items: (await w.t.ctx.db.select({ itemnum: auctionItems.itemnum, name: auctionItems.name }).from(auctionItems))
    .length,
  audit: await auditCount(w.t),
});

describe('POST /console/events/:eventcode/items/import', () => {
  it('tells a bad third item at row 4, column startingbid, and imports nothing', async () => {
    const before = await state();
    const res = await post(tenItems('ten'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 'failure',
      message: 'The file has 1 problem; nothing was imported.',
      imported: false,
      dryrun: false,
      created: 10,
      updated: 0,
      errors: [{ row: 4, column: 'startingbid', message: 'must be a number' }],
    });
    expect(answer.columns).toEqual(['itemnum', 'name', 'startingbid', 'minimumbidincrease', 'location', 'description']);
    expect(answer.rows[2]).toMatchObject({ row: 4, itemnum: 'C3', action: 'create', item: null });
    expect(answer.rows[2].cells.startingbid).toBe('ten');
    expect(await state()).toEqual(before);
  });

  it('previews the fixed file on a dry run and writes nothing', async () => {
    const before = await state();
    const res = await post(tenItems('$30.00'), { dryrun: true });
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Ready to import 10 items: 10 new, 0 updated.',
      dryrun: true,
      imported: false,
      errors: [],
    });
    expect(res.json().rows[2].item).toMatchObject({
      itemnum: 'C3',
      startingbid: 30,
      description: 'Lot 3, a fine thing',
    });
    expect(await state()).toEqual(before);
  });

  it('imports the fixed file all at once; bidders see the items; audited with counts', async () => {
    const res = await post(tenItems('30'));
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Imported 10 items: 10 new, 0 updated.',
      imported: true,
    });
    const phone = await bidderItemnums(w.t, w.bidder);
    expect(phone).toEqual(expect.arrayContaining(['C1', 'C3', 'C10', '101']));
    const [c3] = await w.t.ctx.db.select().from(auctionItems).where(eq(auctionItems.itemnum, 'C3'));
    expect(c3).toMatchObject({ startingbid: 3000, minimumbidincrease: 500, location: 'Silent A' });
    const [entry] = await auditOf(w.t, 'item.import');
    expect(entry).toMatchObject({ summary: 'Imported 10 items from a CSV file: 10 new, 0 updated' });
    expect(entry?.after).toMatchObject({ created: 10, updated: 0 });
  });

  it('updates the items it names by number, keeping the columns it lacks, and leaves the others as they are', async () => {
    const res = await post('itemnum,name\nc1,Lot One\n101,Wine Tasting for Two\nC99,New Lot');
    expect(res.json().errors).toEqual([
      { row: 4, column: 'startingbid', message: 'must be above 0 for an item taking bids' },
    ]);
    const ok = await post('itemnum,name,startingbid\nc1,Lot One,10\n101,Wine Tasting for Two,50\nC99,New Lot,5');
    expect(ok.json()).toMatchObject({ message: 'Imported 3 items: 1 new, 2 updated.' });
    expect(ok.json().rows.map((r: { action: string }) => r.action)).toEqual(['update', 'update', 'create']);
    const rows = await w.t.ctx.db.select().from(auctionItems);
    const byNum = new Map(rows.map((r) => [r.itemnum, r]));
    // Matched whatever the capitals; the number is then written as the file writes it, as the JSON import does.
    expect(byNum.get('c1')).toMatchObject({
      name: 'Lot One',
      location: 'Silent A',
      description: 'Lot 1, a fine thing',
    });
    expect(byNum.get('101')).toMatchObject({
      name: 'Wine Tasting for Two',
      location: 'Table 1',
      fairmarketvalue: 25000,
    });
    expect(byNum.get('102')?.name).toBe('Signed Ball');
  });

  it('refuses a missing or misnamed column before reading any row, and writes nothing', async () => {
    const before = await state();
    const missing = await post('itemnum,startingbid\nZ1,10');
    expect(missing.json()).toMatchObject({
      status: 'failure',
      rows: [],
      errors: [{ row: 1, column: 'name', message: 'The file has no name column; every item needs one' }],
    });
    const misnamed = await post('itemnum,name,Starting Price\nZ1,Zed,10');
    expect(misnamed.json().errors).toEqual([
      { row: 1, column: 'Starting Price', message: '"Starting Price" is not an item field' },
    ]);
    const empty = await post('');
    expect(empty.json().errors).toEqual([
      { row: 1, column: '', message: 'The file is empty: its first row must name the columns' },
    ]);
    expect(await state()).toEqual(before);
  });

  it('refuses a quantity below what was sold, at its row', async () => {
    await w.t.ctx.db.update(auctionItems).set({ quantitysold: 2 }).where(eq(auctionItems.itemnum, '102'));
    const res = await post('itemnum,name,quantity,startingbid\n102,Signed Ball,1,50');
    expect(res.json().errors).toEqual([
      { row: 2, column: 'quantity', message: 'cannot be below the 2 already sold or won' },
    ]);
  });

  it('takes text/csv with a charset; refuses JSON and other types with a sentence', async () => {
    const charset = await post('itemnum,name,startingbid\nC1,Lot One,10', {
      dryrun: true,
      type: 'text/csv; charset=utf-8',
    });
    expect(charset.json().errors).toEqual([]);
    const json = await w.t.app.inject({
      method: 'POST',
      url: '/api/console/events/gala/items/import',
      headers: w.owner.headers,
      payload: { itemnum: '1' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(failure('bad_request', 'Send the file as text/csv, its first row naming the columns.'));
    const text = await post('a,b', { type: 'text/plain' });
    expect(text.statusCode).toBe(415);
    const badQuery = await w.t.app.inject({
      method: 'POST',
      url: '/api/console/events/gala/items/import?dryrun=maybe',
      headers: { ...w.owner.headers, 'content-type': 'text/csv' },
      payload: 'itemnum,name',
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('refuses a volunteer and a bidder, and writes nothing', async () => {
    const before = await state();
    const volunteer = await post(tenItems('30').replace(/C(\d)/g, 'V$1'), { headers: w.volunteer.headers });
    expect(volunteer.statusCode).toBe(403);
    expect(volunteer.json()).toEqual(failure('forbidden', roleNeeded('staff')));
    expect((await post('itemnum,name\nB1,B', { headers: w.bidder.auth })).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});
