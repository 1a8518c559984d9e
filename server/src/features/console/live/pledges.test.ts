import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveWords, roleNeeded } from '@gavel/domain';
import { pledges } from '../../../db/schema';
import { call } from '../../../test/call';
import { eventDocument, item } from '../../../test/documents';
import { ADMIN, createTestApp, type TestApp } from '../../../test/harness';
import { bidderMessagesDuring } from '../../../test/live-capture';
import {
  boardRaised,
  itemRow,
  lastAudit,
  liveWorld,
  type LiveWorld,
  now,
  pledge,
  undo,
  written,
} from './live-fixtures';

/** Fund-a-need: the levels in the import and the export, pledges and their refusals, the running total, undo, roles. */
let t: TestApp;
let w: LiveWorld;

beforeAll(async () => {
  t = await createTestApp({}, now);
  w = await liveWorld(t);
});
afterAll(async () => t.close());

const summary = async (itemnum?: string, headers: Record<string, string> = w.staffer.headers) =>
  call(t.app, 'GET /console/events/:eventcode/pledges', undefined, {
    params: { eventcode: 'gala' },
    headers,
    ...(itemnum ? { query: { itemnum } } : {}),
  });

const importRaw = (doc: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });

describe('the levels', () => {
  it('are kept in cents, highest first (the document gives them unsorted), and exported in dollars', async () => {
    expect((await itemRow(t, '300')).paddlelevels).toEqual([500_000, 100_000, 50_000, 10_000]);
    expect((await itemRow(t, '201')).paddlelevels).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/console/events/gala/export',
      headers: w.staffer.headers,
    });
    const items = (res.json() as { items: Array<{ itemnum: string; paddlelevels: number[] }> }).items;
    expect(items.find((i) => i.itemnum === '300')?.paddlelevels).toEqual([5000, 1000, 500, 100]);
  });

  it('refuses a level of 0 and a level named twice', async () => {
    const doc = (levels: number[]) =>
      eventDocument(now, { eventcode: 'levels', items: [item('9', { itemisliveonly: true, paddlelevels: levels })] });
    const zero = await importRaw(doc([100, 0]));
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toContain('must be above 0');
    const twice = await importRaw(doc([100, 100]));
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('names a level twice');
  });
});

describe('who may take pledges', () => {
  it('refuses a volunteer with the role needed, a bidder token and another organization', async () => {
    const before = await written(t);
    const body = { itemnum: '300', biddernumber: w.ann.number, amount: 100_000 };
    expect(await pledge(t, w.volunteer.headers, body)).toMatchObject({
      statusCode: 403,
      failure: { message: roleNeeded('staff') },
    });
    expect((await summary(undefined, w.volunteer.headers)).statusCode).toBe(403);
    expect((await pledge(t, w.ann.auth, body)).statusCode).toBe(401);
    expect((await pledge(t, w.otherOwner.headers, body)).statusCode).toBe(401);
    expect(await written(t)).toEqual(before);
  });
});

