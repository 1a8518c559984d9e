import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubMessage, isoInZone, pickupWords, roleNeeded } from '@gavel/domain';
import { audit, orders, wonItems } from '../../../db/schema';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { failure } from '../../../test/harness';
import { NOW, type PickupWorld, pickupWorld } from './pickup-fixtures';

/** The pickup desk's calls: a code's items, marking them collected (paid only, unless staff override), the list. */
let w: PickupWorld;
let owner: TestStaff;
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
const consoleSent: HubMessage[] = [];

beforeAll(async () => {
  w = await pickupWorld();
  owner = await signedInStaff(w.t, { role: 'owner' });
  staffer = await signedInStaff(w.t, { role: 'staff', name: 'Sam Staff' });
  volunteer = await signedInStaff(w.t, { role: 'volunteer', name: 'Vic Volunteer' });
  otherOwner = await signedInStaff(w.t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  const toConsole = w.t.ctx.live.toConsole;
  w.t.ctx.live.toConsole = (auctioncode, eventcode, message) => {
    consoleSent.push(message);
    toConsole(auctioncode, eventcode, message);
  };
});
afterAll(async () => w.t.close());

const show = (headers: Record<string, string>, code: string) =>
  call(w.t.app, 'GET /console/events/:eventcode/pickups/:code', undefined, {
    params: { eventcode: 'gala', code },
    headers,
  });

const collect = (headers: Record<string, string>, code: string, itemids: number[], override = false) =>
  call(
    w.t.app,
    'POST /console/events/:eventcode/pickups/:code',
    { itemids, override },
    { params: { eventcode: 'gala', code }, headers },
  );

const list = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  call(w.t.app, 'GET /console/events/:eventcode/pickups', undefined, {
    params: { eventcode: 'gala' },
    headers,
    query,
  });

/** Every won item's hand-over, and the audit log's length: what a refusal must leave as it was. */
const state = async () => ({
  items: await w.t.ctx.db
    .select({ id: wonItems.id, at: wonItems.collectedAt, by: wonItems.collectedBy })
    .from(wonItems)
    .orderBy(wonItems.id),
  audits: (await w.t.ctx.db.select({ id: audit.id }).from(audit)).length,
});
const lastAudit = async () => (await w.t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];
const zoned = (d: Date | null | undefined) => (d ? isoInZone(d, 'America/Chicago') : null);

describe('GET /console/events/:eventcode/pickups/:code', () => {
  it("shows a volunteer the code's bidder and their items by location, paid or not", async () => {
    const res = await show(volunteer.headers, w.annCode);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toEqual({
      status: 'success',
      message: '',
      code: w.annCode,
      timezone: 'America/Chicago',
      bidder: { bidderid: w.ann.accountId, biddernumber: 101, name: 'Ann Tester' },
      items: [
        {
          historyid: w.annItems.tote,
          itemnum: 'tote',
          name: 'Gala Tote',
          quantity: 1,
          location: 'Coat check',
          pickupinstructions: 'Ballroom desk from 9 pm.',
          paid: true,
          collectedat: null,
          collectedby: '',
        },
        expect.objectContaining({ historyid: w.annItems.print, location: 'Gift table', paid: false }),
        expect.objectContaining({
          historyid: w.annItems.wine,
          location: 'Gift table',
          pickupinstructions: 'Gift table after 9 pm.',
          paid: true,
        }),
      ],
    });
  });

  it('reads a code as typed: small letters, spaces or a dash', async () => {
    const typed = `${w.annCode.slice(0, 3).toLowerCase()}-${w.annCode.slice(3)}`;
    const res = await show(volunteer.headers, typed);
    expect(res.ok && res.answer.code).toBe(w.annCode);
  });

  it("shows a Bill Me order's items as not paid", async () => {
    const res = await show(volunteer.headers, w.bobCode);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.items.map((i) => [i.historyid, i.paid])).toEqual([[w.bobWine, false]]);
  });

  it('answers 404 for a code nobody in the event has, and 400 for what is not a code', async () => {
    const unknown = w.annCode === '222222' ? '333333' : '222222';
    const res = await show(volunteer.headers, unknown);
    expect(res.statusCode).toBe(404);
    if (!res.ok) expect(res.failure.message).toBe(pickupWords.unknownCode(unknown));
    const bad = await show(volunteer.headers, 'ABC12');
    expect(bad.statusCode).toBe(400);
    if (!bad.ok)
      expect(bad.failure.message).toBe('code: is not a pickup code: 6 letters and digits, as on the receipt');
  });

  it("refuses a bidder's token, no token and another organization's staff", async () => {
    expect((await show(w.ann.auth, w.annCode)).statusCode).toBe(401);
    expect((await show({}, w.annCode)).statusCode).toBe(401);
    expect((await show(otherOwner.headers, w.annCode)).statusCode).toBe(401);
    // On their own host, this organization's event is not found.
    expect((await show({ ...otherOwner.headers, host: 'other.localhost' }, w.annCode)).statusCode).toBe(404);
  });

  it("refuses a staff token on the bidder's calls", async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/myorders?eventcode=gala', headers: owner.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /console/events/:eventcode/pickups/:code', () => {
  it("refuses a volunteer's override with the role needed, and changes nothing", async () => {
    const before = await state();
    const res = await collect(volunteer.headers, w.annCode, [w.annItems.print], true);
    expect(res.statusCode).toBe(403);
    if (!res.ok) expect(res.failure.message).toBe(roleNeeded('staff'));
    expect(await state()).toEqual(before);
  });

  it('refuses items not paid for, the paid ones asked with them too', async () => {
    const before = await state();
    const res = await collect(volunteer.headers, w.annCode, [w.annItems.wine, w.annItems.print]);
    expect(res.statusCode).toBe(409);
    if (!res.ok)
      expect(res.failure.message).toBe(
        'Not paid yet: Signed Print (#print). Send the bidder to the checkout desk first.',
      );
    expect(await state()).toEqual(before);
  });

  it("refuses another bidder's items, naming them", async () => {
    const before = await state();
    const res = await collect(volunteer.headers, w.annCode, [w.annItems.wine, w.bobWine]);
    expect(res.statusCode).toBe(400);
    const message = `Item ${w.bobWine} is not this bidder's.`;
    if (!res.ok) expect(res.failure).toEqual(failure('bad_request', message, [{ path: 'itemids', message }]));
    expect(await state()).toEqual(before);
  });

  it('refuses bad input with the field and an unknown code, writing nothing', async () => {
    const before = await state();
    const post = (payload: unknown, code = w.annCode) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/console/events/gala/pickups/${code}`,
        headers: volunteer.headers,
        payload: payload as object,
      });
    const empty = await post({ itemids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('itemids: choose at least one item');
    const words = await post({ itemids: ['wine'] });
    expect(words.statusCode).toBe(400);
    expect(words.json().errors[0].path).toBe('itemids[0]');
    expect((await post({})).statusCode).toBe(400);
    const unknown = w.annCode === '222222' ? '333333' : '222222';
    const nobody = await post({ itemids: [w.annItems.wine] }, unknown);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(pickupWords.unknownCode(unknown));
    expect(await state()).toEqual(before);
  });

  it('marks paid items collected, by whom and when, audited, and tells the console screens', async () => {
    consoleSent.length = 0;
    const res = await collect(volunteer.headers, w.annCode, [w.annItems.wine, w.annItems.tote, w.annItems.wine]);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Marked 2 items collected.');
    expect([...res.answer.collected].sort()).toEqual([w.annItems.wine, w.annItems.tote].sort());
    expect(res.answer.already).toEqual([]);
    const rows = await w.t.ctx.db
      .select()
      .from(wonItems)
      .where(inArray(wonItems.id, [w.annItems.wine, w.annItems.tote]));
    for (const row of rows) {
      expect(row.collectedBy).toBe(volunteer.id);
      expect(row.collectedAt?.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    }
    const wine = res.answer.items.find((i) => i.historyid === w.annItems.wine);
    expect(wine).toMatchObject({ collectedat: zoned(rows[0]?.collectedAt), collectedby: 'Vic Volunteer' });
    expect(res.answer.items.find((i) => i.historyid === w.annItems.print)?.collectedat).toBeNull();
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      kind: 'pickup.collect',
      staffId: volunteer.id,
      summary: 'Handed over 2 items to Ann Tester (bidder 101)',
      before: {
        bidderid: w.ann.accountId,
        items: [
          { itemnum: 'tote', collectedat: null },
          { itemnum: 'wine', collectedat: null },
        ],
      },
      after: {
        bidderid: w.ann.accountId,
        items: [
          { itemnum: 'tote', collectedat: rows[0]?.collectedAt?.toISOString(), paid: true },
          { itemnum: 'wine', collectedat: rows[0]?.collectedAt?.toISOString(), paid: true },
        ],
      },
    });
    expect(consoleSent).toContainEqual(expect.objectContaining({ type: 'consolerefresh', area: 'pickup' }));
  });

  it('answers items already collected as such and leaves them as they were', async () => {
    const before = await state();
    consoleSent.length = 0;
    const res = await collect(staffer.headers, w.annCode, [w.annItems.tote, w.annItems.wine]);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Already collected: Gala Tote (#tote), Wine Tasting (#wine).');
    expect(res.answer.collected).toEqual([]);
    expect([...res.answer.already].sort()).toEqual([w.annItems.wine, w.annItems.tote].sort());
    expect(res.answer.items.find((i) => i.historyid === w.annItems.tote)?.collectedby).toBe('Vic Volunteer');
    expect(await state()).toEqual(before);
    expect(consoleSent).toEqual([]);
  });

  it('lets staff hand over an item not paid for, said so in the audit log', async () => {
    const res = await collect(staffer.headers, w.annCode, [w.annItems.print], true);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.collected).toEqual([w.annItems.print]);
    expect(res.answer.items.every((i) => i.collectedat !== null)).toBe(true);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      kind: 'pickup.collect',
      staffId: staffer.id,
      summary: 'Handed over 1 item to Ann Tester (bidder 101), 1 of them not paid (handed over anyway)',
      after: { items: [{ itemnum: 'print', paid: false }], override: true },
    });
  });

  it('counts a Bill Me order paid at the checkout desk as paid', async () => {
    const [billme] = await w.t.ctx.db.select().from(orders).where(eq(orders.bidderId, w.bob.bidderId));
    if (!billme) throw new Error('no Bill Me order');
    const [desk] = await w.t.ctx.db
      .insert(orders)
      .values({
        ...billme,
        id: undefined,
        method: 'desk',
        state: 'paid',
        chargeKey: `desk-${billme.id}`,
        settledAt: NOW,
      })
      .returning();
    await w.t.ctx.db.update(orders).set({ settledBy: desk?.id }).where(eq(orders.id, billme.id));
    const res = await show(volunteer.headers, w.bobCode);
    expect(res.ok && res.answer.items.map((i) => i.paid)).toEqual([true]);
  });
});

describe('GET /console/events/:eventcode/pickups', () => {
  it('lists every won item by location with its bidder, collected or not', async () => {
    const res = await list(volunteer.headers);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.locations).toEqual(['Coat check', 'Gift table']);
    expect(res.answer.items.map((i) => [i.location, i.itemnum, i.biddernumber, i.collectedat !== null])).toEqual([
      ['Coat check', 'tote', 101, true],
      ['Gift table', 'print', 101, true],
      ['Gift table', 'wine', 101, true],
      ['Gift table', 'wine', 102, false],
    ]);
    expect(res.answer.items[3]).toEqual({
      historyid: w.bobWine,
      itemnum: 'wine',
      name: 'Wine Tasting',
      quantity: 1,
      location: 'Gift table',
      paid: true,
      collectedat: null,
      collectedby: '',
      bidderid: w.bob.accountId,
      biddernumber: 102,
      biddername: 'Bob Tester',
    });
  });

  it('filters by location and by collected', async () => {
    const ids = async (query: Record<string, string>) => {
      const res = await list(staffer.headers, query);
      if (!res.ok) throw new Error(res.failure.message);
      return res.answer.items.map((i) => i.historyid);
    };
    expect(await ids({ location: 'Coat check' })).toEqual([w.annItems.tote]);
    expect(await ids({ collected: 'no' })).toEqual([w.bobWine]);
    expect(await ids({ location: 'Gift table', collected: 'yes' })).toEqual([w.annItems.print, w.annItems.wine]);
    expect(await ids({ location: '' })).toEqual([]);
    const bad = await list(staffer.headers, { collected: 'maybe' });
    expect(bad.statusCode).toBe(400);
    if (!bad.ok) expect(bad.failure.message).toBe('collected: must be all, yes or no');
  });

  it("refuses a bidder's token and another organization's staff", async () => {
    expect((await list(w.ann.auth)).statusCode).toBe(401);
    expect((await list(otherOwner.headers)).statusCode).toBe(401);
  });
});
