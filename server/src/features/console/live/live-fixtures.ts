import { and, desc, eq } from 'drizzle-orm';
import { type ContractKey, type RequestOf } from '@gavel/domain';
import { accounts, audit, auctionItems, bidders, events, pledges, wonItems } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument, item } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';

/** The live auction's tests: a gala with live lots, a lot of three, a silent item and a fund-a-need, its staff and bidders. */

export const now = new Date('2026-12-01T18:00:00Z');

export const liveGala = () =>
  eventDocument(now, {
    items: [
      item('1', { name: 'Quilt', startingbid: 50, minimumbidincrease: 5 }),
      item('201', { name: 'Tuscany Villa', itemisliveonly: true, startingbid: 1000 }),
      item('202', { name: 'Wine Dinner', itemisliveonly: true, startingbid: 200, quantity: 3 }),
      item('203', { name: 'Puppy Class', itemisliveonly: true, startingbid: 0 }),
      item('300', {
        name: 'Books for Every Classroom',
        itemisliveonly: true,
        startingbid: 0,
        paddlelevels: [500, 5000, 1000, 100],
      }),
    ],
  });

export interface LiveWorld {
  owner: TestStaff;
  staffer: TestStaff;
  volunteer: TestStaff;
  otherOwner: TestStaff;
  ann: Paddle;
  bob: Paddle;
  /** Stopped from bidding. */
  cara: Paddle;
}

export interface Paddle extends TestBidder {
  number: number;
}

async function paddle(t: TestApp, email: string, firstname: string): Promise<Paddle> {
  const who = await makeBidder(t, 'gala', email, { firstname });
  await t.ctx.db.update(accounts).set({ lastname: 'Lee' }).where(eq(accounts.id, who.accountId));
  const [row] = await t.ctx.db
    .select({ n: bidders.bidderdisplaynumber })
    .from(bidders)
    .where(eq(bidders.id, who.bidderId));
  if (!row) throw new Error('no bidder');
  return { ...who, number: row.n };
}

export async function liveWorld(t: TestApp): Promise<LiveWorld> {
  await importEvent(t, liveGala());
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  const cara = await paddle(t, 'cara@example.org', 'Cara');
  await t.ctx.db.update(bidders).set({ authorizebidder: false }).where(eq(bidders.id, cara.bidderId));
  return {
    owner: await signedInStaff(t, { role: 'owner', name: 'Olive Owner' }),
    staffer: await signedInStaff(t, { role: 'staff', name: 'Sam Staff' }),
    volunteer: await signedInStaff(t, { role: 'volunteer' }),
    otherOwner: await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' }),
    ann: await paddle(t, 'ann@example.org', 'Ann'),
    bob: await paddle(t, 'bob@example.org', 'Bob'),
    cara,
  };
}

type LiveCall = ContractKey &
  (
    | 'POST /console/events/:eventcode/live-sales'
    | 'POST /console/events/:eventcode/pledges'
    | 'DELETE /console/events/:eventcode/live-sales/:id'
    | 'DELETE /console/events/:eventcode/pledges/:id'
  );

/** A sale or pledge as the console sends it (cents inside, as `call` takes them), with any headers. */
type SaleBody = RequestOf<'POST /console/events/:eventcode/live-sales'>;
export const sell = (
  t: TestApp,
  headers: Record<string, string>,
  body: Omit<SaleBody, 'quantity' | 'override'> & Partial<Pick<SaleBody, 'quantity' | 'override'>>,
) =>
  call(
    t.app,
    'POST /console/events/:eventcode/live-sales',
    { quantity: 1, override: false, ...body },
    { params: { eventcode: 'gala' }, headers },
  );

export const pledge = (
  t: TestApp,
  headers: Record<string, string>,
  body: RequestOf<'POST /console/events/:eventcode/pledges'>,
) => call(t.app, 'POST /console/events/:eventcode/pledges', body, { params: { eventcode: 'gala' }, headers });

export const undo = (
  t: TestApp,
  key: Extract<LiveCall, `DELETE ${string}`>,
  headers: Record<string, string>,
  id: number,
) => call(t.app, key, undefined, { params: { eventcode: 'gala', id }, headers });

/** What the refusal tests check did not change: sales, pledges, audit entries, units sold. */
export async function written(t: TestApp) {
  const db = t.ctx.db;
  return {
    sales: (await db.select({ id: wonItems.id }).from(wonItems)).length,
    pledges: (await db.select({ id: pledges.id }).from(pledges)).length,
    audit: (await db.select({ id: audit.id }).from(audit)).length,
    sold: (await db.select({ n: auctionItems.quantitysold }).from(auctionItems)).reduce((s, r) => s + r.n, 0),
  };
}

export const lastAudit = async (t: TestApp) =>
  (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];

/** The gala's item of this number (the other organization's event has an item 1 too). */
export async function itemRow(t: TestApp, itemnum: string) {
  const [row] = await t.ctx.db
    .select({ item: auctionItems })
    .from(auctionItems)
    .innerJoin(events, eq(auctionItems.eventId, events.id))
    .where(and(eq(auctionItems.itemnum, itemnum), eq(events.eventcode, 'gala')))
    .then((rows) => rows.map((r) => r.item));
  if (!row) throw new Error(`no item ${itemnum}`);
  return row;
}

/** The board's total raised, as the venue's screen reads it. */
export async function boardRaised(t: TestApp): Promise<number> {
  const res = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala' } });
  if (!res.ok) throw new Error(`displayboard answered ${res.statusCode}`);
  return res.answer.total.raised;
}
