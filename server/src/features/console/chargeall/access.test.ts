import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeAllWords, roleNeeded, skipWords } from '@gavel/domain';
import { audit, chargeRunBidders, chargeRuns } from '../../../db/schema';
import { importEvent, makeBidder } from '../../../test/account-fixtures';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs } from '../../../test/payments-fixtures';
import {
  INSUFFICIENT,
  itemIds,
  type NightBidder,
  nightBidders,
  plenty,
  preview,
  startRun,
  witness,
  type Witness,
} from './chargeall-fixtures';

/** Who may preview and start a run, what bad input gets, and the preview's charged and skipped bidders. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
let ids: Record<string, number>;
let carded: NightBidder[];
let poor: NightBidder[];
let cardless: NightBidder[];
let small: NightBidder[];
let phonePaid: NightBidder[];
let busy: NightBidder[];
let seen: Witness;

const count = async (table: typeof chargeRuns | typeof chargeRunBidders | typeof audit) =>
  (await t.ctx.db.select().from(table)).length;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items: [plenty('gift', 40), plenty('pin', 5)] }));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  staffer = await signedInStaff(t, { role: 'staff' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  ids = await itemIds(t);
  seen = witness(t);
  carded = await nightBidders(t, { prefix: 'card', count: 2, itemId: ids.gift! });
  poor = await nightBidders(t, { prefix: 'poor', count: 1, itemId: ids.gift!, card: INSUFFICIENT });
  cardless = await nightBidders(t, { prefix: 'nocard', count: 1, itemId: ids.gift!, card: null });
  small = await nightBidders(t, { prefix: 'small', count: 1, itemId: ids.pin! });
  phonePaid = await nightBidders(t, { prefix: 'phone', count: 1, itemId: ids.gift! });
  busy = await nightBidders(t, { prefix: 'busy', count: 1, itemId: ids.gift! });
  // One paid on the phone already; one whose phone checkout is under way (its answer lost: pending).
  const payOnPhone = (who: NightBidder) =>
    checkoutAs(t, who, { historyid: [who.historyid], usecard: true, totalamount: 40 });
  expect((await payOnPhone(phonePaid[0]!)).statusCode).toBe(200);
  seen.loseAnswers(true);
  await payOnPhone(busy[0]!);
  seen.loseAnswers(false);
  // A bidder who never won anything is not listed at all.
  await makeBidder(t, 'gala', 'idle@example.org');
  // Two pins: $10.00 owed, below a minimum of $15.00.
  await buyNow(t, small[0]!, 'gala', ids.pin!);
});
afterAll(async () => {
  seen.restore();
  await t.close();
});

describe('who may use charge all', () => {
  it('refuses staff and volunteers with the role needed, on every call', async () => {
    for (const who of [staffer, volunteer]) {
      const refused = [
        await preview(t, who.headers),
        await startRun(t, who.headers),
        await t.app.inject({ method: 'GET', url: '/api/console/events/gala/charge-all', headers: who.headers }),
        await t.app.inject({ method: 'GET', url: '/api/console/events/gala/charge-all/1', headers: who.headers }),
        await t.app.inject({
          method: 'POST',
          url: '/api/console/events/gala/charge-all/1/pay-links',
          headers: who.headers,
          payload: { bidderids: [1] },
        }),
      ];
      for (const res of refused) {
        const status = 'statusCode' in res ? res.statusCode : 0;
        const body = 'failure' in res ? res.failure : 'json' in res ? res.json() : undefined;
        expect(status).toBe(403);
        expect(body).toMatchObject({ message: roleNeeded('owner') });
      }
    }
    expect(await count(chargeRuns)).toBe(0);
  });

  it("refuses a bidder's token and another organization's owner", async () => {
    const asBidder = await preview(t, carded[0]!.auth);
    expect(asBidder.statusCode).toBe(401);
    const asOther = await preview(t, otherOwner.headers);
    expect(asOther.statusCode).toBe(401);
    expect(await count(chargeRuns)).toBe(0);
  });
});

describe('bad input', () => {
  it('refuses a negative or over-precise minimum, and a missing preview flag, writing nothing', async () => {
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/console/events/gala/charge-all', headers: owner.headers, payload });
    const negative = await send({ preview: true, minimum: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('must not be negative');
    const cents = await send({ preview: false, minimum: 1.234 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe('The minimum must have at most two decimals.');
    expect((await send({ minimum: 5 })).statusCode).toBe(400);
    expect(await count(chargeRuns)).toBe(0);
  });

  it('refuses to start a run without an Idempotency-Key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/events/gala/charge-all',
      headers: owner.headers,
      payload: { preview: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Starting a run needs an Idempotency-Key header.');
    expect(await count(chargeRuns)).toBe(0);
    expect(await count(audit)).toBe(0);
  });

  it('answers 404 for a run or pay links of a run that does not exist, and 400 for no bidders', async () => {
    const run = await t.app.inject({
      method: 'GET',
      url: '/api/console/events/gala/charge-all/999',
      headers: owner.headers,
    });
    expect(run.statusCode).toBe(404);
    const links = (bidderids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/console/events/gala/charge-all/999/pay-links',
        headers: owner.headers,
        payload: { bidderids },
      });
    expect((await links([carded[0]!.accountId])).statusCode).toBe(404);
    const none = await links([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('must name at least one bidder');
  });
});

describe('the preview', () => {
  it('lists who would be charged (count and total) and who is skipped, and why', async () => {
    const res = await preview(t, owner.headers, 1500);
    if (!res.ok || 'runid' in res.answer) throw new Error(JSON.stringify(res));
    const charged = res.answer.bidders.map((b) => b.bidderid).sort();
    expect(charged).toEqual([...carded, ...poor].map((b) => b.accountId).sort());
    expect(res.answer.total).toBe(3 * 4000);
    expect(res.answer.bidders[0]).toMatchObject({ due: 4000, email: expect.stringContaining('@example.org') });
    const why = Object.fromEntries(res.answer.skipped.map((s) => [s.bidderid, [s.why, s.reason]]));
    expect(why[cardless[0]!.accountId]).toEqual(['nocard', skipWords('nocard', 1500)]);
    expect(why[phonePaid[0]!.accountId]).toEqual(['paid', 'Already paid']);
    expect(why[busy[0]!.accountId]).toEqual(['inprogress', 'A payment is in progress']);
    expect(why[small[0]!.accountId]).toEqual(['belowminimum', 'Owes less than the minimum ($15.00)']);
    expect(res.answer.skipped).toHaveLength(4);
    // A preview writes nothing, and charges nothing.
    expect(await count(chargeRuns)).toBe(0);
    expect(seen.charges.size).toBe(2);
  });

  it('without a minimum, the small balance is charged too', async () => {
    const res = await preview(t, owner.headers);
    if (!res.ok || 'runid' in res.answer) throw new Error(JSON.stringify(res));
    expect(res.answer.bidders.map((b) => b.bidderid)).toContain(small[0]!.accountId);
    expect(res.answer.total).toBe(3 * 4000 + 2 * 500);
  });

  it('starts a run in one transaction: queued at the previewed dues, audited with its key; a retry answers the same run', async () => {
    const first = await startRun(t, owner.headers, { key: 'start-run-0001' });
    if (!first.ok || !('runid' in first.answer)) throw new Error(JSON.stringify(first));
    const { runid } = first.answer;
    expect(first.answer.message).toBe(chargeAllWords.started(4, 13000));
    const again = await startRun(t, owner.headers, { key: 'start-run-0001' });
    expect(again.ok && again.answer).toEqual(first.answer);
    const rows = await t.ctx.db.select().from(chargeRunBidders);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.state === 'queued' && r.runId === runid)).toBe(true);
    const [entry] = await t.ctx.db.select().from(audit);
    expect(entry).toMatchObject({ kind: 'chargeall.run', actor: 'Olive Owner' });
    expect(entry?.summary).toContain('Started charging 4 saved cards ($130.00)');
    expect(entry?.after).toMatchObject({ runid, count: 4, total: 13000, key: 'start-run-0001' });
    // The same key with another minimum is another request.
    const other = await startRun(t, owner.headers, { key: 'start-run-0001', minimum: 500 });
    expect(other.statusCode).toBe(422);
    // Another start while it runs is refused, naming the run.
    const second = await startRun(t, owner.headers, { key: 'start-run-0002' });
    expect(second.ok).toBe(false);
    expect(second.statusCode).toBe(409);
    if (!second.ok)
      expect(second.failure.message).toMatch(/^Run \d+, started by Olive Owner at .*, is still charging cards/);
    expect(await count(chargeRuns)).toBe(1);
    expect(await count(audit)).toBe(1);
  });
});