describe('a pledge', () => {
  it('refuses an unknown item or bidder, an item that is no fund-a-need, and no amount, with nothing written', async () => {
    const before = await written(t);
    const cases = [
      { body: { itemnum: '999' }, status: 404, message: liveWords.noItem('999') },
      { body: { biddernumber: 99_999 }, status: 404, message: liveWords.noBidder(99_999) },
      {
        body: { itemnum: '201' },
        status: 409,
        message: 'Item 201 (Tuscany Villa) is not a fund-a-need item: give it levels in its item settings first.',
      },
    ];
    for (const c of cases) {
      const res = await pledge(t, w.staffer.headers, {
        itemnum: '300',
        biddernumber: w.ann.number,
        amount: 100_000,
        ...c.body,
      });
      expect(res).toMatchObject({ statusCode: c.status, failure: { message: c.message } });
    }
    for (const amount of [0, -5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/console/events/gala/pledges',
        headers: { ...w.staffer.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ itemnum: '300', biddernumber: w.ann.number, amount }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ path: 'amount' }] });
    }
    expect(await written(t)).toEqual(before);
  });

  it("goes on the bidder's balance, the running total and the board's total, audited", async () => {
    const raised = await boardRaised(t);
    const told = await bidderMessagesDuring(t, async () => {
      for (const [who, amount] of [
        [w.ann, 100_000],
        [w.bob, 100_000],
        [w.cara, 50_000],
        [w.bob, 12_345],
      ] as const) {
        const res = await pledge(t, w.staffer.headers, { itemnum: '300', biddernumber: who.number, amount });
        if (!res.ok) throw new Error(res.failure.message);
      }
    });
    expect(told).toContainEqual({
      bidderId: w.bob.bidderId,
      message: expect.objectContaining({ type: 'cartrefresh' }),
    });
    const res = await summary();
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toMatchObject({
      itemnum: '300',
      items: [{ itemnum: '300', name: 'Books for Every Classroom', levels: [500_000, 100_000, 50_000, 10_000] }],
      total: 262_345,
      count: 4,
      levels: [
        { amount: 500_000, count: 0 },
        { amount: 100_000, count: 2 },
        { amount: 50_000, count: 1 },
        { amount: 10_000, count: 0 },
      ],
      othercount: 1,
    });
    expect(res.answer.recent.map((p) => [p.biddernumber, p.amount, p.enteredby])).toEqual([
      [w.bob.number, 12_345, 'Sam Staff'],
      [w.cara.number, 50_000, 'Sam Staff'],
      [w.bob.number, 100_000, 'Sam Staff'],
      [w.ann.number, 100_000, 'Sam Staff'],
    ]);
    expect(await boardRaised(t)).toBe(raised + 262_345);
    expect(await lastAudit(t)).toMatchObject({
      kind: 'pledge.add',
      staffId: w.staffer.id,
      summary: `Bidder ${w.bob.number} (Bob Lee) pledged $123.45. (item 300, Books for Every Classroom)`,
      before: null,
      after: { itemnum: '300', biddernumber: w.bob.number, bidder: 'Bob Lee', amount: 123.45 },
    });
  });

  it('records one pledge for a double tap sent with one Idempotency-Key', async () => {
    const body = { itemnum: '300', biddernumber: w.ann.number, amount: 500_000 };
    const headers = { ...w.staffer.headers, 'idempotency-key': 'paddle-up-ann-5000' };
    const [a, b] = await Promise.all([pledge(t, headers, body), pledge(t, headers, body)]);
    if (!a.ok || !b.ok) throw new Error('a tap was refused');
    expect(a.answer.id).toBe(b.answer.id);
    const rows = await t.ctx.db.select().from(pledges).where(eq(pledges.amount, 500_000));
    expect(rows).toHaveLength(1);
  });

  it('is undone, audited, until the desk settles it', async () => {
    const [odd] = await t.ctx.db.select().from(pledges).where(eq(pledges.amount, 12_345));
    if (!odd) throw new Error('no pledge');
    const raised = await boardRaised(t);
    const res = await undo(t, 'DELETE /console/events/:eventcode/pledges/:id', w.staffer.headers, odd.id);
    expect(res).toMatchObject({
      statusCode: 200,
      answer: { message: `Undid the $123.45 pledge of bidder ${w.bob.number} (Bob Lee).` },
    });
    expect(await boardRaised(t)).toBe(raised - 12_345);
    expect(await lastAudit(t)).toMatchObject({
      kind: 'pledge.undo',
      before: { id: odd.id, itemnum: '300', amount: 123.45 },
      after: null,
    });

    const [settled] = await t.ctx.db.select().from(pledges).where(eq(pledges.amount, 50_000));
    if (!settled) throw new Error('no pledge');
    await t.ctx.db.update(pledges).set({ settledBy: 77 }).where(eq(pledges.id, settled.id));
    const before = await written(t);
    const paid = await undo(t, 'DELETE /console/events/:eventcode/pledges/:id', w.owner.headers, settled.id);
    expect(paid).toMatchObject({ statusCode: 409, failure: { message: liveWords.pledgeSettled } });
    const none = await undo(t, 'DELETE /console/events/:eventcode/pledges/:id', w.owner.headers, 987_654);
    expect(none).toMatchObject({ statusCode: 404, failure: { message: liveWords.noPledge } });
    const volunteer = await undo(t, 'DELETE /console/events/:eventcode/pledges/:id', w.volunteer.headers, settled.id);
    expect(volunteer.statusCode).toBe(403);
    expect(await written(t)).toEqual(before);
  });

  it('answers the summary of a named item, and refuses one that is not a fund-a-need', async () => {
    expect((await summary('300')).statusCode).toBe(200);
    expect(await summary('201')).toMatchObject({ statusCode: 409 });
    expect(await summary('nope')).toMatchObject({ statusCode: 404, failure: { message: liveWords.noItem('nope') } });
  });
});
