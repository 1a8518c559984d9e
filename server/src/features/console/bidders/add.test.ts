import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddConsoleBidderRequest, roleNeeded } from '@gavel/domain';
import { accounts, audit, bidders } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';

/** Adding a bidder who has no phone: a new account or an existing one, numbers, and look-alike warnings. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ann: TestBidder;

type AddBody = Omit<AddConsoleBidderRequest, 'cellphone' | 'confirm'> & { cellphone?: string; confirm?: boolean };

const add = (headers: Record<string, string>, body: AddBody) =>
  call(
    t.app,
    'POST /console/events/:eventcode/bidders',
    { cellphone: '', confirm: false, ...body },
    { params: { eventcode: 'gala' }, headers },
  );

const raw = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/console/events/gala/bidders', headers: staffer.headers, payload });

const counts = async () => ({
  accounts: (await t.ctx.db.select({ id: accounts.id }).from(accounts)).length,
  bidders: (await t.ctx.db.select({ id: bidders.id }).from(bidders)).length,
  audit: (await t.ctx.db.select({ id: audit.id }).from(audit)).length,
});

const lastAudit = async () => (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { eventcode: 'spring' }));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'fall' }));
  staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  await t.ctx.db
    .update(accounts)
    .set({ lastname: 'Lee', cellphone: '3125550199' })
    .where(eq(accounts.id, ann.accountId));
});
afterAll(async () => t.close());

describe('POST /console/events/:eventcode/bidders', () => {
  it('refuses a volunteer, a bidder token and another organization, writing nothing', async () => {
    const before = await counts();
    const body = { firstname: 'Zed', lastname: 'Zee', email: 'zed@example.org' };
    const asVolunteer = await add(volunteer.headers, body);
    expect(asVolunteer.statusCode).toBe(403);
    if (!asVolunteer.ok) expect(asVolunteer.failure.message).toBe(roleNeeded('staff'));
    expect((await add(ann.auth, body)).statusCode).toBe(401);
    expect((await add(otherOwner.headers, body)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with the field, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[object, string]> = [
      [{ lastname: 'Zee', email: 'zed@example.org' }, 'firstname: is required'],
      [{ firstname: ' ', lastname: 'Zee', email: 'zed@example.org' }, 'firstname: is required'],
      [{ firstname: 'Zed', lastname: 'Zee', email: 'zed' }, 'email: must be a valid email address'],
      [{ firstname: 'Zed', lastname: 'Zee', email: '' }, 'email: is required'],
      [
        { firstname: 'Zed', lastname: 'Zee', email: 'zed@example.org', cellphone: '555' },
        'cellphone: must have 10 digits',
      ],
      [
        { firstname: 'Zed', lastname: 'Zee', email: 'zed@example.org', bidderdisplaynumber: 0 },
        'bidderdisplaynumber: must be at least 1',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await raw(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('adds a bidder without a password under the next number, audited', async () => {
    const res = await add(staffer.headers, { firstname: 'Gus', lastname: 'Green', email: 'Gus@Example.org' });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Gus Green is bidder 102.');
    expect(res.answer.bidder).toMatchObject({
      bidderdisplaynumber: 102,
      firstname: 'Gus',
      lastname: 'Green',
      email: 'Gus@Example.org',
      emailverified: false,
      haspassword: false,
      authorizebidder: true,
    });
    expect(await lastAudit()).toMatchObject({
      kind: 'bidder.add',
      actor: 'Sam Staff',
      summary: 'Added Gus Green (bidder 102)',
      before: null,
      after: { bidderid: res.answer.bidder.bidderid, name: 'Gus Green', bidderdisplaynumber: 102 },
    });
  });

  it('adds under a chosen number, and refuses a number someone has or had with the field', async () => {
    const res = await add(staffer.headers, {
      firstname: 'Hal',
      lastname: 'Hill',
      email: 'hal@example.org',
      bidderdisplaynumber: 500,
    });
    expect(res.ok && res.answer.bidder.bidderdisplaynumber).toBe(500);
    const before = await counts();
    const taken = await add(staffer.headers, {
      firstname: 'Ida',
      lastname: 'Ives',
      email: 'ida@example.org',
      bidderdisplaynumber: 101,
    });
    expect(taken.statusCode).toBe(400);
    if (!taken.ok) {
      expect(taken.failure.message).toBe('Bidder number 101 belongs to Ann Lee.');
      expect(taken.failure.errors).toEqual([
        { path: 'bidderdisplaynumber', message: 'Bidder number 101 belongs to Ann Lee.' },
      ]);
    }
    expect(await counts()).toEqual(before);
  });

  it('registers the account an email already has', async () => {
    const kim = await makeBidder(t, 'spring', 'kim@example.org', { firstname: 'Kim' });
    const res = await add(staffer.headers, { firstname: 'kim ', lastname: 'TESTER', email: 'KIM@example.org' });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.bidder.bidderid).toBe(kim.accountId);
    expect(res.answer.bidder.firstname).toBe('Kim');
    expect(res.answer.message).toBe('kim@example.org already had an account: Kim Tester is now bidder 501.');
    expect(await lastAudit()).toMatchObject({ summary: 'Added Kim Tester (bidder 501), who already had an account' });
  });

  it('gives an existing account that never had a name the one typed', async () => {
    const [org] = await t.ctx.db
      .select({ id: accounts.organizationId })
      .from(accounts)
      .where(eq(accounts.id, ann.accountId));
    await t.ctx.db.insert(accounts).values({ organizationId: org?.id ?? 0, email: 'noname@example.org' });
    const res = await add(staffer.headers, {
      firstname: 'Nora',
      lastname: 'Name',
      email: 'noname@example.org',
      cellphone: '3125550100',
    });
    expect(res.ok && res.answer.bidder).toMatchObject({
      firstname: 'Nora',
      lastname: 'Name',
      cellphone: '(312) 555-0100',
    });
  });

  it('refuses an email already bidding here, or one of a person of another name', async () => {
    const before = await counts();
    const here = await add(staffer.headers, { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.org' });
    expect(here.statusCode).toBe(400);
    if (!here.ok) expect(here.failure.message).toBe('ann@example.org is already bidder 101 (Ann Lee) in this event.');
    await makeBidder(t, 'spring', 'smiths@example.org', { firstname: 'Jane' });
    const shared = await add(staffer.headers, { firstname: 'John', lastname: 'Tester', email: 'smiths@example.org' });
    expect(shared.statusCode).toBe(400);
    if (!shared.ok)
      expect(shared.failure.message).toBe(
        'smiths@example.org belongs to Jane Tester. Use another email, or add Jane Tester with it.',
      );
    expect(await counts()).toEqual({ ...before, accounts: before.accounts + 1, bidders: before.bidders + 1 });
  });

  it('warns of a bidder of the same name (and phone) with 409, and adds when confirmed', async () => {
    const before = await counts();
    const body = { firstname: ' ann', lastname: 'LEE', email: 'ann.lee@example.org' };
    const warned = await add(staffer.headers, body);
    expect(warned.statusCode).toBe(409);
    if (!warned.ok) {
      expect(warned.failure.code).toBe('conflict');
      expect(warned.failure.message).toBe(
        'This looks like Ann Lee, already bidder 101 (ann@example.org). Add anyway if this is another person.',
      );
    }
    const samePhone = await add(staffer.headers, { ...body, cellphone: '+1 312 555 0199' });
    expect(samePhone.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    // The same name with another phone is another person.
    const otherPhone = await add(staffer.headers, { ...body, cellphone: '(773) 555-0100' });
    expect(otherPhone.ok && otherPhone.answer.bidder.cellphone).toBe('(773) 555-0100');
    const confirmed = await add(staffer.headers, { ...body, email: 'ann.lee2@example.org', confirm: true });
    expect(confirmed.ok && confirmed.answer.bidder.lastname).toBe('LEE');
  });
});
