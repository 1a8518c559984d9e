import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinCode } from '@gavel/domain';
import { accounts, audit, checkins, events, storeCarts, storeOrders } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { saveTestCard } from '../../../test/payments-fixtures';

/** The check-in desk: finding bidders, checking in (once), undoing, and the counters. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ann: TestBidder;
let bob: TestBidder;
let cara: TestBidder;

const desk = (headers: Record<string, string>, q = '') =>
  call(t.app, 'GET /console/events/:eventcode/checkins', undefined, {
    params: { eventcode: 'gala' },
    query: { q },
    headers,
  });
const checkIn = (headers: Record<string, string>, bidderid: number) =>
  call(t.app, 'POST /console/events/:eventcode/checkins', { bidderid }, { params: { eventcode: 'gala' }, headers });
const undo = (headers: Record<string, string>, bidderid: number) =>
  call(t.app, 'DELETE /console/events/:eventcode/checkins/:bidderid', undefined, {
    params: { eventcode: 'gala', bidderid },
    headers,
  });

const counts = async () => ({
  checkins: (await t.ctx.db.select().from(checkins)).length,
  audit: (await t.ctx.db.select({ id: audit.id }).from(audit)).length,
});
const lastAudit = async () => (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];

async function deskOf(q = '') {
  const res = await desk(volunteer.headers, q);
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer;
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'fall' }));
  volunteer = await signedInStaff(t, { role: 'volunteer', name: 'Vera Volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  cara = await makeBidder(t, 'gala', 'cara@example.org', { firstname: 'Cara' });
  await t.ctx.db
    .update(accounts)
    .set({ lastname: 'Lee', cellphone: '3125550199' })
    .where(eq(accounts.id, ann.accountId));
  await saveTestCard(t, bob, 'gala', '4242424242424242');
});
afterAll(async () => t.close());

describe('GET /console/events/:eventcode/checkins', () => {
  it('refuses a bidder token and another organization', async () => {
    expect((await desk(ann.auth)).statusCode).toBe(401);
    expect((await desk(otherOwner.headers)).statusCode).toBe(401);
  });

  it('counts the registered, checked in and card holders, and lists nobody before a search or a check-in', async () => {
    const answer = await deskOf();
    expect(answer.counters).toEqual({ registered: 3, checkedin: 0, withcard: 1, withoutcard: 2 });
    expect(answer.bidders).toEqual([]);
    expect(answer.cards).toMatchObject({ takescards: true, paymentprocessorcode: 1 });
  });

  it('finds by name, email, phone digits, number and a scanned check-in code', async () => {
    const names = async (q: string) => (await deskOf(q)).bidders.map((b) => b.firstname);
    expect(await names('ann lee')).toEqual(['Ann']);
    expect(await names('BOB@')).toEqual(['Bob']);
    expect(await names('(312) 555-01')).toEqual(['Ann']);
    expect(await names('102')).toEqual(['Bob']);
    expect(await names(checkinCode(103))).toEqual(['Cara']);
    expect(await names(checkinCode(999))).toEqual([]);
    const [bobRow] = (await deskOf('bob')).bidders;
    expect(bobRow).toMatchObject({
      bidderid: bob.accountId,
      biddernumber: 102,
      email: 'bob@example.org',
      checkedin: null,
      card: { brand: 'Visa', last4: '4242' },
    });
  });

  it("finds a store receipt's buyer by its order number", async () => {
    const [event] = await t.ctx.db.select().from(events).where(eq(events.eventcode, 'gala'));
    if (!event) throw new Error('no gala');
    const [cart] = await t.ctx.db
      .insert(storeCarts)
      .values({ eventId: event.id, state: 'checkedout', expiresAt: now, createdAt: now, updatedAt: now })
      .returning();
    if (!cart) throw new Error('no cart');
    const order = (email: string) => ({
      eventId: event.id,
      cartId: cart.id,
      method: 'BILLME' as const,
      state: 'unpaid' as const,
      first: 'Cara',
      last: 'Tester',
      address: '',
      city: '',
      region: '',
      zip: '',
      email,
      subtotal: 0,
      discount: 0,
      donation: 0,
      fee: 0,
      total: 0,
      currency: 'usd',
      processorcode: 1,
      chargeKey: `order-${email}`,
      createdAt: now,
    });
    const [mine, stranger] = await t.ctx.db
      .insert(storeOrders)
      .values([order('CARA@example.org'), order('zed@example.org')])
      .returning({ id: storeOrders.id });
    if (!mine || !stranger) throw new Error('no orders');
    const found = await deskOf(`s-${mine.id}`);
    expect(found.bidders.map((b) => b.firstname)).toEqual(['Cara']);
    expect(found.message).toBe(`Order S-${mine.id} was bought with CARA@example.org.`);
    const notBidder = await deskOf(`S-${stranger.id}`);
    expect(notBidder.bidders).toEqual([]);
    expect(notBidder.message).toBe(
      `Order S-${stranger.id} was bought with zed@example.org, which is not a bidder in this event. Add them as a walk-up.`,
    );
    expect((await deskOf('S-999999')).message).toBe("There is no order S-999999 in this event's store.");
  });
});

describe('POST /console/events/:eventcode/checkins', () => {
  it('refuses a bidder token, another organization, bad input and an unknown bidder, writing nothing', async () => {
    const before = await counts();
    expect((await checkIn(ann.auth, ann.accountId)).statusCode).toBe(401);
    expect((await checkIn(otherOwner.headers, ann.accountId)).statusCode).toBe(401);
    for (const [payload, message] of [
      [{}, 'bidderid: is required'],
      [{ bidderid: 'ann' }, 'bidderid: must be a number'],
      [{ bidderid: 0 }, 'bidderid: must be at least 1'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/console/events/gala/checkins',
        headers: volunteer.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknown = await checkIn(volunteer.headers, 999_999);
    expect(unknown.statusCode).toBe(404);
    if (!unknown.ok) expect(unknown.failure.message).toBe('There is no such bidder in this event.');
    expect(await counts()).toEqual(before);
  });

  it('checks a bidder in with the time and the volunteer, audited; a second time writes nothing', async () => {
    const res = await checkIn(volunteer.headers, ann.accountId);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Ann Lee is checked in as bidder 101.');
    expect(res.answer.bidder.checkedin).toEqual({ at: '2026-12-01T12:00:00-06:00', by: 'Vera Volunteer' });
    expect(await lastAudit()).toMatchObject({
      kind: 'checkin',
      actor: 'Vera Volunteer',
      summary: 'Checked in Ann Lee (bidder 101)',
      before: null,
      after: {
        bidderid: ann.accountId,
        biddernumber: 101,
        checkedin: { at: '2026-12-01T18:00:00.000Z', by: 'Vera Volunteer' },
      },
    });
    const before = await counts();
    const again = await checkIn(volunteer.headers, ann.accountId);
    if (!again.ok) throw new Error(again.failure.message);
    expect(again.answer.message).toBe('Ann Lee was already checked in at 12:00 PM by Vera Volunteer.');
    expect(await counts()).toEqual(before);
    const answer = await deskOf();
    expect(answer.counters).toEqual({ registered: 3, checkedin: 1, withcard: 1, withoutcard: 2 });
    expect(answer.bidders.map((b) => b.firstname)).toEqual(['Ann']);
  });
});

describe('DELETE /console/events/:eventcode/checkins/:bidderid', () => {
  it('refuses a bidder token, another organization and an unknown bidder, writing nothing', async () => {
    const before = await counts();
    expect((await undo(ann.auth, ann.accountId)).statusCode).toBe(401);
    expect((await undo(otherOwner.headers, ann.accountId)).statusCode).toBe(401);
    expect((await undo(volunteer.headers, 999_999)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/console/events/gala/checkins/ann',
      headers: volunteer.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('undoes a check-in, audited with its before and after; undoing again writes nothing', async () => {
    const res = await undo(volunteer.headers, ann.accountId);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Ann Lee is no longer checked in.');
    expect(res.answer.bidder.checkedin).toBeNull();
    expect(await lastAudit()).toMatchObject({
      kind: 'checkin.undo',
      summary: 'Undid the check-in of Ann Lee (bidder 101)',
      before: { bidderid: ann.accountId, checkedin: { at: '2026-12-01T18:00:00.000Z', by: 'Vera Volunteer' } },
      after: { bidderid: ann.accountId, checkedin: null },
    });
    const before = await counts();
    const again = await undo(volunteer.headers, ann.accountId);
    expect(again.ok && again.answer.message).toBe('Ann Lee is not checked in.');
    expect(await counts()).toEqual(before);
    expect((await deskOf()).counters.checkedin).toBe(0);
  });

  it('staff and owners may work the desk too', async () => {
    for (const role of ['staff', 'owner'] as const) {
      const who = await signedInStaff(t, { role, email: `${role}-desk@example.org` });
      expect((await checkIn(who.headers, cara.accountId)).statusCode).toBe(200);
      expect((await undo(who.headers, cara.accountId)).statusCode).toBe(200);
    }
  });
});
