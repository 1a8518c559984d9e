import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems, orders, wonItems } from '../../../db/schema';
import { publishClosed } from '../../../realtime/publish';
import { failure } from '../../../test/harness';
import { closeAllDueItems } from '../../bids/closing';
import { auditCount, auditOf, send } from '../items/items-fixtures';
import { type CloseWorld, closeWorld, itemRow, numberOf, winsOf } from './close-fixtures';

/** Extending the close, and reopening an item closed by mistake (the owner's, within 30 minutes, unpaid). */
const now = new Date('2026-12-01T18:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
let w: CloseWorld;
beforeAll(async () => {
  w = await closeWorld(now);
});
afterAll(async () => w.t.close());

const post = (path: string, body: object, headers: object = w.staffer.headers) =>
  send(w.t, { method: 'POST', path, headers, payload: body });
const extend = (body: object, headers?: object) => post('/extend', body, headers);
const reopen = (itemnum: string, body: object = {}, headers: object = w.owner.headers) =>
  post(`/items/${itemnum}/reopen`, body, headers);
const closings = async () =>
  Object.fromEntries(
    (await w.t.ctx.db.select().from(auctionItems)).map((r) => [
      r.itemnum,
      [r.closing?.toISOString() ?? null, r.closedAt?.toISOString() ?? null, r.quantitysold],
    ]),
  );
/** The event's bidding close, from the kit's times around `now`. */
const biddingcloses = new Date(now.getTime() + 24 * 3_600_000);

describe('POST /console/events/:eventcode/extend', () => {
  it('pushes a location’s open items later, tells phones and the board each new close, and audits it', async () => {
    await w.t.ctx.totals.idle();
    w.sent.length = 0;
    const res = await extend({ scope: 'location', location: 'table 1', minutes: 15 });
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Extended 2 items by 15 minutes.',
      count: 2,
      itemnums: ['101', '102'],
      closed: [],
    });
    const moved = new Date(biddingcloses.getTime() + 15 * 60_000);
    expect((await itemRow(w.t, '101')).closing).toEqual(moved);
    expect((await itemRow(w.t, 'L1')).closing).toBeNull();
    const updates = w.sent.filter((m) => m.type === 'itemupdate');
    expect(updates.map((m) => (m.type === 'itemupdate' ? m.item.closing : ''))).toEqual([
      moved.toISOString(),
      moved.toISOString(),
    ]);
    expect(w.sent.filter((m) => m.type === 'consolerefresh')).toEqual([
      expect.objectContaining({ area: 'close', eventcode: 'gala' }),
    ]);
    const [entry] = await auditOf(w.t, 'close.extend');
    expect(entry).toMatchObject({
      summary: 'Extended the items at Table 1 by 15 minutes (2 items)',
      before: { '101': { closing: '2026-12-02T12:00:00-06:00', state: 'open', bid: '$70.00' } },
      after: { '101': { closing: '2026-12-02T12:15:00-06:00', state: 'open', bid: '$70.00' } },
    });
    // A second extension starts from the new close.
    await extend({ scope: 'item', itemnum: '101', minutes: 5 });
    expect((await itemRow(w.t, '101')).closing).toEqual(new Date(moved.getTime() + 5 * 60_000));
  });

  it('refuses bad minutes, a missing location, unknown items and other roles, and writes nothing', async () => {
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const cases: Array<[object, number, string]> = [
      [{ scope: 'all', minutes: 0 }, 400, 'minutes: must be at least 1'],
      [{ scope: 'all', minutes: 241 }, 400, 'minutes: must be at most 240'],
      [{ scope: 'all', minutes: 1.5 }, 400, 'minutes: must be a whole number'],
      [{ scope: 'all' }, 400, 'minutes: is required'],
      [{ scope: 'location', minutes: 5 }, 400, 'location: name the location'],
      [{ scope: 'item', itemnum: '999', minutes: 5 }, 404, 'There is no item 999 in this event.'],
      [{ scope: 'location', location: 'Attic', minutes: 5 }, 404, 'No item of the silent auction is at Attic.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await extend(body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const volunteer = await extend({ scope: 'all', minutes: 5 }, w.volunteer.headers);
    expect(volunteer.json()).toEqual(failure('forbidden', roleNeeded('staff')));
    expect((await extend({ scope: 'all', minutes: 5 }, w.bidder.auth)).statusCode).toBe(401);
    expect((await extend({ scope: 'all', minutes: 5 }, w.otherOwner.headers)).statusCode).toBe(401);
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
  });

  it('never pushes a close past the end of the event', async () => {
    const late = new Date(now.getTime() + 48 * 3_600_000 - 10 * 60_000);
    await w.t.ctx.db.update(auctionItems).set({ closing: late }).where(eq(auctionItems.itemnum, '202'));
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const res = await extend({ scope: 'location', location: 'Table 2', minutes: 15 });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Item 202 would then close after the event ends (12-03-2026 12:00 PM CST). Choose fewer minutes.',
    ]);
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
  });

  it('refuses a closed item, and extends the rest of a location naming the closed one', async () => {
    expect((await post('/close', { scope: 'item', itemnum: '301' })).statusCode).toBe(200);
    const closed = await extend({ scope: 'item', itemnum: '301', minutes: 10 });
    expect([closed.statusCode, closed.json().message]).toEqual([
      409,
      'Item 301 has already closed, so there is nothing to extend.',
    ]);
    const twins = await extend({ scope: 'location', location: 'Twins', minutes: 10 });
    expect(twins.json()).toMatchObject({
      count: 1,
      itemnums: ['302'],
      closed: ['301'],
      message: 'Extended 1 item by 10 minutes. Item 301 has closed and stays closed.',
    });
    expect((await itemRow(w.t, '301')).closing).toEqual(now);
  });
});

