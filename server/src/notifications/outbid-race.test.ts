import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubMessage } from '@gavel/domain';
import type { Database } from '../db/client';
import { notices } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';

/**
 * An outbid notice states the price as it stands when it is sent, even when a bid commits while
 * its batch is on the way. The batch is held right after it has read the price (no timing: the
 * test releases it once the next bid has committed), as a slow batch in a bidding war would be.
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ann: TestBidder;
let bob: TestBidder;
let cy: TestBidder;
let itemid = 0;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, { items: [{ itemnum: '1', name: 'Sailboat', startingbid: 100, minimumbidincrease: 10 }] }),
  );
  ann = await makeBidder(t, 'gala', 'ann@example.org');
  bob = await makeBidder(t, 'gala', 'bob@example.org');
  cy = await makeBidder(t, 'gala', 'cy@example.org');
  const [item] = await t.ctx.db.query.auctionItems.findMany();
  itemid = item?.id ?? 0;
});
afterAll(async () => t.close());

const bid = async (who: TestBidder, amount: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid, bid: amount },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * Holds the first query whose SQL `matches`, after it has answered and before its caller sees the
 * rows: `reached` resolves then, and the caller goes on once `release()` is called. Drizzle sends
 * every query outside a transaction through the driver's `query` (PGlite's instance, or the pool).
 */
function holdAfter(database: Database, matches: (sql: string) => boolean) {
  const driver = database.driver;
  const target: { query: (...args: never[]) => Promise<unknown> } =
    driver.kind === 'pglite' ? driver.client : driver.pool;
  const query = target.query;
  let reach = () => {};
  let release = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let armed = true;
  target.query = async (...args: never[]) => {
    const first: unknown = args[0];
    const text =
      typeof first === 'string'
        ? first
        : typeof first === 'object' && first && 'text' in first
          ? String(first.text)
          : '';
    const answer = await query.apply(target, args);
    if (armed && matches(text)) {
      armed = false;
      target.query = query;
      reach();
      await released;
    }
    return answer;
  };
  return { reached, release };
}

describe('an outbid notice sent while the next bid commits', () => {
  it('states the price the next bid set, live and stored alike', async () => {
    const live: Array<{ bidderId: number; message: HubMessage }> = [];
    const toBidder = t.ctx.live.toBidder;
    t.ctx.live.toBidder = (bidderId, message) => {
      live.push({ bidderId, message });
      toBidder(bidderId, message);
    };
    try {
      await bid(ann, 100);
      await bid(bob, 110); // Ann is outbid at $110: her notice waits in the batch.
      // The batch's read of the items: the one query that joins the items with their events and organizations.
      const hold = holdAfter(
        t.ctx.database,
        (sql) => /from "auction_items" inner join "events"/.test(sql) && /"organizations"/.test(sql),
      );
      const sending = t.ctx.notifier.idle();
      await hold.reached; // The batch has read $110 ...
      await bid(cy, 120); // ... and Cy's bid commits before Ann's notice goes out.
      hold.release();
      await sending;
      await t.ctx.notifier.idle();
    } finally {
      t.ctx.live.toBidder = toBidder;
    }

    const rows = await t.ctx.db.select().from(notices);
    const annNotice = rows.find((r) => r.bidderId === ann.bidderId);
    expect(annNotice?.message).toBe('You have been outbid on Sailboat. The current bid is $120.00.');
    const told = live.filter((m) => m.bidderId === ann.bidderId && m.message.type === 'notification');
    expect(told.map((m) => (m.message.type === 'notification' ? m.message.message : ''))).toEqual([
      'You have been outbid on Sailboat. The current bid is $120.00.',
    ]);
    expect(rows.find((r) => r.bidderId === bob.bidderId)?.message).toBe(
      'You have been outbid on Sailboat. The current bid is $120.00.',
    );
  });
});
