import type { BidderNotice } from '@gavel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, notices } from '../../db/schema';
import { call } from '../../test/call';
import { failure, createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { NOTICES_LISTED } from './queries';
import { bidderMessagesDuring } from '../../test/live-capture';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const minutesLater = (m: number) => new Date(now.getTime() + m * 60_000);
let ann: TestBidder;
let bob: TestBidder;
let cy: TestBidder;
let ids: { boat: number; spa: number; many: number[] };

const bid = async (who: TestBidder, itemid: number, cents: number) => {
  const res = await call(t.app, 'POST /submitbid', { eventcode: 'gala', itemid, bid: cents }, { headers: who.auth });
  expect(res.statusCode).toBe(200);
};

async function noticesOf(who: TestBidder): Promise<BidderNotice[]> {
  const res = await call(t.app, 'GET /notices', undefined, { headers: who.auth });
  if (!res.ok) throw new Error(`GET /notices answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer.notices;
}

const liveToBidders = (work: () => Promise<void>) => bidderMessagesDuring(t, work);

beforeAll(async () => {
  t = await createTestApp({}, now);
  // Enough items for more than a hundred notices (three kinds each) to one bidder.
  const many = Array.from({ length: 34 }, (_, i) => item(`m${i}`));
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('boat', { name: 'Boat Ride', startingbid: 100, minimumbidincrease: 10 }),
        item('spa', { name: 'Spa Day', startingbid: 50, minimumbidincrease: 5 }),
        ...many,
      ],
    }),
  );
  const rows = await t.ctx.db
    .select({ id: auctionItems.id, itemnum: auctionItems.itemnum })
    .from(auctionItems)
    .orderBy(auctionItems.id);
  const id = (n: string) => rows.find((r) => r.itemnum === n)?.id ?? 0;
  ids = { boat: id('boat'), spa: id('spa'), many: many.map((m) => id(m.itemnum)) };
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  cy = await makeBidder(t, 'gala', 'cy@example.org', { firstname: 'Cy' });
});
afterAll(async () => t.close());

describe('GET /notices', () => {
  it("lists the bidder's own outbid notices, newest first, with the words they were sent", async () => {
    await bid(ann, ids.boat, 100_00);
    await bid(bob, ids.boat, 110_00);
    t.setNow(minutesLater(1));
    await bid(ann, ids.spa, 50_00);
    await bid(bob, ids.spa, 55_00);
    await t.ctx.notifier.idle();
    t.setNow(now);

    expect(await noticesOf(ann)).toEqual([
      {
        itemid: ids.spa,
        itemname: 'Spa Day',
        kind: 'outbid',
        title: 'Outbid',
        message: 'You have been outbid on Spa Day. The current bid is $55.00.',
        senttime: minutesLater(1).toISOString(),
      },
      {
        itemid: ids.boat,
        itemname: 'Boat Ride',
        kind: 'outbid',
        title: 'Outbid',
        message: 'You have been outbid on Boat Ride. The current bid is $110.00.',
        senttime: now.toISOString(),
      },
    ]);
    // Bob led both times: Ann's notices are hers alone.
    expect(await noticesOf(bob)).toEqual([]);
  });

  it('sends the live notice with its item, kind and time, as the list keeps it', async () => {
    t.setNow(minutesLater(2));
    const sent = await liveToBidders(() => bid(ann, ids.boat, 120_00));
    t.setNow(now);

    const told = {
      title: 'Outbid',
      message: 'You have been outbid on Boat Ride. The current bid is $120.00.',
      itemid: ids.boat,
      itemname: 'Boat Ride',
      kind: 'outbid' as const,
      senttime: minutesLater(2).toISOString(),
    };
    expect(sent.filter((s) => s.message.type === 'notification')).toEqual([
      { bidderId: bob.bidderId, message: { type: 'notification', ...told, auctioncode: 'demo', eventcode: 'gala' } },
    ]);
    expect(await noticesOf(bob)).toEqual([told]);
  });

  it('refuses a guest (403) and a caller without a token (401), changing nothing', async () => {
    const before = await noticesOf(ann);
    const guest = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
    if (!guest.ok) throw new Error(`guest login answered ${guest.statusCode}`);

    const asGuest = await call(t.app, 'GET /notices', undefined, {
      headers: { authorization: `Bearer ${guest.answer.token}` },
    });
    expect(asGuest).toEqual({
      ok: false,
      statusCode: 403,
      failure: failure('forbidden', 'Please log in to continue.'),
    });
    const anonymous = await call(t.app, 'GET /notices', undefined);
    expect(anonymous).toEqual({
      ok: false,
      statusCode: 401,
      failure: failure('unauthorized', 'Please log in to continue.'),
    });
    expect(await noticesOf(ann)).toEqual(before);
  });

  it('tells notices kept before their words were stored from their kind and item', async () => {
    // As the rows claimed before migration 0005 read: no title, no message.
    await t.ctx.db.insert(notices).values({ bidderId: cy.bidderId, itemId: ids.boat, kind: 'won', sentAt: now });
    expect(await noticesOf(cy)).toEqual([
      {
        itemid: ids.boat,
        itemname: 'Boat Ride',
        kind: 'won',
        title: 'You won!',
        message: 'You won Boat Ride!',
        senttime: now.toISOString(),
      },
    ]);
  });

  it(`lists at most the ${NOTICES_LISTED} newest`, async () => {
    const kinds = ['outbid', 'won', 'closingsoon'] as const;
    const rows = ids.many.flatMap((itemId, i) =>
      kinds.map((kind, k) => ({
        bidderId: cy.bidderId,
        itemId,
        kind,
        sentAt: minutesLater(10 + i * 3 + k),
        title: 'T',
        message: 'M',
      })),
    );
    await t.ctx.db.insert(notices).values(rows);

    const listed = await noticesOf(cy);
    expect(listed).toHaveLength(NOTICES_LISTED);
    const newest = [...rows].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime()).slice(0, NOTICES_LISTED);
    expect(listed.map((n) => [n.itemid, n.kind, n.senttime])).toEqual(
      newest.map((r) => [r.itemId, r.kind, r.sentAt.toISOString()]),
    );
  });
});
