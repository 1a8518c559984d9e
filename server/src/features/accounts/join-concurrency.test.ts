import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, bidders } from '../../db/schema';
import { appWithEvents, makeBidder, postAs, type TestBidder } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { findTenant } from '../../tenancy';
import { hashPassword } from './service';

/**
 * Double taps: many first registrations of one account into an event at once (POST /join, and
 * the first POST /login there) all answer the one bidder; accounts joining at once get distinct
 * numbers. The race shows on PostgreSQL (PGlite runs one transaction at a time).
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const PASSWORD = 'correct horse battery';
const TAPS = 20;

/** The bidder id a login answer's token carries. */
const bidderIdOf = (token: string): number => {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return typeof payload === 'object' && payload !== null && 'bidderid' in payload ? Number(payload.bidderid) : NaN;
};

const rowsOf = async (eventcode: string, accountId: number) => {
  const tenant = await findTenant(t.ctx.db, 'demo', eventcode);
  return t.ctx.db
    .select()
    .from(bidders)
    .where(and(eq(bidders.eventId, tenant.event.id), eq(bidders.accountId, accountId)));
};

/** All answers 200 and alike, naming the account's one bidder row of the event. */
async function expectOneBidder(
  answers: Array<{ statusCode: number; json(): { token: string; bidderdisplaynumber: number } }>,
  eventcode: string,
  accountId: number,
) {
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
  const rows = await rowsOf(eventcode, accountId);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(new Set(answers.map((a) => bidderIdOf(a.json().token)))).toEqual(new Set([row?.id]));
  expect(new Set(answers.map((a) => a.json().bidderdisplaynumber))).toEqual(new Set([row?.bidderdisplaynumber]));
}

let joiner: TestBidder;
let loginer: TestBidder;
let crowd: TestBidder[];

beforeAll(async () => {
  t = await appWithEvents(
    now,
    eventDocument(now),
    ...['joinrace', 'loginrace', 'crowdrace'].map((eventcode) => eventDocument(now, { eventcode })),
  );
  joiner = await makeBidder(t, 'gala', 'joiner@example.org');
  loginer = await makeBidder(t, 'gala', 'loginer@example.org');
  crowd = await Promise.all(Array.from({ length: TAPS }, (_, i) => makeBidder(t, 'gala', `crowd${i}@example.org`)));
  await t.ctx.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(accounts.id, loginer.accountId));
});
afterAll(async () => t.close());

describe('joining an event at once', () => {
  it(`answers ${TAPS} joins of one account with its one bidder`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TAPS }, () => postAs(t, '/api/join', { eventcode: 'joinrace' }, joiner.token)),
    );
    await expectOneBidder(answers, 'joinrace', joiner.accountId);
    expect(answers[0]?.json().bidderdisplaynumber).toBe(101);
  });

  it(`answers ${TAPS} first logins of one account with its one bidder`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TAPS }, () =>
        postAs(t, '/api/login', { email: 'loginer@example.org', password: PASSWORD, eventcode: 'loginrace' }),
      ),
    );
    await expectOneBidder(answers, 'loginrace', loginer.accountId);
  });

  it('gives accounts joining at once numbers of their own', async () => {
    const answers = await Promise.all(crowd.map((b) => postAs(t, '/api/join', { eventcode: 'crowdrace' }, b.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    const numbers = answers.map((a) => a.json().bidderdisplaynumber);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: TAPS }, (_, i) => 101 + i));
    const ids = answers.map((a) => bidderIdOf(a.json().token));
    expect(new Set(ids).size).toBe(TAPS);
  });
});
