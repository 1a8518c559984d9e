import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFailureMessages } from '@gavel/domain';
import { accounts, audit, outbox, paymentMethods } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { testCryptogram } from '../../../test/payments-fixtures';

/** A card at the check-in desk: typed into the event's card form there, or added on the bidder's phone by a link. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ann: TestBidder;
let bob: TestBidder;

const saveCard = (headers: Record<string, string>, bidderid: number, processortoken: string, key?: string) =>
  call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/card',
    { processortoken },
    { params: { eventcode: 'gala', bidderid }, headers: key ? { ...headers, 'idempotency-key': key } : headers },
  );
const cardLink = (headers: Record<string, string>, bidderid: number) =>
  call(t.app, 'POST /console/events/:eventcode/bidders/:bidderid/card-link', undefined, {
    params: { eventcode: 'gala', bidderid },
    headers,
  });

const counts = async () => ({
  cards: (await t.ctx.db.select().from(paymentMethods)).length,
  outbox: (await t.ctx.db.select({ id: outbox.id }).from(outbox)).length,
  audit: (await t.ctx.db.select({ id: audit.id }).from(audit)).length,
});
const lastAudit = async () => (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'fall' }));
  volunteer = await signedInStaff(t, { role: 'volunteer', name: 'Vera Volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  await t.ctx.db
    .update(accounts)
    .set({ lastname: 'Lee', cellphone: '3125550199' })
    .where(eq(accounts.id, ann.accountId));
});
afterAll(async () => t.close());

describe('POST /console/events/:eventcode/bidders/:bidderid/card', () => {
  it('refuses a bidder token, another organization, bad input, an unknown bidder and a declined card, writing nothing', async () => {
    const before = await counts();
    const token = await testCryptogram(t, 'gala', '4242424242424242');
    expect((await saveCard(ann.auth, ann.accountId, token)).statusCode).toBe(401);
    expect((await saveCard(otherOwner.headers, ann.accountId, token)).statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/gala/bidders/${ann.accountId}/card`,
      headers: volunteer.headers,
      payload: { processortoken: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('processortoken: Please enter a valid credit card.');
    expect((await saveCard(volunteer.headers, 999_999, token)).statusCode).toBe(404);
    const declined = await saveCard(
      volunteer.headers,
      ann.accountId,
      await testCryptogram(t, 'gala', '4000000000000002'),
    );
    expect(declined.statusCode).toBe(402);
    if (!declined.ok) expect(declined.failure.message).toBe(cardFailureMessages.declined);
    expect(await counts()).toEqual(before);
  });

  it("saves the card typed at the desk as the bidder's card on file, audited; a retry with its key saves it once", async () => {
    const token = await testCryptogram(t, 'gala', '4242424242424242');
    const key = 'desk-card-test-0001';
    const res = await saveCard(volunteer.headers, ann.accountId, token, key);
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.message).toBe('Visa ending in 4242 is saved for Ann Lee (bidder 101).');
    expect(res.answer.bidder.card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(await lastAudit()).toMatchObject({
      kind: 'checkin.card',
      actor: 'Vera Volunteer',
      summary: 'Saved Visa ending in 4242 for Ann Lee (bidder 101) at the desk',
      before: { bidderid: ann.accountId, card: null },
      after: { bidderid: ann.accountId, card: { brand: 'Visa', last4: '4242' } },
    });
    const before = await counts();
    const again = await saveCard(volunteer.headers, ann.accountId, token, key);
    expect(again.ok && again.answer.message).toBe(res.answer.message);
    expect(await counts()).toEqual(before);
    const desk = await call(t.app, 'GET /console/events/:eventcode/checkins', undefined, {
      params: { eventcode: 'gala' },
      query: { q: '' },
      headers: volunteer.headers,
    });
    expect(desk.ok && desk.answer.counters).toMatchObject({ withcard: 1, withoutcard: 1 });
  });
});

describe('POST /console/events/:eventcode/bidders/:bidderid/card-link', () => {
  it('refuses a bidder token, another organization and an unknown bidder, writing nothing', async () => {
    const before = await counts();
    expect((await cardLink(ann.auth, ann.accountId)).statusCode).toBe(401);
    expect((await cardLink(otherOwner.headers, ann.accountId)).statusCode).toBe(401);
    expect((await cardLink(volunteer.headers, 999_999)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("sends a sign-in link to the bidder app's card page by email and text, audited", async () => {
    const res = await cardLink(volunteer.headers, ann.accountId);
    expect(res.ok && res.answer.message).toBe('A link to add a card was sent to Ann Lee by email and text.');
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(mail?.subject).toBe('Add your card for Test Gala');
    const link = mail?.links.find((l) => l.includes('/auth/passwordlessLogin/'));
    if (!link) throw new Error('no sign-in link');
    expect(new URL(link).searchParams.get('then')).toBe('/gala/account-update-payment-method');
    const [text] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, '3125550199'));
    expect(text).toMatchObject({ channel: 'text' });
    expect(text?.text).toContain('Test Gala: add your card to bid and check out fast: http');
    expect(await lastAudit()).toMatchObject({
      kind: 'checkin.cardlink',
      summary: 'Sent Ann Lee (bidder 101) a link to add a card by email and text',
    });
    // The link signs in once: the bidder lands on their card page, signed in.
    const secret = new URL(link).pathname.split('/').pop() ?? '';
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    expect(signedIn.json()).toMatchObject({ status: 'success', email: 'ann@example.org' });
  });

  it('emails only a bidder without a cell phone', async () => {
    const res = await cardLink(volunteer.headers, bob.accountId);
    expect(res.ok && res.answer.message).toBe('A link to add a card was sent to Bob Tester by email.');
  });
});
