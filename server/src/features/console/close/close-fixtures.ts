import { eq } from 'drizzle-orm';
import type { HubMessage } from '@gavel/domain';
import { auctionItems, bidders, wonItems } from '../../../db/schema';
import { makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { item } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';
import { bidOn, type ItemsWorld, itemsWorld } from '../items/items-fixtures';

/**
 * The close tests' world: the kit's gala around `now` (bidding closes in a day, the event in two)
 * with silent items at two locations, a live-only item, a Buy It Now item, two bidders' bids, the
 * staff of each role and another organization's owner; and the live messages sent, kept.
 */
export interface CloseWorld extends ItemsWorld {
  bob: TestBidder;
  /** Every live message sent since the world was made (or since `sent.length = 0`). */
  sent: HubMessage[];
}

export const closeItems = () => [
  item('101', { name: 'Wine Tasting', location: 'Table 1' }),
  item('102', { name: 'Signed Ball', location: 'Table 1' }),
  item('201', { name: 'Cabin Week', location: 'Table 2' }),
  item('202', { name: 'Cooking Class', location: 'Table 2' }),
  item('301', { name: 'Twin One', location: 'Twins' }),
  item('302', { name: 'Twin Two', location: 'Twins' }),
  item('401', { name: 'Race One', location: 'Race' }),
  item('402', { name: 'Race Two', location: 'Race' }),
  item('403', { name: 'Race Three', location: 'Race' }),
  item('L1', { name: 'Live Trip', location: 'Table 1', itemisliveonly: true }),
  item('B1', { name: 'Gift Card', location: 'Table 2', buyitnowonly: true, buyitnowprice: 25, quantity: 5 }),
];

export async function closeWorld(now: Date): Promise<CloseWorld> {
  const w = await itemsWorld(now, closeItems());
  const bob = await makeBidder(w.t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const sent: HubMessage[] = [];
  const live = w.t.ctx.live;
  const keep =
    <A extends unknown[]>(send: (...args: A) => void, message: (...args: A) => HubMessage) =>
    (...args: A) => {
      sent.push(message(...args));
      send(...args);
    };
  live.toEvent = keep(live.toEvent.bind(live), (_a, _e, m) => m);
  live.toBidder = keep(live.toBidder.bind(live), (_b, m) => m);
  live.toConsole = keep(live.toConsole.bind(live), (_a, _e, m) => m);
  const world = { ...w, bob, sent };
  await bid(world, w.bidder, '101', 60);
  await bid(world, bob, '101', 70);
  await bid(world, w.bidder, '201', 80);
  for (const n of ['301', '302', '401', '402', '403']) await bid(world, bob, n, 55);
  // The outbid notices go out off the request's path: let them land before a test counts messages.
  await w.t.ctx.notifier.idle();
  return world;
}

export async function itemRow(t: TestApp, itemnum: string) {
  const [row] = await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.itemnum, itemnum));
  if (!row) throw new Error(`no item ${itemnum}`);
  return row;
}

/** A bid on an item by its number, as a phone places it; refused bids fail the test. */
export async function bid(w: CloseWorld, bidder: TestBidder, itemnum: string, amount: number): Promise<void> {
  const res = await bidOn(w.t, bidder, (await itemRow(w.t, itemnum)).id, amount);
  if (res.json().status !== 'success') throw new Error(`bid refused: ${res.body}`);
}

/** The wins recorded for an item. */
export async function winsOf(t: TestApp, itemnum: string) {
  const { id } = await itemRow(t, itemnum);
  return t.ctx.db.select().from(wonItems).where(eq(wonItems.itemId, id));
}

/** A bidder's number in the event (the audit names leaders by it). */
export async function numberOf(t: TestApp, bidder: TestBidder): Promise<number | undefined> {
  const [row] = await t.ctx.db.select().from(bidders).where(eq(bidders.id, bidder.bidderId));
  return row?.bidderdisplaynumber;
}
