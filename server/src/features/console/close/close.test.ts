import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems } from '../../../db/schema';
import { failure } from '../../../test/harness';
import { publishClosed } from '../../../realtime/publish';
import { closeAllDueItems } from '../../bids/closing';
import { auditCount, auditOf, send } from '../items/items-fixtures';
import { type CloseWorld, closeWorld, itemRow, numberOf, winsOf } from './close-fixtures';

/** The close panel and Close now: winners recorded as the closing job records them, once. */
const now = new Date('2026-12-01T18:00:00Z');
let w: CloseWorld;
beforeAll(async () => {
  w = await closeWorld(now);
});
afterAll(async () => w.t.close());

const close = (body: object, headers: object = w.staffer.headers) =>
  send(w.t, { method: 'POST', path: '/close', headers, payload: body });
const closings = async () =>
  Object.fromEntries(
    (await w.t.ctx.db.select().from(auctionItems)).map((r) => [
      r.itemnum,
      [r.closing?.toISOString() ?? null, r.closedAt?.toISOString() ?? null],
    ]),
  );
/** The job's own routine, as the closing job runs it every second. */
const job = () => closeAllDueItems(w.t.ctx.db, now, (closed) => publishClosed(w.t.ctx, closed));

describe('GET /console/events/:eventcode/close', () => {
  it('shows each location, the silent items with their leaders, the total, bids a minute and items without bids', async () => {
    const res = await send(w.t, { method: 'GET', path: '/close', headers: w.staffer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const panel = res.json();
    expect(panel).toMatchObject({
      status: 'success',
      timezone: 'America/Chicago',
      servertime: now.toISOString(),
      raised: 425,
      bidsperminute: 0.8,
      ratewindow: 10,
      withoutbids: 2,
      open: 10,
      closed: 0,
    });
    expect(panel.locations).toEqual([
      {
        location: 'Race',
        closing: '2026-12-02T12:00:00-06:00',
        lastclosing: '2026-12-02T12:00:00-06:00',
        open: 3,
        closed: 0,
      },
      {
        location: 'Table 1',
        closing: '2026-12-02T12:00:00-06:00',
        lastclosing: '2026-12-02T12:00:00-06:00',
        open: 2,
        closed: 0,
      },
      {
        location: 'Table 2',
        closing: '2026-12-02T12:00:00-06:00',
        lastclosing: '2026-12-02T12:00:00-06:00',
        open: 3,
        closed: 0,
      },
      {
        location: 'Twins',
        closing: '2026-12-02T12:00:00-06:00',
        lastclosing: '2026-12-02T12:00:00-06:00',
        open: 2,
        closed: 0,
      },
    ]);
    // The live-only item is the auctioneer's: not on this panel.
    expect(panel.items.map((i: { itemnum: string }) => i.itemnum)).not.toContain('L1');
    expect(panel.items.find((i: { itemnum: string }) => i.itemnum === '101')).toEqual({
      itemnum: '101',
      name: 'Wine Tasting',
      location: 'Table 1',
      closing: '2026-12-02T12:00:00-06:00',
      ownclosing: false,
      state: 'open',
      closedat: null,
      currentbid: 70,
      numberofbids: 2,
      leader: { name: 'Bob Tester', biddernumber: await numberOf(w.t, w.bob) },
      buyitnowonly: false,
      reopenable: false,
      reopenuntil: null,
    });
  });

  it('is for staff and owners of this organization only', async () => {
    const volunteer = await send(w.t, { method: 'GET', path: '/close', headers: w.volunteer.headers });
    expect([volunteer.statusCode, volunteer.json()]).toEqual([403, failure('forbidden', roleNeeded('staff'))]);
    const bidder = await send(w.t, { method: 'GET', path: '/close', headers: w.bidder.auth });
    expect(bidder.statusCode).toBe(401);
    const other = await send(w.t, { method: 'GET', path: '/close', headers: w.otherOwner.headers });
    expect(other.statusCode).toBe(401);
  });
});

describe('POST /console/events/:eventcode/close: refusals', () => {
  it('refuses bad input, unknown items and locations, other roles and the live item, and writes nothing', async () => {
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const cases: Array<[object, number, string]> = [
      [{ scope: 'some' }, 400, "scope: must be 'all', 'location' or 'item'"],
      [{ scope: 'location' }, 400, 'location: name the location'],
      [{ scope: 'item' }, 400, 'itemnum: name the item'],
      [{ scope: 'all', when: 'now' }, 400, '(document): has unknown field: when'],
      [{ scope: 'item', itemnum: '999' }, 404, 'There is no item 999 in this event.'],
      [{ scope: 'location', location: 'Attic' }, 404, 'No item of the silent auction is at Attic.'],
      [
        { scope: 'item', itemnum: 'l1' },
        400,
        'Item L1 is not in the silent auction: its sale is entered on Live sales, and it has no close to change.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await close(body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const volunteer = await close({ scope: 'all' }, w.volunteer.headers);
    expect(volunteer.json()).toEqual(failure('forbidden', roleNeeded('staff')));
    expect((await close({ scope: 'all' }, w.bidder.auth)).statusCode).toBe(401);
    expect((await close({ scope: 'all' }, w.otherOwner.headers)).statusCode).toBe(401);
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
  });

  it('previews: says what closes and how many, and writes nothing', async () => {
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const res = await close({ scope: 'location', location: 'table 2', preview: true });
    expect(res.json()).toEqual({
      status: 'success',
      preview: true,
      count: 3,
      itemnums: ['201', '202', 'B1'],
      message: 'Close the items at Table 2 now: 3 open items? Bidding on them ends at once and each leader wins.',
    });
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
  });
});

describe('POST /console/events/:eventcode/close', () => {
  it('closes one item exactly as the closing job closes its twin: the same winner row, item and messages', async () => {
    await w.t.ctx.totals.idle();
    w.sent.length = 0;
    const res = await close({ scope: 'item', itemnum: '301' });
    expect(res.json()).toEqual({
      status: 'success',
      preview: false,
      count: 1,
      itemnums: ['301'],
      message: 'Closed item 301.',
    });
    // The won notice goes out off the request's path: wait for it, for both.
    await w.t.ctx.notifier.idle();
    const byConsole = w.sent.splice(0);
    // Its twin, closed by the job: same bids, its close come.
    await w.t.ctx.db.update(auctionItems).set({ closing: now }).where(eq(auctionItems.itemnum, '302'));
    expect(await job()).toBe(1);
    await w.t.ctx.notifier.idle();
    const byJob = w.sent.splice(0);
    const [one, two] = [await itemRow(w.t, '301'), await itemRow(w.t, '302')];
    const itemFacts = (i: typeof one) => [i.closing, i.closedAt, i.quantitysold, i.leaderBidderId, i.currentbid];
    expect(itemFacts(one)).toEqual(itemFacts(two));
    expect(one.closedAt).toEqual(now);
    const winFacts = async (n: string) => (await winsOf(w.t, n)).map(({ id: _id, itemId: _item, ...rest }) => rest);
    expect(await winFacts('301')).toEqual(await winFacts('302'));
    expect(await winFacts('301')).toEqual([
      expect.objectContaining({ bidderId: w.bob.bidderId, kind: 'bid', amount: 5500, quantity: 1, createdAt: now }),
    ]);
    // Phones, the board and the winner hear the same things; the console is told the close changed.
    const shape = (m: (typeof byJob)[number]) =>
      m.type === 'itemupdate' ? { type: m.type, bidstatus: m.item.bidstatus } : { type: m.type };
    const withoutConsole = byConsole.filter((m) => m.type !== 'consolerefresh');
    expect(withoutConsole.map(shape)).toEqual(byJob.map(shape));
    expect(byConsole.filter((m) => m.type === 'consolerefresh')).toHaveLength(1);
  });

  it('closes a location: its open items, winners recorded, audited with before and after', async () => {
    const res = await close({ scope: 'location', location: 'Table 1' });
    expect(res.json()).toMatchObject({
      count: 2,
      itemnums: ['101', '102'],
      message: 'Closed 2 items: the items at Table 1.',
    });
    expect(await winsOf(w.t, '101')).toEqual([expect.objectContaining({ bidderId: w.bob.bidderId, amount: 7000 })]);
    expect(await winsOf(w.t, '102')).toEqual([]);
    expect((await itemRow(w.t, 'L1')).closedAt).toBeNull();
    const [entry] = await auditOf(w.t, 'close.now');
    const bob = await numberOf(w.t, w.bob);
    expect(entry).toMatchObject({
      summary: 'Closed the items at Table 1 now (2 items)',
      actor: 'Sam Staff',
      before: {
        '101': { closing: '2026-12-02T12:00:00-06:00', state: 'open', leader: bob, bid: '$70.00' },
        '102': { closing: '2026-12-02T12:00:00-06:00', state: 'open', leader: null, bid: null },
      },
      after: {
        '101': { closing: '2026-12-01T12:00:00-06:00', state: 'closed', winner: bob, bid: '$70.00' },
        '102': { closing: '2026-12-01T12:00:00-06:00', state: 'closed', winner: null, bid: null },
      },
    });
    expect(bob).toEqual(expect.any(Number));
    const again = await close({ scope: 'location', location: 'Table 1' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'Nothing to close: every item at Table 1 has already closed (101, 102).',
    ]);
    const panel = (await send(w.t, { method: 'GET', path: '/close', headers: w.staffer.headers })).json();
    expect(panel.locations.find((l: { location: string }) => l.location === 'Table 1')).toMatchObject({
      open: 0,
      closed: 2,
      closing: null,
    });
    expect(panel.items.find((i: { itemnum: string }) => i.itemnum === '101')).toMatchObject({
      state: 'closed',
      closedat: '2026-12-01T12:00:00-06:00',
      reopenable: true,
      reopenuntil: '2026-12-01T12:30:00-06:00',
    });
  });

  it('closes each item once while the closing job runs at the same moment', async () => {
    const race = ['401', '402', '403'];
    // Their close has come: the job claims them too.
    await w.t.ctx.db.update(auctionItems).set({ closing: now }).where(inArray(auctionItems.itemnum, race));
    const [res, a, b] = await Promise.all([close({ scope: 'location', location: 'Race' }), job(), job()]);
    expect([200, 409]).toContain(res.statusCode);
    const byConsole = res.statusCode === 200 ? res.json().count : 0;
    expect(byConsole + a + b).toBeGreaterThanOrEqual(3);
    for (const n of race) {
      expect(await winsOf(w.t, n), n).toHaveLength(1);
      expect((await itemRow(w.t, n)).quantitysold, n).toBe(1);
    }
  });

  it('closes everything left open, and the job then finds nothing to do', async () => {
    const res = await close({ scope: 'all' }, w.owner.headers);
    expect(res.json()).toMatchObject({
      count: 3,
      itemnums: ['201', '202', 'B1'],
      message: 'Closed 3 items: every item.',
    });
    expect(await job()).toBe(0);
    const panel = (await send(w.t, { method: 'GET', path: '/close', headers: w.staffer.headers })).json();
    expect([panel.open, panel.closed]).toEqual([0, 10]);
    expect((await itemRow(w.t, 'L1')).closedAt).toBeNull();
  });
});
