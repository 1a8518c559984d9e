import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { accounts, audit, bidderNumbersUsed, bidders } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { findTenant } from '../../../tenancy';
import { ensureBidder } from '../../accounts/service';

/**
 * Bidder numbers: unique in the event, never given to another person (a number someone had stays
 * theirs), the person's own old number may be theirs again, and registrations at once never share
 * one. The races show on PostgreSQL (PGlite runs one transaction at a time).
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let staffer: TestStaff;
let volunteer: TestStaff;
let ann: TestBidder;
let bob: TestBidder;

const give = (headers: Record<string, string>, bidderid: number, bidderdisplaynumber: number) =>
  call(
    t.app,
    'PUT /console/events/:eventcode/bidders/:bidderid',
    { bidderdisplaynumber },
    { params: { eventcode: 'gala', bidderid }, headers },
  );

const numberOf = async (b: TestBidder) =>
  (await t.ctx.db.select().from(bidders).where(eq(bidders.id, b.bidderId)))[0]?.bidderdisplaynumber;

const used = async (eventcode = 'gala') => {
  const tenant = await findTenant(t.ctx.db, 'demo', eventcode);
  return t.ctx.db
    .select({ number: bidderNumbersUsed.number, accountId: bidderNumbersUsed.accountId })
    .from(bidderNumbersUsed)
    .where(eq(bidderNumbersUsed.eventId, tenant.event.id))
    .orderBy(asc(bidderNumbersUsed.number));
};

const auditCount = async () => (await t.ctx.db.select({ id: audit.id }).from(audit)).length;

/** A new account of the demo organization, not yet a bidder anywhere. */
async function newAccount(email: string): Promise<number> {
  const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({ organizationId: tenant.organization.id, email, emailVerified: true })
    .returning({ id: accounts.id });
  if (!row) throw new Error('no account');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { eventcode: 'crowd' }));
  staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  await t.ctx.db.update(accounts).set({ lastname: 'Lee' }).where(eq(accounts.id, ann.accountId));
});
afterAll(async () => t.close());

describe('bidder numbers', () => {
  it('records every number a registration gives', async () => {
    expect(await used()).toEqual([
      { number: 101, accountId: ann.accountId },
      { number: 102, accountId: bob.accountId },
    ]);
  });

  it('refuses a volunteer and bad numbers with the field, writing nothing', async () => {
    const before = await auditCount();
    const refused = await give(volunteer.headers, ann.accountId, 150);
    expect(refused.statusCode).toBe(403);
    if (!refused.ok) expect(refused.failure.message).toBe(roleNeeded('staff'));
    for (const [value, message] of [
      [0, 'bidderdisplaynumber: must be at least 1'],
      [1_000_000, 'bidderdisplaynumber: must be at most 999999'],
      [1.5, 'bidderdisplaynumber: must be a whole number'],
      ['105', 'bidderdisplaynumber: must be a number'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/console/events/gala/bidders/${ann.accountId}`,
        headers: staffer.headers,
        payload: { bidderdisplaynumber: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await numberOf(ann)).toBe(101);
    expect(await auditCount()).toBe(before);
  });

  it('gives a new number, recorded and audited', async () => {
    const res = await give(staffer.headers, ann.accountId, 150);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.bidder.bidderdisplaynumber).toBe(150);
    expect(res.answer.message).toBe('Ann Lee is now bidder 150.');
    const [entry] = await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1);
    expect(entry).toMatchObject({
      kind: 'bidder.number',
      actor: 'Sam Staff',
      summary: 'Gave Ann Lee bidder number 150 (was 101)',
      before: { bidderid: ann.accountId, bidderdisplaynumber: 101 },
      after: { bidderid: ann.accountId, bidderdisplaynumber: 150 },
    });
    expect((await used()).map((u) => u.number)).toEqual([101, 102, 150]);
  });

  it('refuses a number another bidder has, naming them, and changes nothing', async () => {
    const before = await auditCount();
    const res = await give(staffer.headers, ann.accountId, 102);
    expect(res.statusCode).toBe(409);
    if (!res.ok) expect(res.failure.message).toBe('Bidder number 102 belongs to Bob Tester.');
    expect(await numberOf(ann)).toBe(150);
    expect(await auditCount()).toBe(before);
  });

  it('never gives a number someone had to another person (a swap is a new number)', async () => {
    const res = await give(staffer.headers, bob.accountId, 101);
    expect(res.statusCode).toBe(409);
    if (!res.ok)
      expect(res.failure.message).toBe(
        'Bidder number 101 was given to Ann Lee before; a number is never given to another person.',
      );
    expect(await numberOf(bob)).toBe(102);
  });

  it('gives a person their own old number back', async () => {
    const res = await give(staffer.headers, ann.accountId, 101);
    expect(res.ok && res.answer.bidder.bidderdisplaynumber).toBe(101);
    expect((await used()).filter((u) => u.accountId === ann.accountId).map((u) => u.number)).toEqual([101, 150]);
  });

  it('gives newcomers numbers past every number given, and says which comes next', async () => {
    const list = await call(t.app, 'GET /console/events/:eventcode/bidders', undefined, {
      params: { eventcode: 'gala' },
      headers: staffer.headers,
    });
    expect(list.ok && list.answer.nextnumber).toBe(151);
    const cat = await makeBidder(t, 'gala', 'cat@example.org');
    expect(await numberOf(cat)).toBe(151);
  });

  it('never gives two registrations at once one number', async () => {
    const tenant = await findTenant(t.ctx.db, 'demo', 'crowd');
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => newAccount(`crowd${i}@example.org`)));
    const made = await Promise.all(ids.map((id) => t.ctx.db.transaction((tx) => ensureBidder(tx, tenant, id))));
    const numbers = made.map((b) => b.bidderdisplaynumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => 101 + i));
    expect((await used('crowd')).map((u) => u.number)).toEqual(numbers);
  });

  it('never gives one number to a registration and a console change at once', async () => {
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const next = 152;
    const dan = await newAccount('dan@example.org');
    const [changed, joined] = await Promise.all([
      give(staffer.headers, bob.accountId, next),
      t.ctx.db.transaction((tx) => ensureBidder(tx, tenant, dan)),
    ]);
    const bobNumber = await numberOf(bob);
    expect(joined.bidderdisplaynumber).not.toBe(bobNumber);
    if (changed.ok) expect(bobNumber).toBe(next);
    else expect(changed.statusCode).toBe(409);
    const holders = await t.ctx.db
      .select()
      .from(bidders)
      .where(and(eq(bidders.eventId, tenant.event.id), eq(bidders.bidderdisplaynumber, next)));
    expect(holders).toHaveLength(1);
  });
});
