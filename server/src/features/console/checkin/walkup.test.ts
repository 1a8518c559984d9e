import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalkupRequest } from '@gavel/domain';
import { accounts, audit, bidders, checkins, outbox } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';

/** A walk-up: an account, a number, a check-in and a sign-in link by email and text, in one call. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ann: TestBidder;

type Body = Omit<WalkupRequest, 'cellphone' | 'confirm'> & { cellphone?: string; confirm?: boolean };
const walkUp = (headers: Record<string, string>, body: Body) =>
  call(
    t.app,
    'POST /console/events/:eventcode/walkups',
    { cellphone: '', confirm: false, ...body },
    { params: { eventcode: 'gala' }, headers },
  );

const counts = async () => ({
  accounts: (await t.ctx.db.select({ id: accounts.id }).from(accounts)).length,
  bidders: (await t.ctx.db.select({ id: bidders.id }).from(bidders)).length,
  checkins: (await t.ctx.db.select().from(checkins)).length,
  outbox: (await t.ctx.db.select({ id: outbox.id }).from(outbox)).length,
  audit: (await t.ctx.db.select({ id: audit.id }).from(audit)).length,
});
const sentTo = (to: string) => t.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
const lastAudits = async (n: number) => t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(n);

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { eventcode: 'spring' }));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'fall' }));
  volunteer = await signedInStaff(t, { role: 'volunteer', name: 'Vera Volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  await t.ctx.db.update(accounts).set({ lastname: 'Lee' }).where(eq(accounts.id, ann.accountId));
});
afterAll(async () => t.close());

describe('POST /console/events/:eventcode/walkups', () => {
  it('refuses a bidder token, another organization and bad input, writing nothing', async () => {
    const before = await counts();
    const body = { firstname: 'Zed', lastname: 'Zee', email: 'zed@example.org' };
    expect((await walkUp(ann.auth, body)).statusCode).toBe(401);
    expect((await walkUp(otherOwner.headers, body)).statusCode).toBe(401);
    const cases: Array<[object, string]> = [
      [{ lastname: 'Zee', email: 'zed@example.org' }, 'firstname: is required'],
      [{ firstname: 'Zed', lastname: 'Zee', email: 'zed' }, 'email: must be a valid email address'],
      [
        { firstname: 'Zed', lastname: 'Zee', email: 'zed@example.org', cellphone: '555' },
        'cellphone: must have 10 digits',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/console/events/gala/walkups',
        headers: volunteer.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('makes the account, the next number and the check-in, and sends the sign-in link by email and text', async () => {
    const before = await counts();
    const res = await walkUp(volunteer.headers, {
      firstname: 'Gus',
      lastname: 'Green',
      email: 'gus@example.org',
      cellphone: '(312) 555-0142',
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toMatchObject({
      biddernumber: 102,
      message: 'Gus Green is bidder 102, checked in. A sign-in link was sent by email and text.',
    });
    const after = await counts();
    expect(after).toEqual({
      accounts: before.accounts + 1,
      bidders: before.bidders + 1,
      checkins: before.checkins + 1,
      outbox: before.outbox + 2,
      audit: before.audit + 2,
    });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, res.answer.bidderid));
    expect(account).toMatchObject({ email: 'gus@example.org', emailVerified: false, passwordHash: null });
    const [mail] = await sentTo('gus@example.org');
    expect(mail).toMatchObject({ channel: 'email', subject: 'You are bidder 102 at Test Gala' });
    const [text] = await sentTo('3125550142');
    expect(text?.channel).toBe('text');
    expect(text?.text).toMatch(
      /^Test Gala: you are bidder 102\. Sign in to bid: http.*\/gala\/auth\/passwordlessLogin\//,
    );
    const [checkin, added] = await lastAudits(2);
    expect(added).toMatchObject({ kind: 'bidder.add', summary: 'Added Gus Green (bidder 102)' });
    expect(checkin).toMatchObject({
      kind: 'checkin.walkup',
      actor: 'Vera Volunteer',
      summary: 'Checked in walk-up Gus Green (bidder 102) and sent a sign-in link by email and text',
      after: { bidderid: res.answer.bidderid, biddernumber: 102, checkedin: { by: 'Vera Volunteer' } },
    });
  });

  it("verifies the walk-up's email when they follow the link", async () => {
    const [mail] = await sentTo('gus@example.org');
    const link = mail?.links.find((l) => l.includes('/auth/passwordlessLogin/'));
    if (!link) throw new Error('no sign-in link');
    const secret = new URL(link).pathname.split('/').pop() ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', email: 'gus@example.org' });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.email, 'gus@example.org'));
    expect(account?.emailVerified).toBe(true);
  });

  it("keeps part 1's rules for an email already known, writing nothing when refused", async () => {
    await makeBidder(t, 'spring', 'sue@example.org', { firstname: 'Sue' });
    const before = await counts();
    const here = await walkUp(volunteer.headers, { firstname: 'Ann', lastname: 'Lee', email: 'ANN@example.org' });
    expect(here.statusCode).toBe(400);
    if (!here.ok) expect(here.failure.message).toBe('ann@example.org is already bidder 101 (Ann Lee) in this event.');
    const another = await walkUp(volunteer.headers, { firstname: 'Gail', lastname: 'Green', email: 'sue@example.org' });
    expect(another.statusCode).toBe(400);
    if (!another.ok)
      expect(another.failure.message).toBe(
        'sue@example.org belongs to Sue Tester. Use another email, or add Sue Tester with it.',
      );
    const alike = await walkUp(volunteer.headers, {
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann.senior@example.org',
    });
    expect(alike.statusCode).toBe(409);
    if (!alike.ok)
      expect(alike.failure.message).toBe(
        'This looks like Ann Lee, already bidder 101 (ann@example.org). Add anyway if this is another person.',
      );
    expect(await counts()).toEqual(before);
    const anyway = await walkUp(volunteer.headers, {
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann.senior@example.org',
      confirm: true,
    });
    expect(anyway.ok && anyway.answer.message).toBe(
      'Ann Lee is bidder 103, checked in. A sign-in link was sent by email.',
    );
  });

  it('registers an account of the organization that is not a bidder here yet', async () => {
    const kim = await makeBidder(t, 'spring', 'kim@example.org', { firstname: 'Kim' });
    const res = await walkUp(volunteer.headers, { firstname: 'Kim', lastname: 'Tester', email: 'kim@example.org' });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toMatchObject({ bidderid: kim.accountId, biddernumber: 104 });
  });
});
