import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveWords, OVERRIDE_PATH, roleNeeded } from '@gavel/domain';
import { wonItems } from '../../../db/schema';
import { call } from '../../../test/call';
import { createTestApp, type TestApp } from '../../../test/harness';
import { bidderMessagesDuring } from '../../../test/live-capture';
import { boardRaised, itemRow, lastAudit, liveWorld, type LiveWorld, now, sell, undo, written } from './live-fixtures';

/** Live sale entry: the checks and their refusals, "save anyway", the cart and the board, undo, a double tap, roles. */
let t: TestApp;
let w: LiveWorld;

beforeAll(async () => {
  t = await createTestApp({}, now);
  w = await liveWorld(t);
});
afterAll(async () => t.close());

const list = (headers: Record<string, string>) =>
  call(t.app, 'GET /console/events/:eventcode/live-sales', undefined, { params: { eventcode: 'gala' }, headers });

/** A raw sale in dollars, as a script would send it, for the refusals the schema makes. */
const sellRaw = (payload: object, headers: Record<string, string> = w.staffer.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/console/events/gala/live-sales',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function cartOf(who: LiveWorld['ann']) {
  const res = await call(t.app, 'GET /cart', undefined, { query: { eventcode: 'gala' }, headers: who.auth });
  if (!res.ok) throw new Error(`cart answered ${res.statusCode}`);
  return res.answer.auctionswon;
}

