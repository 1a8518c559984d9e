import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskWords } from '@gavel/domain';
import { accounts, audit, orders, outbox, paymentAllocations, wonItems } from '../../../db/schema';
import type { TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, newKey, saveTestCard, testCryptogram } from '../../../test/payments-fixtures';
import { balance, DECLINED, type Desk, deskState, deskWorld, guest, now, openItems, pay, VISA } from './desk-fixtures';

/** The desk's payment call: its refusals (nothing written), part payments, couples, replays and the audit log. */
let t: TestApp;
let desk: Desk;

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
});
afterAll(async () => t.close());

/** A bidder owing a gift ($40) and a tote ($25.50): $65.50. */
async function owing(name: string): Promise<TestBidder> {
  const who = await guest(t, name);
  await buyNow(t, who, 'gala', desk.ids.gift!);
  await buyNow(t, who, 'gala', desk.ids.tote!);
  return who;
}

const raw = (who: TestBidder, payload: object, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/events/gala/bidders/${who.accountId}/payments`,
    headers,
    payload,
  });

describe('refusals write nothing', () => {
  it('refuses callers who are not this organization’s staff', async () => {
    const ann = await owing('Ann');
    const before = await deskState(t);
    const body = { method: 'cash', amount: 10 };
    const key = { 'idempotency-key': newKey() };
    expect((await raw(ann, body, key)).statusCode).toBe(401);
    const bidder = await raw(ann, body, { ...key, ...ann.auth });
    expect(bidder.statusCode).toBe(401);
    expect(bidder.json().message).toBe('Please sign in to the console.');
    const other = await raw(ann, body, { ...key, ...desk.otherOwner.headers });
    expect(other.statusCode).toBe(401);
    // A staff token is no bidder's: the phone's checkout refuses it.
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { ...desk.volunteer.headers, 'idempotency-key': newKey() },
      payload: { eventcode: 'gala', historyid: [1], totalamount: 1 },
    });
    expect(phone.statusCode).toBe(401);
    expect(await deskState(t)).toEqual(before);
  });

  it('refuses bad input with the field’s message', async () => {
    const ann = await owing('Ann');
    const before = await deskState(t);
    const send = (payload: object) => raw(ann, payload, { ...desk.volunteer.headers, 'idempotency-key': newKey() });
    const cases: Array<[object, string, string?]> = [
      [{ method: 'cash', amount: 0 }, 'amount', deskWords.amountZero],
      [{ method: 'cash', amount: -5 }, 'amount'],
      [{ method: 'cash' }, 'amount'],
      [{ method: 'bitcoin', amount: 5 }, 'method', 'must be card, newcard, cash or check'],
      [{ method: 'check', amount: 5 }, 'reference', deskWords.checkNumber],
      [{ method: 'newcard', amount: 5 }, 'processortoken', deskWords.newCard],
      [{ method: 'cash', amount: 5, forbidderids: [0] }, 'forbidderids[0]'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const errors = res.json().errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).toContain(path);
      if (message) expect(errors.find((e) => e.path === path)?.message).toBe(message);
    }
    const cents = await send({ method: 'cash', amount: 10.005 });
    expect(cents.json().message).toBe('The amount must have at most two decimals.');
    expect(await deskState(t)).toEqual(before);
  });

  it('refuses without an Idempotency-Key, for an unknown bidder, more than is due, and a card not on file', async () => {
    const ann = await owing('Ann');
    const before = await deskState(t);
    const noKey = await pay(t, desk.volunteer, ann, { method: 'cash', amount: 1000 }, null);
    expect(noKey).toMatchObject({ statusCode: 400, failure: { message: deskWords.keyRequired } });
    const nobody = await pay(t, desk.volunteer, { ...ann, accountId: 999_999 }, { method: 'cash', amount: 1000 });
    expect(nobody).toMatchObject({ statusCode: 404, failure: { message: deskWords.notFound } });
    const otherNobody = await pay(t, desk.volunteer, ann, { method: 'cash', amount: 1000, forbidderids: [999_999] });
    expect(otherNobody).toMatchObject({ statusCode: 404, failure: { message: deskWords.notFound } });
    const tooMuch = await pay(t, desk.volunteer, ann, { method: 'cash', amount: 6551 });
    expect(tooMuch).toMatchObject({ statusCode: 400, failure: { message: 'This is more than is due ($65.50).' } });
    const noCard = await pay(t, desk.volunteer, ann, { method: 'card', amount: 1000 });
    expect(noCard).toMatchObject({ statusCode: 400, failure: { message: deskWords.noCardOnFile } });
    expect(await deskState(t)).toEqual(before);
  });
});

describe('taking payments', () => {
  it('takes part in cash, then the rest on the card on file; the phone is sent to the desk meanwhile', async () => {
    const ann = await owing('Ann');
    expect((await saveTestCard(t, ann, 'gala', VISA)).statusCode).toBe(200);
    const cash = await pay(t, desk.volunteer, ann, { method: 'cash', amount: 2000 });
    expect(cash.ok && cash.answer).toMatchObject({
      result: 'paid',
      amount: 2000,
      due: 4550,
      message: 'Paid $20.00; $45.50 is still due.',
    });
    // A part payment ties nothing: the items stay open, and the phone may not pay them in full again.
    expect(await openItems(t, ann)).toHaveLength(2);
    const phone = await checkoutAs(t, ann, {
      historyid: (await openItems(t, ann)).map((w) => w.id),
      processortoken: await testCryptogram(t, 'gala', VISA),
      totalamount: 65.5,
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe(deskWords.payRestAtDesk);
    const mail = await t.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail[0]?.subject).toMatch(/^Payment received/);

    const card = await pay(t, desk.volunteer, ann, { method: 'card', amount: 4550 });
    expect(card.ok && card.answer).toMatchObject({ result: 'paid', due: 0, message: 'Paid $45.50.' });
    expect(await openItems(t, ann)).toHaveLength(0);
    const b = await balance(t, desk.volunteer, ann);
    expect(b).toMatchObject({ due: 0, paid: 6550, charged: 6550, inprogress: false });
    expect(b.payments.map((p) => [p.method, p.amount, p.paidby.bidderid])).toEqual([
      ['cash', 2000, ann.accountId],
      ['card', 4550, ann.accountId],
    ]);
    expect(b.payments[1]?.card).toBe('Visa ending in 4242');
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.bidderId, ann.bidderId));
    expect(order).toMatchObject({ method: 'desk', state: 'paid', subtotal: 6550, total: 6550, cardlast4: '4242' });
    expect(b.receipts).toEqual([order!.id]);
    // The phone's order history names the desk.
    const mine = await t.app.inject({ method: 'GET', url: '/api/myorders?eventcode=gala', headers: ann.auth });
    expect(mine.body).toContain('Paid at the checkout desk: Visa ending in 4242');
    // Paid in full: another payment answers "already paid", with the receipt.
    const again = await pay(t, desk.volunteer, ann, { method: 'cash', amount: 100 });
    expect(again.ok && again.answer).toMatchObject({ result: 'alreadypaid', receipts: [order!.id], due: 0 });
  });

  it('pays a couple’s balances on one payment; both balances show who paid', async () => {
    const carl = await owing('Carl');
    const dana = await owing('Dana');
    const res = await pay(t, desk.volunteer, carl, {
      method: 'check',
      amount: 13_100,
      reference: '1042',
      forbidderids: [dana.accountId],
    });
    expect(res.ok && res.answer).toMatchObject({ result: 'paid', due: 0, amount: 13_100 });
    for (const who of [carl, dana]) {
      const b = await balance(t, desk.volunteer, who);
      expect(b.due).toBe(0);
      expect(b.payments).toHaveLength(1);
      expect(b.payments[0]).toMatchObject({
        method: 'check',
        amount: 6550,
        reference: '1042',
        paidby: { bidderid: carl.accountId },
      });
      expect(await openItems(t, who)).toHaveLength(0);
    }
    const receipt = await call(t.app, 'GET /console/events/:eventcode/bidders/:bidderid/receipt', undefined, {
      params: { eventcode: 'gala', bidderid: dana.accountId },
      headers: desk.volunteer.headers,
    });
    expect(receipt.ok && receipt.answer).toMatchObject({ eventname: expect.any(String), due: 0 });
    expect(receipt.ok && receipt.answer.payments[0]?.paidby.name).toMatch(/^Carl/);
    expect(receipt.ok && receipt.answer.pickupcode).not.toBe('');
    const entry = (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];
    expect(entry).toMatchObject({ kind: 'desk.payment', actor: 'Val Volunteer' });
    expect(entry?.summary).toMatch(/^Took \$131\.00 by check \(1042\) from Carl .* paying also for Dana/);
    expect(entry?.before).toMatchObject({ due: 13_100 });
    expect(entry?.after).toMatchObject({ due: 0, amount: 13_100, method: 'check' });
    const allocations = await t.ctx.db.select().from(paymentAllocations);
    expect(allocations.filter((a) => a.bidderId === dana.bidderId)[0]?.orderId).not.toBeNull();
    // The payer gets one receipt naming every balance the check paid (issue 47, finding 6).
    const emailOf = async (who: TestBidder) =>
      (await t.ctx.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, who.accountId)))[0]
        ?.email ?? '';
    const toCarl = (
      await t.ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, await emailOf(carl)))
    ).filter((m) => m.subject.startsWith('Your payment for 2 balances'));
    expect(toCarl).toHaveLength(1);
    expect(toCarl[0]?.text).toContain('we took $131.00 by check (1042) at the checkout desk for these balances:');
    expect(toCarl[0]?.text).toContain('Your balance: $65.50');
    expect(toCarl[0]?.text).toMatch(/Dana.* \(bidder \d+\): \$65\.50/);
    const toDana = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, await emailOf(dana)));
    expect(toDana.filter((m) => m.subject.startsWith('Your payment for'))).toHaveLength(0);
  });

  // Issue 47: three refused charges were entered as "Took $975.00 by card from Emery Demo", three times.
  it('enters a refused card as refused, with the reason, and never as taken', async () => {
    const fay = await owing('Fay');
    const before = (await t.ctx.db.select().from(audit)).length;
    for (let i = 0; i < 3; i++) {
      const refused = await pay(t, desk.volunteer, fay, {
        method: 'newcard',
        amount: 6550,
        processortoken: await testCryptogram(t, 'gala', DECLINED),
      });
      expect(refused.ok).toBe(false);
    }
    const entries = (await t.ctx.db.select().from(audit).orderBy(desc(audit.id))).slice(0, 3);
    expect((await t.ctx.db.select().from(audit)).length).toBe(before + 3);
    for (const entry of entries) {
      expect(entry).toMatchObject({ kind: 'desk.payment.declined', actor: 'Val Volunteer' });
      expect(entry.summary).toMatch(/^Card refused: \$65\.50 from Fay .*, not taken: Your card was declined/);
      expect(entry.after).toMatchObject({ state: 'failed', due: 6550 });
    }
    expect(entries.some((e) => e.summary.startsWith('Took'))).toBe(false);
  });

  it('replays a key’s answer, and refuses the key with another body (422)', async () => {
    const erin = await owing('Erin');
    const key = newKey();
    const first = await pay(t, desk.volunteer, erin, { method: 'cash', amount: 1000 }, key);
    const again = await pay(t, desk.volunteer, erin, { method: 'cash', amount: 1000 }, key);
    expect(again).toEqual(first);
    const other = await pay(t, desk.volunteer, erin, { method: 'cash', amount: 2000 }, key);
    expect(other.statusCode).toBe(422);
    const b = await balance(t, desk.volunteer, erin);
    expect(b.payments).toHaveLength(1);
    expect(b.due).toBe(5550);
  });

  it('looks bidders up by number, name or scanned code, with what is due', async () => {
    const fay = await owing('Fay');
    const [row] = await t.ctx.db.select().from(wonItems).where(eq(wonItems.bidderId, fay.bidderId)).limit(1);
    expect(row).toBeDefined();
    const b = await balance(t, desk.volunteer, fay);
    const look = (q: string) =>
      call(t.app, 'GET /console/events/:eventcode/desk', undefined, {
        params: { eventcode: 'gala' },
        query: { q },
        headers: desk.volunteer.headers,
      });
    for (const q of ['Fay', `gavel-bidder:${b.bidder.biddernumber}`, String(b.bidder.biddernumber)]) {
      const res = await look(q);
      expect(res.ok && res.answer.bidders.find((x) => x.bidderid === fay.accountId)).toMatchObject({
        due: 6550,
        cardonfile: false,
        card: '',
      });
    }
    const none = await look('nobody-here');
    expect(none.ok && none.answer).toMatchObject({ bidders: [], message: 'Nobody found for “nobody-here”.' });
  });
});
