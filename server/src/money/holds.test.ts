import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdWords } from '@gavel/domain';
import { audit, lineHolds } from '../db/schema';
import type { TestBidder } from '../test/account-fixtures';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';
import { buyNow, checkoutAs, saveTestCard, testCryptogram } from '../test/payments-fixtures';
import {
  balance,
  type Desk,
  deskWorld,
  guest,
  now,
  openItems,
  pay,
  VISA,
} from '../features/console/desk/desk-fixtures';
import { runJobUntilDone, startRun } from '../features/console/chargeall/chargeall-fixtures';
import { signedInStaff, type TestStaff } from '../test/console-fixtures';

/**
 * Disputes at the desk (issue 47: "a disputed item cannot be held or taken off at the desk, so
 * charge all charges it"): a held line is taken by no desk, no phone and no charge-all run until it
 * is released (owed again) or removed (owed by nobody).
 */
let t: TestApp;
let desk: Desk;
let owner: TestStaff;

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
});
afterAll(async () => t.close());

/** A bidder with a card on file owing a gift ($40) and a tote ($25.50). */
async function owing(name: string): Promise<TestBidder & { gift: number; tote: number }> {
  const who = await guest(t, name);
  expect((await saveTestCard(t, who, 'gala', VISA)).statusCode).toBe(200);
  const gift = await buyNow(t, who, 'gala', desk.ids.gift!);
  const tote = await buyNow(t, who, 'gala', desk.ids.tote!);
  return { ...who, gift, tote };
}

const holdOf = (who: TestBidder, lineid: number, reason = 'Says the tote is not theirs', staff = desk.staffer) =>
  call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/holds',
    { kind: 'item', lineid, reason },
    { params: { eventcode: 'gala', bidderid: who.accountId }, headers: staff.headers },
  );

const resolve = (holdid: number, action: 'release' | 'remove', reason = 'Checked the bid sheet') =>
  call(
    t.app,
    'POST /console/events/:eventcode/holds/:holdid',
    { action, reason },
    { params: { eventcode: 'gala', holdid }, headers: desk.staffer.headers },
  );

