import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auctionItems, bidders } from '../db/schema';
import { closeDueItems } from '../features/bids/closing';
import { publishClosed } from '../realtime/publish';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent, mailbox, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ann: TestBidder;
let bob: TestBidder;
let ids: { soon: number; later: number };

const bid = (who: TestBidder, itemid: number, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid, bid: amount },
  });
const mailsTo = async (to: string, subject: string) =>
  (await mailbox(t)).filter((m) => m.to === to && m.subject.includes(subject));

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        {
          itemnum: 'soon',
          name: 'Spa Day',
          startingbid: 50,
          minimumbidincrease: 5,
          closing: new Date(now.getTime() + 8 * 60_000).toISOString(),
        },
        { itemnum: 'later', name: 'Boat Ride', startingbid: 100, minimumbidincrease: 10 },
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  const id = (n: string) => rows.find((r) => r.itemnum === n)?.id ?? 0;
  ids = { soon: id('soon'), later: id('later') };
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
});
afterAll(async () => t.close());

describe('notices', () => {
  it('tells an outbid bidder once per quiet window, by email and (opted in) text', async () => {
    await t.ctx.db
      .update(accounts)
      .set({ allowtexting: true, cellphone: '3125550100' })
      .where(eq(accounts.id, ann.accountId));
    await bid(ann, ids.later, 100);
    await bid(bob, ids.later, 110);
    await t.ctx.notifier.idle();
    expect(await mailsTo('ann@example.org', 'You have been outbid on Boat Ride')).toHaveLength(1);
    expect((await mailbox(t)).filter((m) => m.to === '3125550100')).toHaveLength(1);

    await bid(ann, ids.later, 120);
    await bid(bob, ids.later, 130);
    await t.ctx.notifier.idle();
    expect(await mailsTo('ann@example.org', 'outbid')).toHaveLength(1);
    expect(await mailsTo('bob@example.org', 'outbid')).toHaveLength(1);

    t.setNow(new Date(now.getTime() + 6 * 60_000));
    await bid(ann, ids.later, 140);
    await bid(bob, ids.later, 150);
    await t.ctx.notifier.idle();
    t.setNow(now);
    expect(await mailsTo('ann@example.org', 'outbid')).toHaveLength(2);
  });

  it("follows the bidder's choices: no email when they turned it off", async () => {
    await t.ctx.db
      .update(bidders)
      .set({ notifications: [{ notificationrowid: 1, flags: { email: false, text: false } }] })
      .where(eq(bidders.id, bob.bidderId));
    const before = (await mailsTo('bob@example.org', 'outbid')).length;
    t.setNow(new Date(now.getTime() + 12 * 60_000));
    expect((await bid(ann, ids.later, 170)).json().item.currentlywinningbid).toBe(true);
    await t.ctx.notifier.idle();
    t.setNow(now);
    expect(await mailsTo('bob@example.org', 'outbid')).toHaveLength(before);
    // The in-app notice and the others still work: Ann, who kept email on, is told when Bob answers.
    t.setNow(new Date(now.getTime() + 18 * 60_000));
    await bid(bob, ids.later, 180);
    await t.ctx.notifier.idle();
    t.setNow(now);
    expect(await mailsTo('ann@example.org', 'outbid')).toHaveLength(3);
  });

  it('warns bidders and watchers once before an item closes, and tells the winner', async () => {
    await bid(ann, ids.soon, 50);
    await t.app.inject({
      method: 'POST',
      url: '/api/watchlist',
      headers: bob.auth,
      payload: { eventcode: 'gala', itemid: ids.soon },
    });
    expect(await t.ctx.notifier.closingSoon(now)).toBe(2);
    await t.ctx.notifier.closingSoon(now);
    expect(await mailsTo('ann@example.org', 'Bidding on Spa Day closes soon')).toHaveLength(1);
    expect(await mailsTo('bob@example.org', 'Bidding on Spa Day closes soon')).toHaveLength(1);

    const later = new Date(now.getTime() + 9 * 60_000);
    t.setNow(later);
    publishClosed(t.ctx, await closeDueItems(t.ctx.db, later));
    await t.ctx.notifier.idle();
    t.setNow(now);
    expect(await mailsTo('ann@example.org', 'You won Spa Day!')).toHaveLength(1);
  });
});
