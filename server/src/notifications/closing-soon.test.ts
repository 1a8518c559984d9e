import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, notices } from '../db/schema';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent, mailbox, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { bidderMessagesDuring } from '../test/live-capture';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
let ann: TestBidder;
let bob: TestBidder;
let ids: { wine: number; quilt: number; kayak: number };

/** The notification messages sent to single bidders while `work` runs. */
const noticesSent = async (work: () => Promise<unknown>) =>
  (await bidderMessagesDuring(t, work)).filter((m) => m.message.type === 'notification');

const closingSoonRow = (who: TestBidder, itemId: number) =>
  t.ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.bidderId, who.bidderId), eq(notices.itemId, itemId), eq(notices.kind, 'closingsoon')));
const closingSoonMails = async (to: string) =>
  (await mailbox(t)).filter((m) => m.to === to && m.subject.includes('closes soon'));

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('wine', { name: 'Wine Crate', closing: later(3 * 60_000).toISOString() }),
        item('quilt', { name: 'Quilt', closing: later(2 * 60_000).toISOString() }),
        item('kayak', { name: 'Kayak', closing: later(6 * 60_000).toISOString() }),
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  const id = (n: string) => rows.find((r) => r.itemnum === n)?.id ?? 0;
  ids = { wine: id('wine'), quilt: id('quilt'), kayak: id('kayak') };
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
});
afterAll(async () => t.close());

describe('closing-soon notices', () => {
  it('sends none for an item whose close passed before the notice went out, and keeps no row', async () => {
    const watched = await call(
      t.app,
      'POST /watchlist',
      { eventcode: 'gala', itemid: ids.quilt },
      { headers: bob.auth },
    );
    expect(watched.statusCode).toBe(200);
    // The sweep saw the quilt two minutes from its close; the notice leaves after it closed.
    t.setNow(later(2 * 60_000 + 30_000));
    const sent = await noticesSent(() => t.ctx.notifier.closingSoon(now));
    t.setNow(now);

    expect(sent).toEqual([]);
    expect(await closingSoonRow(bob, ids.quilt)).toEqual([]);
    expect(await closingSoonMails('bob@example.org')).toEqual([]);
  });

  it('sends none for an item closed early (sold out) before the notice went out', async () => {
    await t.ctx.db.update(auctionItems).set({ closedAt: now }).where(eq(auctionItems.id, ids.kayak));
    const sent = await noticesSent(async () => t.ctx.notifier.notify('closingsoon', ann.bidderId, ids.kayak));

    expect(sent).toEqual([]);
    expect(await closingSoonRow(ann, ids.kayak)).toEqual([]);
    expect(await closingSoonMails('ann@example.org')).toEqual([]);
  });

  it('tells the real time left: an item closing in 3 minutes "closes in 3 minutes"', async () => {
    const placed = await call(
      t.app,
      'POST /submitbid',
      { eventcode: 'gala', itemid: ids.wine, bid: 50_00 },
      { headers: ann.auth },
    );
    expect(placed.statusCode).toBe(200);
    const sent = await noticesSent(() => t.ctx.notifier.closingSoon(now));

    const wine = 'Bidding on Wine Crate closes in 3 minutes. The current bid is $50.00.';
    const codes = { auctioncode: 'demo', eventcode: 'gala' };
    // Bob's quilt notice was skipped, not claimed: a sweep while it is still open sends it.
    expect(sent).toEqual(
      expect.arrayContaining([
        {
          bidderId: ann.bidderId,
          message: {
            type: 'notification',
            title: 'Closing soon',
            message: wine,
            itemid: ids.wine,
            itemname: 'Wine Crate',
            kind: 'closingsoon',
            senttime: now.toISOString(),
            ...codes,
          },
        },
        {
          bidderId: bob.bidderId,
          message: {
            type: 'notification',
            title: 'Closing soon',
            message: 'Bidding on Quilt closes in 2 minutes. The current bid is $0.00.',
            itemid: ids.quilt,
            itemname: 'Quilt',
            kind: 'closingsoon',
            senttime: now.toISOString(),
            ...codes,
          },
        },
      ]),
    );
    expect(sent).toHaveLength(2);
    expect(await closingSoonRow(ann, ids.wine)).toEqual([
      {
        bidderId: ann.bidderId,
        itemId: ids.wine,
        kind: 'closingsoon',
        sentAt: now,
        title: 'Closing soon',
        message: wine,
      },
    ]);
    // The email keeps its subject and says the same.
    const mails = await closingSoonMails('ann@example.org');
    expect(mails.map((m) => m.subject)).toEqual(['Bidding on Wine Crate closes soon']);
    expect(mails[0]?.text).toContain(wine);
  });
});
