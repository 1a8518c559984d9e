import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent, mailbox, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { call } from '../test/call';

/** Outbid notices of a bidding war go out in batches; each bidder still hears once, in their own words. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const bidders: TestBidder[] = [];
let itemid = 0;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, { items: [{ itemnum: '1', name: 'Lake Cabin', startingbid: 100, minimumbidincrease: 10 }] }),
  );
  for (let i = 0; i < 12; i++) bidders.push(await makeBidder(t, 'gala', `war${i}@example.org`));
  const list = await call(t.app, 'POST /auctionitems', { eventcode: 'gala' }, { headers: bidders[0]?.auth ?? {} });
  if (!list.ok) throw new Error(list.failure.message);
  itemid = list.answer.auctionitems[0]?.itemid ?? 0;
});
afterAll(async () => t.close());

describe('a bidding war', () => {
  it('tells every outbid bidder once, with the price as it stands and the time they were outbid, however many go out together', async () => {
    for (const [i, who] of bidders.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submitbid',
        headers: who.auth,
        payload: { eventcode: 'gala', itemid, bid: 100 + i * 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.ctx.notifier.idle();
    const mails = await mailbox(t);
    for (let i = 0; i < bidders.length; i++) {
      const email = `war${i}@example.org`;
      const theirs = mails.filter((m) => m.to === email && m.subject === 'You have been outbid on Lake Cabin');
      // The last bidder leads; everyone before was outbid once.
      expect(theirs, email).toHaveLength(i === bidders.length - 1 ? 0 : 1);
    }
    const rows = await t.ctx.db.select().from(notices);
    expect(rows).toHaveLength(bidders.length - 1);
    // Each notice tells the price as it stood when its batch went out: at least the bid that
    // outbid that bidder, never more than the final one; the last bidder outbid hears the final price.
    // (How many batches the war fills depends on the machine's pace, so no test counts them.)
    const priceOf = (message: string | null) => Number(/The current bid is \$(\d+)\.00\.$/.exec(message ?? '')?.[1]);
    for (const row of rows) {
      const i = bidders.findIndex((b) => b.bidderId === row.bidderId);
      expect(row).toMatchObject({ kind: 'outbid', title: 'Outbid' });
      expect(row.message).toMatch(/^You have been outbid on Lake Cabin\. The current bid is \$\d+\.00\.$/);
      expect(priceOf(row.message)).toBeGreaterThanOrEqual(100 + (i + 1) * 10);
      expect(priceOf(row.message)).toBeLessThanOrEqual(210);
      expect(row.sentAt.toISOString()).toBe(now.toISOString());
    }
    const lastOutbid = rows.find((r) => r.bidderId === bidders[bidders.length - 2]?.bidderId);
    expect(priceOf(lastOutbid?.message ?? null)).toBe(210);
  });
});
