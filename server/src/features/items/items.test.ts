import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';

let t: TestApp;
let ann: TestBidder;
let ids: number[] = [];
const now = new Date('2026-12-01T18:00:00Z');
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
const call = (url: string, payload: object, who: TestBidder | string | null = ann) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { eventcode: 'gala', ...payload },
    headers: who ? { authorization: `Bearer ${typeof who === 'string' ? who : who.token}` } : {},
  });

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: {
        extendedbiddingminutes: 5,
        extendedbiddinglatest: new Date(now.getTime() + 26 * 3_600_000).toISOString(),
      },
      items: [
        {
          itemnum: '1',
          name: 'Photos Item',
          startingbid: 10,
          minimumbidincrease: 1,
          photos: [SVG, `${SVG.slice(0, -4)}AAAA`],
          tags: ['A', 'B'],
        },
        {
          itemnum: '2',
          name: 'Late Item',
          startingbid: 10,
          minimumbidincrease: 1,
          closing: new Date(now.getTime() + 3 * 60_000).toISOString(),
        },
      ],
    }),
  );
  ids = (await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems).orderBy(auctionItems.id)).map((r) => r.id);
  ann = await makeBidder(t, 'gala', 'ann@example.org');
});
afterAll(async () => t.close());

describe('catalog calls', () => {
  it('lists items with the caller fields, and needs a token for this event', async () => {
    const list = await call('/api/auctionitems', { includethumbnail: true });
    expect(list.json().auctionitems).toHaveLength(2);
    expect(list.json().auctionitems[0]).toMatchObject({
      name: 'Photos Item',
      tags: 'A,B',
      watchlist: false,
      accountbiddingon: false,
      bidstatus: 'biddingopen',
      minimumnextbid: 10,
    });
    expect((await call('/api/auctionitems', {}, null)).statusCode).toBe(401);
    const other = await call('/api/auctionitems', { eventcode: 'elsewhere' });
    expect(other.statusCode).toBe(404);
  });

  it('answers photos in order, details and an unknown item', async () => {
    const photos = await call('/api/itemphotos', { itemid: ids[0] });
    expect(photos.json().itemphotos).toHaveLength(2);
    expect(photos.json().itemphotos[0].photourl).toMatch(/^\/media\//);
    expect((await call('/api/itemdetails', { itemid: ids[1] })).json().item.name).toBe('Late Item');
    const missing = await call('/api/itemdetails', { itemid: 99999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This item was not found in this event.');
    expect((await call('/api/itemdetails', { itemid: 'one' })).statusCode).toBe(400);
  });

  it('toggles the watchlist, refused to guests', async () => {
    expect((await call('/api/watchlist', { itemid: ids[0] })).json()).toEqual({
      status: 'success',
      itemid: ids[0],
      watchlist: true,
    });
    expect((await call('/api/watchlist', { itemid: ids[0] })).json().watchlist).toBe(false);
    await call('/api/watchlist', { itemid: ids[0] });
    const guest = (
      await t.app.inject({ method: 'POST', url: '/api/guestlogin', payload: { eventcode: 'gala' } })
    ).json().token as string;
    expect((await call('/api/watchlist', { itemid: ids[0] }, guest)).statusCode).toBe(403);
    expect((await call('/api/auctionitems', {}, guest)).statusCode).toBe(200);
  });

  it('counts the caller’s items in the overview', async () => {
    await call('/api/submitbid', { itemid: ids[1], bid: 10 });
    expect((await call('/api/itemoverview', {})).json()).toEqual({
      status: 'success',
      totalitems: 2,
      biddingon: 1,
      winning: 1,
      watching: 1,
      won: 0,
    });
  });

  it('extends a close when a bid comes in the last minutes', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(auctionItems)
      .where(eq(auctionItems.id, ids[1] ?? 0));
    t.setNow(new Date(now.getTime() + 2 * 60_000));
    const bob = await makeBidder(t, 'gala', 'bob@example.org');
    const res = await call('/api/submitbid', { itemid: ids[1], bid: 11 }, bob);
    t.setNow(now);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().item.closing)).toBe(now.getTime() + 7 * 60_000);
    // The item was to close at +3 min; Ann's bid at +0 already pushed it to +5 min, Bob's at +2 to +7.
    expect(before?.closing?.getTime()).toBe(now.getTime() + 5 * 60_000);
    // A bid outside the last minutes leaves the close alone.
    const calm = await call('/api/submitbid', { itemid: ids[0], bid: 10 });
    expect(Date.parse(calm.json().item.closing)).toBe(Date.parse(t.ctx.clock().toISOString()) + 24 * 3_600_000);
  });
});
