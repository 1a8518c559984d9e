import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AUTHORIZED, roleNeeded } from '@gavel/domain';
import { accounts, audit, auctionItems, outbox, paymentMethods } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { bidderMessagesDuring } from '../../../test/live-capture';

/** The bidders list, authorizing and stopping a bidder, and the resent sign-in link; who may do each. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ann: TestBidder;
let bob: TestBidder;
let itemId: number;

const list = (headers: Record<string, string>, q?: string, extra: Record<string, string> = {}) =>
  call(t.app, 'GET /console/events/:eventcode/bidders', undefined, {
    params: { eventcode: 'gala' },
    headers: { ...headers, ...extra },
    ...(q === undefined ? {} : { query: { q } }),
  });

const put = (headers: Record<string, string>, bidderid: number, body: { authorizebidder?: boolean }) =>
  call(t.app, 'PUT /console/events/:eventcode/bidders/:bidderid', body, {
    params: { eventcode: 'gala', bidderid },
    headers,
  });

const sendLink = (headers: Record<string, string>, bidderid: number) =>
  call(t.app, 'POST /console/events/:eventcode/bidders/:bidderid/link', undefined, {
    params: { eventcode: 'gala', bidderid },
    headers,
  });

const lastAudit = async () => (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];
const auditCount = async () => (await t.ctx.db.select({ id: audit.id }).from(audit)).length;

const bid = (who: TestBidder, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid: itemId, bid: amount },
  });

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  await t.ctx.db
    .update(accounts)
    .set({ lastname: 'Lee', cellphone: '3125550199' })
    .where(eq(accounts.id, ann.accountId));
  await t.ctx.db.insert(paymentMethods).values({
    bidderId: bob.bidderId,
    processorcode: 1,
    ref: 'tok',
    brand: 'Visa',
    last4: '4242',
    expmonth: 12,
    expyear: 2030,
  });
  const [item] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems).limit(1);
  itemId = item?.id ?? 0;
});
afterAll(async () => t.close());

describe('GET /console/events/:eventcode/bidders', () => {
  it('lists the bidders by number for a volunteer, with verified, card and authorized', async () => {
    const res = await list(volunteer.headers);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.bidders.map((b) => b.bidderdisplaynumber)).toEqual([101, 102]);
    expect(res.answer.bidders[0]).toEqual({
      bidderid: ann.accountId,
      bidderdisplaynumber: 101,
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann@example.org',
      cellphone: '(312) 555-0199',
      emailverified: true,
      cardonfile: false,
      authorizebidder: true,
      haspassword: false,
    });
    expect(res.answer.bidders[1]?.cardonfile).toBe(true);
    expect(res.answer.nextnumber).toBe(103);
  });

  it('finds by part of a name, an email, phone digits or a bidder number', async () => {
    const found = async (q: string) => {
      const res = await list(staffer.headers, q);
      if (!res.ok) throw new Error(res.failure.message);
      return res.answer.bidders.map((b) => b.email);
    };
    expect(await found('ann lee')).toEqual(['ann@example.org']);
    expect(await found('LEE, A')).toEqual(['ann@example.org']);
    expect(await found('BOB@')).toEqual(['bob@example.org']);
    expect(await found('(312) 555-01')).toEqual(['ann@example.org']);
    expect(await found('102')).toEqual(['bob@example.org']);
    expect(await found('100%')).toEqual([]);
  });

  it('refuses a bidder token, a signed-out caller and another organization', async () => {
    const asBidder = await list(ann.auth);
    expect(asBidder.statusCode).toBe(401);
    expect((await list({})).statusCode).toBe(401);
    // Another organization's staff token on this organization's host.
    const foreignToken = await list(otherOwner.headers);
    expect(foreignToken.statusCode).toBe(401);
    // On their own host, this organization's event is simply not found.
    const foreignEvent = await list(otherOwner.headers, undefined, { host: 'other.localhost' });
    expect(foreignEvent.statusCode).toBe(404);
  });

  it('refuses a staff token on the bidder calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/userprofile?eventcode=gala', headers: staffer.headers });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a query too long', async () => {
    const res = await list(staffer.headers, 'x'.repeat(101));
    expect(res.statusCode).toBe(400);
    if (res.ok) return;
    expect(res.failure.message).toBe('q: must be at most 100 characters');
  });
});

describe('PUT /console/events/:eventcode/bidders/:bidderid (authorize)', () => {
  it('refuses a volunteer with the role needed, and writes nothing', async () => {
    const before = await auditCount();
    const res = await put(volunteer.headers, ann.accountId, { authorizebidder: false });
    expect(res.statusCode).toBe(403);
    if (!res.ok) expect(res.failure.message).toBe(roleNeeded('staff'));
    expect(await auditCount()).toBe(before);
  });

  it('refuses a bidder token and another organization', async () => {
    expect((await put(ann.auth, ann.accountId, { authorizebidder: false })).statusCode).toBe(401);
    const foreign = await put(otherOwner.headers, ann.accountId, { authorizebidder: false });
    expect(foreign.statusCode).toBe(401);
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const before = await auditCount();
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/console/events/gala/bidders/${ann.accountId}`,
      headers: staffer.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('(document): must give authorizebidder or bidderdisplaynumber');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/console/events/gala/bidders/${ann.accountId}`,
      headers: staffer.headers,
      payload: { authorizebidder: 'no' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('authorizebidder: must be a boolean');
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/api/console/events/gala/bidders/abc',
      headers: staffer.headers,
      payload: { authorizebidder: false },
    });
    expect(badId.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an account that is not a bidder of the event', async () => {
    const res = await put(staffer.headers, 999_999, { authorizebidder: false });
    expect(res.statusCode).toBe(404);
    if (!res.ok) expect(res.failure.message).toBe('There is no such bidder in this event.');
  });

  it('stops a bidder: audited, their phone told, their next bid refused; then allows them again', async () => {
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const sent = await bidderMessagesDuring(t, async () => {
      res = await put(staffer.headers, ann.accountId, { authorizebidder: false });
    });
    if (!res?.ok) throw new Error('refused');
    expect(res.answer.bidder.authorizebidder).toBe(false);
    expect(res.answer.message).toBe('Ann Lee may no longer bid.');
    expect(sent).toContainEqual({
      bidderId: ann.bidderId,
      message: { type: 'updateUser', auctioncode: 'demo', eventcode: 'gala' },
    });
    expect(await lastAudit()).toMatchObject({
      kind: 'bidder.authorize',
      actor: 'Sam Staff',
      staffId: staffer.id,
      summary: 'Stopped bidding for Ann Lee (bidder 101)',
      before: { bidderid: ann.accountId, authorizebidder: true },
      after: { bidderid: ann.accountId, authorizebidder: false },
    });
    const refused = await bid(ann, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_AUTHORIZED);

    const again = await put(owner.headers, ann.accountId, { authorizebidder: true });
    expect(again.ok && again.answer.bidder.authorizebidder).toBe(true);
    expect(await lastAudit()).toMatchObject({
      kind: 'bidder.authorize',
      summary: 'Allowed Ann Lee (bidder 101) to bid',
    });
    expect((await bid(ann, 100)).statusCode).toBe(200);
  });

  it('changes nothing and records nothing when the value is already so', async () => {
    const before = await auditCount();
    const res = await put(staffer.headers, bob.accountId, { authorizebidder: true });
    expect(res.ok && res.answer.message).toBe('Nothing changed.');
    expect(await auditCount()).toBe(before);
  });
});

describe('POST /console/events/:eventcode/bidders/:bidderid/link', () => {
  it('refuses a volunteer and writes nothing', async () => {
    const before = (await t.ctx.db.select().from(outbox)).length;
    const res = await sendLink(volunteer.headers, bob.accountId);
    expect(res.statusCode).toBe(403);
    if (!res.ok) expect(res.failure.message).toBe(roleNeeded('staff'));
    expect((await t.ctx.db.select().from(outbox)).length).toBe(before);
  });

  it('mails the sign-in link bidders ask for, audited', async () => {
    const res = await sendLink(staffer.headers, bob.accountId);
    expect(res.ok && res.answer.message).toBe('A sign-in link was sent to bob@example.org.');
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'bob@example.org'))
      .orderBy(desc(outbox.id));
    expect(mail?.links.some((l) => l.includes('/gala/auth/passwordlessLogin/'))).toBe(true);
    expect(await lastAudit()).toMatchObject({
      kind: 'bidder.link',
      summary: 'Sent Bob Tester (bidder 102) a sign-in link',
      after: { bidderid: bob.accountId, email: 'bob@example.org' },
    });
  });

  it("answers 404 for another organization's bidder", async () => {
    const carl = await makeBidder(t, 'spring', 'carl@other.org', { auctioncode: 'other' });
    const res = await sendLink(staffer.headers, carl.accountId);
    expect(res.statusCode).toBe(404);
    expect((await put(staffer.headers, carl.accountId, { authorizebidder: false })).statusCode).toBe(404);
  });
});