describe('a hold', () => {
  it('is refused to a volunteer, without a reason, on a paid line or another bidder’s, and twice', async () => {
    const ann = await owing('Ann');
    const bo = await owing('Bo');
    const before = await t.ctx.db.select().from(lineHolds);
    expect((await holdOf(ann, ann.tote, 'x', desk.volunteer)).statusCode).toBe(403);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/gala/bidders/${ann.accountId}/holds`,
      headers: desk.staffer.headers,
      payload: { kind: 'item', lineid: ann.tote, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(holdWords.reason);
    expect((await holdOf(ann, bo.tote)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(lineHolds)).toEqual(before);
    const first = await holdOf(ann, ann.tote);
    expect(first.ok).toBe(true);
    const again = await holdOf(ann, ann.tote);
    expect(again.ok || again.failure.message).toBe(holdWords.already);
    // A paid line is given back, not held.
    const paid = await pay(t, desk.volunteer, bo, { method: 'cash', amount: 6550 });
    expect(paid.ok).toBe(true);
    const late = await holdOf(bo, bo.tote);
    expect(late.ok || late.failure.message).toBe(holdWords.notOpen);
  });

  it('keeps the desk, the phone and charge all from taking money for the line until it is released', async () => {
    const cy = await owing('Cy');
    const held = await holdOf(cy, cy.tote);
    if (!held.ok) throw new Error(held.failure.message);
    expect(held.answer.message).toBe(holdWords.held('#tote Gala Tote'));
    const b = await balance(t, desk.volunteer, cy);
    expect(b).toMatchObject({ charged: 4_000, held: 2_550, due: 4_000 });
    expect(b.lines.find((l) => l.id === cy.tote)?.hold).toEqual({
      id: held.answer.holdid,
      reason: 'Says the tote is not theirs',
    });

    // The phone: not in the cart, refused at checkout, shown on the balance as on hold.
    const cart = await call(t.app, 'GET /cart', undefined, { query: { eventcode: 'gala' }, headers: cy.auth });
    if (!cart.ok) throw new Error('cart');
    expect(cart.answer.auctionswon.map((w) => w.historyid)).toEqual([cy.gift]);
    expect(cart.answer.balance.lines).toMatchObject([
      { label: 'Gala Tote (on hold at the checkout desk)', held: true },
    ]);
    const phone = await checkoutAs(t, cy, {
      eventcode: 'gala',
      historyid: [cy.tote],
      processortoken: await testCryptogram(t, 'gala', VISA),
      totalamount: 25.5,
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe(holdWords.onHold);

    // Charge all takes the gift only; the tote stays in the cart, untied.
    const run = await startRun(t, owner.headers);
    expect(run.ok).toBe(true);
    await runJobUntilDone(t);
    const after = await balance(t, desk.volunteer, cy);
    expect(after).toMatchObject({ charged: 4_000, held: 2_550, paid: 4_000, due: 0 });
    expect((await openItems(t, cy)).map((w) => w.id)).toEqual([cy.tote]);

    // Released: owed again, and paid like any line.
    const released = await resolve(held.answer.holdid, 'release');
    expect(released.ok && released.answer.message).toBe(holdWords.released('#tote Gala Tote'));
    expect(await balance(t, desk.volunteer, cy)).toMatchObject({ charged: 6_550, held: 0, due: 2_550 });
    const paid = await pay(t, desk.volunteer, cy, { method: 'cash', amount: 2_550 });
    expect(paid.ok && paid.answer.result).toBe('paid');
    expect((await resolve(held.answer.holdid, 'remove')).statusCode).toBe(409);
  });

  it('removed, is owed by nobody, and the audit log says who held it, who removed it and why', async () => {
    const di = await owing('Di');
    const held = await holdOf(di, di.tote, 'Bid placed by a child');
    if (!held.ok) throw new Error(held.failure.message);
    const summaryNow = async () => {
      const res = await call(t.app, 'GET /console/events/:eventcode/reports/summary', undefined, {
        params: { eventcode: 'gala' },
        query: {},
        headers: owner.headers,
      });
      if (!res.ok) throw new Error('summary');
      return res.answer;
    };
    const before = await summaryNow();
    const removed = await resolve(held.answer.holdid, 'remove', 'Organizer agreed');
    expect(removed.ok && removed.answer.message).toBe(holdWords.removed('#tote Gala Tote'));
    const b = await balance(t, desk.volunteer, di);
    expect(b).toMatchObject({ charged: 4_000, held: 0, due: 4_000 });
    expect(b.lines.map((l) => l.label)).toEqual(['Gift Basket']);
    // Off the summary's held, and raised by nobody.
    const after = await summaryNow();
    expect(after.held).toBe(before.held - 2_550);
    expect(after.raised).toBe(before.raised);
    const entries = (await t.ctx.db.select().from(audit).orderBy(asc(audit.id))).filter((a) =>
      a.kind.startsWith('desk.hold'),
    );
    expect(entries.slice(-2).map((e) => [e.kind, e.summary])).toEqual([
      ['desk.hold', `Held #tote Gala Tote (item ${di.tote}): Bid placed by a child`],
      ['desk.hold.remove', 'Removed from the bidder: #tote Gala Tote: Organizer agreed'],
    ]);
    const [row] = await t.ctx.db.select().from(lineHolds).where(eq(lineHolds.id, held.answer.holdid));
    expect(row).toMatchObject({ state: 'removed', resolution: 'Organizer agreed', resolvedBy: desk.staffer.id });
    // Unknown holds, and another event's, are 404.
    expect((await resolve(999_999, 'release')).statusCode).toBe(404);
  });
});