describe('POST /console/events/:eventcode/items/:itemnum/reopen', () => {
  it('is the owner’s, and refuses an open item', async () => {
    const entries = await auditCount(w.t);
    const staff = await reopen('301', {}, w.staffer.headers);
    expect([staff.statusCode, staff.json()]).toEqual([403, failure('forbidden', roleNeeded('owner'))]);
    expect((await reopen('301', {}, w.otherOwner.headers)).statusCode).toBe(401);
    const open = await reopen('302');
    expect([open.statusCode, open.json().message]).toEqual([
      409,
      'Item 302 is still open; there is nothing to reopen.',
    ]);
    expect((await reopen('999')).statusCode).toBe(404);
    expect((await reopen('301', { minutes: 0 })).json().message).toBe('minutes: must be at least 1');
    expect(await auditCount(w.t)).toBe(entries);
  });

  it('reopens within 30 minutes: the win taken back, the unit put back, a new close; the leader wins again at it', async () => {
    w.t.setNow(minutes(20));
    // The event's total, sent a moment after the close of the test before, is not this reopen's.
    await w.t.ctx.totals.idle();
    w.sent.length = 0;
    const bob = await numberOf(w.t, w.bob);
    const res = await reopen('301');
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Item 301 is open again and closes at 12-01-2026 12:30 PM CST. Its leader still leads.',
      closing: '2026-12-01T12:30:00-06:00',
    });
    const row = await itemRow(w.t, '301');
    expect([row.closedAt, row.closing, row.quantitysold, row.leaderBidderId]).toEqual([
      null,
      minutes(30),
      0,
      w.bob.bidderId,
    ]);
    expect(await winsOf(w.t, '301')).toEqual([]);
    expect(w.sent.map((m) => m.type)).toEqual(['itemupdate', 'cartrefresh', 'consolerefresh']);
    const [entry] = await auditOf(w.t, 'close.reopen');
    expect(entry).toMatchObject({
      summary: 'Reopened item 301 (Twin One) until 12-01-2026 12:30 PM CST',
      actor: 'Olive Owner',
      before: {
        closing: '2026-12-01T12:00:00-06:00',
        closedat: '2026-12-01T12:00:00-06:00',
        state: 'closed',
        winner: bob,
      },
      after: { closing: '2026-12-01T12:30:00-06:00', closedat: null, state: 'open', leader: bob, winner: null },
    });
    // Its new close comes: the job records Bob's win again, once.
    w.t.setNow(minutes(30));
    await closeAllDueItems(w.t.ctx.db, minutes(30), (closed) => publishClosed(w.t.ctx, closed));
    expect(await winsOf(w.t, '301')).toEqual([expect.objectContaining({ bidderId: w.bob.bidderId, amount: 5500 })]);
    expect((await itemRow(w.t, '301')).quantitysold).toBe(1);
  });

  it('refuses more than 30 minutes after the close, and once the item is paid for, on Bill Me, collected or sold out', async () => {
    w.t.setNow(now);
    for (const n of ['401', '402', '403', '201'])
      expect((await post('/close', { scope: 'item', itemnum: n })).statusCode).toBe(200);
    const win = async (n: string) => (await winsOf(w.t, n))[0]?.id ?? 0;
    const order = async (state: 'paid' | 'unpaid', method: 'card' | 'billme' | 'desk') => {
      const { eventId } = await itemRow(w.t, '402');
      const [row] = await w.t.ctx.db
        .insert(orders)
        .values({
          eventId,
          bidderId: w.bob.bidderId,
          method,
          state,
          subtotal: 5500,
          donation: 0,
          fee: 0,
          total: 5500,
          currency: 'USD',
          processorcode: 1,
          chargeKey: `test_${method}_${state}`,
          createdAt: now,
        })
        .returning();
      return row?.id ?? 0;
    };
    await w.t.ctx.db
      .update(wonItems)
      .set({ checkoutId: await order('paid', 'card') })
      .where(eq(wonItems.id, await win('402')));
    await w.t.ctx.db
      .update(wonItems)
      .set({ checkoutId: await order('unpaid', 'billme') })
      .where(eq(wonItems.id, await win('403')));
    await w.t.ctx.db
      .update(wonItems)
      .set({ collectedAt: now })
      .where(eq(wonItems.id, await win('201')));
    // Bought out by Buy It Now: it closed with its last unit, and nothing is left to bid on.
    await w.t.ctx.db.update(auctionItems).set({ closedAt: now, quantitysold: 5 }).where(eq(auctionItems.itemnum, 'B1'));
    w.t.setNow(minutes(10));
    const [before, entries] = [await closings(), await auditCount(w.t)];
    const refusals: Array<[string, string]> = [
      ['402', 'Item 402 has been paid for, so it cannot be reopened.'],
      ['403', "Item 403 is on its winner's Bill Me order, so it cannot be reopened."],
      ['201', 'Item 201 has been handed over at pickup, so it cannot be reopened.'],
      ['B1', 'Item B1 is sold out, so it cannot be reopened.'],
    ];
    for (const [n, message] of refusals) {
      const res = await reopen(n);
      expect([res.statusCode, res.json().message], n).toEqual([409, message]);
    }
    w.t.setNow(minutes(31));
    const late = await reopen('401');
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'Item 401 closed at 12-01-2026 12:00 PM CST, more than 30 minutes ago, so it cannot be reopened.',
    ]);
    expect([await closings(), await auditCount(w.t)]).toEqual([before, entries]);
    // The panel offers Reopen only where it would be taken.
    w.t.setNow(minutes(10));
    const panel = (await send(w.t, { method: 'GET', path: '/close', headers: w.owner.headers })).json();
    const reopenable = (n: string) => panel.items.find((i: { itemnum: string }) => i.itemnum === n).reopenable;
    expect(['401', '402', '403', '201', 'B1'].map(reopenable)).toEqual([true, false, false, false, false]);
    w.t.setNow(now);
  });

  it('takes a number of minutes for the new close', async () => {
    w.t.setNow(minutes(5));
    const res = await reopen('401', { minutes: 3 });
    expect(res.json().closing).toBe('2026-12-01T12:08:00-06:00');
    w.t.setNow(now);
  });
});