describe('who may enter live sales', () => {
  it('refuses a volunteer with the role needed, a bidder token, and another organization', async () => {
    const before = await written(t);
    const body = { itemnum: '203', biddernumber: w.ann.number, amount: 10_000 };
    const volunteer = await sell(t, w.volunteer.headers, body);
    expect(volunteer).toMatchObject({ statusCode: 403, failure: { message: roleNeeded('staff') } });
    expect((await list(w.volunteer.headers)).statusCode).toBe(403);
    expect((await sell(t, w.ann.auth, body)).statusCode).toBe(401);
    expect((await sell(t, w.otherOwner.headers, body)).statusCode).toBe(401);
    expect((await list(w.ann.auth)).statusCode).toBe(401);
    expect(await written(t)).toEqual(before);
  });

  it("refuses a staff token on the bidder's own calls", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart?eventcode=gala', headers: w.staffer.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('the checks before a sale is saved', () => {
  it('lists the live items in number order, fund-a-need left out, the first as the queue', async () => {
    const res = await list(w.staffer.headers);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.items.map((i) => [i.itemnum, i.left, i.sold])).toEqual([
      ['201', 1, false],
      ['202', 3, false],
      ['203', 1, false],
    ]);
    expect(res.answer.next).toBe('201');
    expect(res.answer.recent).toEqual([]);
  });

  it('refuses bad input with the field and nothing written', async () => {
    const before = await written(t);
    const zero = await sellRaw({ itemnum: '201', biddernumber: w.ann.number, amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ errors: [{ path: 'amount', message: 'must be above $0' }] });
    const cents = await sellRaw({ itemnum: '201', biddernumber: w.ann.number, amount: 10.005 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe('The amount must have at most two decimals.');
    const noBidder = await sellRaw({ itemnum: '201', amount: 100 });
    expect(noBidder.statusCode).toBe(400);
    const units = await sellRaw({ itemnum: '202', biddernumber: w.ann.number, amount: 300, quantity: 0 });
    expect(units.json()).toMatchObject({ errors: [{ path: 'quantity', message: 'must be at least 1' }] });
    expect(await written(t)).toEqual(before);
  });

  it('refuses what no one may overrule, saying why, override or not', async () => {
    const before = await written(t);
    const cases = [
      { body: { itemnum: '999' }, status: 404, message: liveWords.noItem('999'), path: 'itemnum' },
      { body: { biddernumber: 99_999 }, status: 404, message: liveWords.noBidder(99_999), path: 'biddernumber' },
      {
        body: { itemnum: '300' },
        status: 409,
        message: 'Item 300 (Books for Every Classroom) is a fund-a-need: take its paddles on the Fund-a-need page.',
        path: 'itemnum',
      },
      {
        body: { itemnum: '202', quantity: 4 },
        status: 409,
        message: 'Only 3 of item 202 (Wine Dinner) are left to sell.',
        path: 'quantity',
      },
    ];
    for (const c of cases) {
      const body = { itemnum: '201', biddernumber: w.ann.number, amount: 150_000, override: true, ...c.body };
      const res = await sell(t, w.staffer.headers, body);
      expect(res).toMatchObject({ statusCode: c.status, failure: { message: c.message } });
      if (res.ok) continue;
      expect(res.failure.errors).toEqual([{ path: c.path, message: c.message }]);
    }
    expect(await written(t)).toEqual(before);
  });

  it('stops what staff may save anyway, naming each reason, with nothing written', async () => {
    const before = await written(t);
    const notLive = await sell(t, w.staffer.headers, { itemnum: '1', biddernumber: w.ann.number, amount: 10_000 });
    expect(notLive).toMatchObject({
      statusCode: 409,
      failure: { message: 'Item 1 (Quilt) is not a live auction item.' },
    });
    const below = await sell(t, w.staffer.headers, { itemnum: '201', biddernumber: w.ann.number, amount: 90_000 });
    expect(below).toMatchObject({
      statusCode: 409,
      failure: { message: '$900.00 is below the starting bid of $1,000.00.' },
    });
    const stopped = await sell(t, w.staffer.headers, { itemnum: '201', biddernumber: w.cara.number, amount: 90_000 });
    const stoppedWords = `Bidder ${w.cara.number} (Cara Lee) may not bid: their bidding was stopped.`;
    expect(stopped).toMatchObject({
      statusCode: 409,
      failure: { message: `$900.00 is below the starting bid of $1,000.00. ${stoppedWords}` },
    });
    if (stopped.ok) throw new Error('saved');
    expect(stopped.failure.errors).toEqual([
      { path: 'amount', message: '$900.00 is below the starting bid of $1,000.00.' },
      { path: 'biddernumber', message: stoppedWords },
      { path: OVERRIDE_PATH, message: liveWords.saveAnyway },
    ]);
    expect(await written(t)).toEqual(before);
  });
});

describe('a sale', () => {
  it("lands in the bidder's cart at once, on the board's total, and closes a lot with nothing left", async () => {
    const raisedBefore = await boardRaised(t);
    let id = 0;
    const told = await bidderMessagesDuring(t, async () => {
      const res = await sell(t, w.staffer.headers, { itemnum: '201', biddernumber: w.ann.number, amount: 500_000 });
      if (!res.ok) throw new Error(res.failure.message);
      expect(res.answer.message).toBe(
        `Sold item 201 (Tuscany Villa) to bidder ${w.ann.number} (Ann Lee) for $5,000.00.`,
      );
      id = res.answer.id;
    });
    expect(told).toContainEqual({
      bidderId: w.ann.bidderId,
      message: expect.objectContaining({ type: 'cartrefresh' }),
    });
    expect(await cartOf(w.ann)).toEqual([
      expect.objectContaining({ historyid: id, itemnum: '201', kind: 'live', amount: 500_000, quantity: 1 }),
    ]);
    expect(await boardRaised(t)).toBe(raisedBefore + 500_000);
    const item = await itemRow(t, '201');
    expect(item).toMatchObject({ quantitysold: 1, closedAt: now });
    const [row] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.id, id));
    expect(row?.enteredBy).toBe(w.staffer.id);
    expect(await lastAudit(t)).toMatchObject({
      kind: 'live.sale',
      staffId: w.staffer.id,
      summary: `Sold item 201 (Tuscany Villa) to bidder ${w.ann.number} (Ann Lee) for $5,000.00.`,
      before: null,
      after: {
        id,
        itemnum: '201',
        item: 'Tuscany Villa',
        biddernumber: w.ann.number,
        bidder: 'Ann Lee',
        amount: 5000,
        quantity: 1,
      },
    });
    const page = await list(w.staffer.headers);
    if (!page.ok) throw new Error(page.failure.message);
    expect(page.answer.next).toBe('202');
    expect(page.answer.items[0]).toMatchObject({ itemnum: '201', sold: true, left: 0 });
    expect(page.answer.recent[0]).toMatchObject({ id, biddername: 'Ann Lee', enteredby: 'Sam Staff', paid: false });
  });

  it('refuses a lot already sold, even with override', async () => {
    const before = await written(t);
    const res = await sell(t, w.owner.headers, {
      itemnum: '201',
      biddernumber: w.bob.number,
      amount: 600_000,
      override: true,
    });
    expect(res).toMatchObject({
      statusCode: 409,
      failure: { message: liveWords.soldOut({ itemnum: '201', name: 'Tuscany Villa' }) },
    });
    expect(await written(t)).toEqual(before);
  });

  it('sells units of a lot of three, at a price each, until what is left', async () => {
    const res = await sell(t, w.staffer.headers, {
      itemnum: '202',
      biddernumber: w.bob.number,
      amount: 30_000,
      quantity: 2,
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe(
      `Sold 2 × item 202 (Wine Dinner) to bidder ${w.bob.number} (Bob Lee) for $300.00 each.`,
    );
    const more = await sell(t, w.staffer.headers, {
      itemnum: '202',
      biddernumber: w.ann.number,
      amount: 30_000,
      quantity: 2,
    });
    expect(more).toMatchObject({
      statusCode: 409,
      failure: { message: 'Only 1 of item 202 (Wine Dinner) is left to sell.' },
    });
    expect(await itemRow(t, '202')).toMatchObject({ quantitysold: 2, closedAt: null });
  });

  it('saves anyway for staff, and the audit entry says it was overruled and why', async () => {
    const res = await sell(t, w.staffer.headers, {
      itemnum: '203',
      biddernumber: w.cara.number,
      amount: 5_000,
      override: true,
    });
    if (!res.ok) throw new Error(res.failure.message);
    const stopped = `Bidder ${w.cara.number} (Cara Lee) may not bid: their bidding was stopped.`;
    expect(await lastAudit(t)).toMatchObject({
      kind: 'live.sale',
      summary: `Sold item 203 (Puppy Class) to bidder ${w.cara.number} (Cara Lee) for $50.00. Saved anyway: ${stopped}`,
      after: { id: res.answer.id, override: true, overridden: [stopped] },
    });
  });

  it('records one sale for a double tap sent with one Idempotency-Key', async () => {
    const body = { itemnum: '202', biddernumber: w.ann.number, amount: 31_000 };
    const headers = { ...w.staffer.headers, 'idempotency-key': 'double-tap-202-ann' };
    const [a, b] = await Promise.all([sell(t, headers, body), sell(t, headers, body)]);
    if (!a.ok || !b.ok) throw new Error('a tap was refused');
    expect(a.answer.id).toBe(b.answer.id);
    const rows = await t.ctx.db.select().from(wonItems).where(eq(wonItems.bidderId, w.ann.bidderId));
    expect(rows.filter((r) => r.amount === 31_000)).toHaveLength(1);
    expect(await itemRow(t, '202')).toMatchObject({ quantitysold: 3, closedAt: now });
  });
});

describe('undo', () => {
  it('takes a sale back: the cart, the units, the close and the board follow, audited', async () => {
    const sold = await sell(t, w.staffer.headers, {
      itemnum: '1',
      biddernumber: w.bob.number,
      amount: 7_000,
      override: true,
    });
    if (!sold.ok) throw new Error(sold.failure.message);
    const page = await list(w.staffer.headers);
    if (!page.ok) throw new Error(page.failure.message);
    expect(page.answer.items.map((i) => i.itemnum)).toEqual(['1', '201', '202', '203']);
    const raised = await boardRaised(t);
    const res = await undo(t, 'DELETE /console/events/:eventcode/live-sales/:id', w.staffer.headers, sold.answer.id);
    expect(res).toMatchObject({
      statusCode: 200,
      answer: { message: `Undid the sale of item 1 (Quilt) to bidder ${w.bob.number} (Bob Lee).` },
    });
    expect(await boardRaised(t)).toBe(raised - 7_000);
    expect((await cartOf(w.bob)).map((c) => c.itemnum)).toEqual(['202']);
    // Quilt was taking bids: it stays closed once the sale ended its auction.
    expect(await itemRow(t, '1')).toMatchObject({ quantitysold: 0, closedAt: now });
    expect(await lastAudit(t)).toMatchObject({
      kind: 'live.undo',
      before: { id: sold.answer.id, itemnum: '1', biddernumber: w.bob.number, amount: 70 },
      after: null,
    });
  });

  it('reopens a live lot the sale closed', async () => {
    const [sale] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.amount, 5_000));
    if (!sale) throw new Error('no sale of 203');
    const res = await undo(t, 'DELETE /console/events/:eventcode/live-sales/:id', w.staffer.headers, sale.id);
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, '203')).toMatchObject({ quantitysold: 0, closedAt: null });
  });

  it('refuses once the sale is in an order, and an unknown sale, with nothing changed', async () => {
    const [sale] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.amount, 500_000));
    if (!sale) throw new Error('no sale of 201');
    await t.ctx.db.update(wonItems).set({ checkoutId: 4242 }).where(eq(wonItems.id, sale.id));
    const before = await written(t);
    const paid = await undo(t, 'DELETE /console/events/:eventcode/live-sales/:id', w.owner.headers, sale.id);
    expect(paid).toMatchObject({ statusCode: 409, failure: { message: liveWords.salePaid } });
    const none = await undo(t, 'DELETE /console/events/:eventcode/live-sales/:id', w.owner.headers, 987_654);
    expect(none).toMatchObject({ statusCode: 404, failure: { message: liveWords.noSale } });
    const volunteer = await undo(t, 'DELETE /console/events/:eventcode/live-sales/:id', w.volunteer.headers, sale.id);
    expect(volunteer).toMatchObject({ statusCode: 403, failure: { message: roleNeeded('staff') } });
    expect(await written(t)).toEqual(before);
    await t.ctx.db.update(wonItems).set({ checkoutId: null }).where(eq(wonItems.id, sale.id));
  });
});
