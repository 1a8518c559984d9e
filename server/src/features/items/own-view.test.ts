import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { bidderMessagesDuring, captureEventMessages } from '../../test/live-capture';

/**
 * What an item answer tells only its caller: their own automatic maximum (shown on their item
 * page), never anyone else's, and the item's Buy It Now limit per bidder beside what they may still buy.
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<'getaway' | 'coffee', number>;
let ann: TestBidder;
let bob: TestBidder;
let guest: string;

const post = (url: string, payload: object, token: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { eventcode: 'gala', ...payload },
    headers: { authorization: `Bearer ${token}` },
  });
const details = async (token: string, itemid: number) =>
  (await post('/api/itemdetails', { itemid }, token)).json().item;
const listed = async (token: string, itemid: number) =>
  ((await post('/api/auctionitems', {}, token)).json().auctionitems as Array<{ itemid: number }>).find(
    (i) => i.itemid === itemid,
  );

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        { itemnum: 'getaway', name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 },
        {
          itemnum: 'coffee',
          name: 'Coffee Card',
          buyitnowonly: true,
          buyitnowprice: 25,
          quantity: 10,
          maxpurchasequantity: 2,
        },
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id])) as typeof ids;
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  guest = (await t.app.inject({ method: 'POST', url: '/api/guestlogin', payload: { eventcode: 'gala' } })).json()
    .token as string;
});
afterAll(async () => t.close());

describe('the caller’s own maximum', () => {
  it('is told to the bidder who set it, in the bid answer, the item and the list', async () => {
    const placed = await post(
      '/api/submitbid',
      { itemid: ids.getaway, autobid: true, maxbid: 1500, increment: 10 },
      ann.token,
    );
    expect(placed.json().item).toMatchObject({
      currentbid: 100,
      currentlywinningbid: true,
      accountisautobid: true,
      accountautobidamount: 1500,
      accountautobidincrement: 10,
    });
    expect(await details(ann.token, ids.getaway)).toMatchObject({ accountisautobid: true, accountautobidamount: 1500 });
    expect(await listed(ann.token, ids.getaway)).toMatchObject({ accountisautobid: true, accountautobidamount: 1500 });
  });

  it('is never told to another bidder or a guest, in any answer or live message', async () => {
    const hidden = { accountisautobid: false, accountautobidamount: 0, accountautobidincrement: 0 };
    expect(await details(bob.token, ids.getaway)).toMatchObject({ ...hidden, currentlywinningbid: false });
    expect(await listed(bob.token, ids.getaway)).toMatchObject(hidden);
    expect(await details(guest, ids.getaway)).toMatchObject(hidden);

    const room = captureEventMessages(t);
    const toBidders = await bidderMessagesDuring(t, async () => {
      const bid = await post('/api/submitbid', { itemid: ids.getaway, bid: 200 }, bob.token);
      // Ann's maximum answers Bob's bid; Bob learns the price, not her maximum.
      expect(bid.json()).toMatchObject({
        message: 'Another bidder has a higher maximum bid. You have been outbid.',
        item: { currentbid: 210, ...hidden },
      });
    });
    room.stop();
    for (const m of room.messages) expect(JSON.stringify(m)).not.toContain('accountautobidamount');
    const toBob = toBidders.filter((m) => m.bidderId === bob.bidderId).map((m) => JSON.stringify(m.message));
    expect(toBob.length).toBeGreaterThan(0);
    for (const m of toBob) expect(m).not.toMatch(/"accountautobidamount":(?!0[,}])/);
    expect(await details(ann.token, ids.getaway)).toMatchObject({
      currentbid: 210,
      currentlywinningbid: true,
      accountautobidamount: 1500,
    });
  });
});

describe('the Buy It Now limit per bidder', () => {
  it('answers the item’s limit beside what this bidder may still buy', async () => {
    expect(await details(ann.token, ids.coffee)).toMatchObject({ maxpurchasequantity: 2, maxpurchaseperbidder: 2 });
    const bought = await post('/api/submitbid', { itemid: ids.coffee, buyitnow: true, quantity: 1 }, ann.token);
    expect(bought.json().item).toMatchObject({
      maxpurchasequantity: 1,
      maxpurchaseperbidder: 2,
      buyitnowavailable: true,
    });
    expect(await details(bob.token, ids.coffee)).toMatchObject({ maxpurchasequantity: 2, maxpurchaseperbidder: 2 });
    expect(await details(guest, ids.coffee)).toMatchObject({ maxpurchasequantity: 2, maxpurchaseperbidder: 2 });
  });
});
