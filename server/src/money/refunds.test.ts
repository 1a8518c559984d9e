import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestOf, refundWords } from '@gavel/domain';
import { audit, refunds } from '../db/schema';
import { reconcileRefunds } from './refunds';
import type { TestBidder } from '../test/account-fixtures';
import { call } from '../test/call';
import { signedInStaff, type TestStaff } from '../test/console-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { buyNow, checkoutAs, newKey, saveTestCard, testCryptogram } from '../test/payments-fixtures';
import {
  balance,
  type Desk,
  deskState,
  deskWorld,
  guest,
  now,
  openItems,
  pay,
  VISA,
} from '../features/console/desk/desk-fixtures';

/** Money given back at the desk (owner): refunds in part or whole, voids, their refusals and replays. */
let t: TestApp;
let desk: Desk;
let owner: TestStaff;

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
});
afterAll(async () => t.close());

type RefundBody = RequestOf<'POST /console/events/:eventcode/bidders/:bidderid/refunds'>;

/** A bidder owing a gift ($40) and a tote ($25.50): $65.50. */
async function owing(name: string): Promise<TestBidder> {
  const who = await guest(t, name);
  await buyNow(t, who, 'gala', desk.ids.gift!);
  await buyNow(t, who, 'gala', desk.ids.tote!);
  return who;
}

function giveBack(
  who: TestBidder,
  body: Partial<RefundBody> & Pick<RefundBody, 'paymentid' | 'amount'>,
  { staff = owner, key = newKey() }: { staff?: TestStaff; key?: string | null } = {},
) {
  return call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/refunds',
    { source: 'desk', reason: 'Wrong amount typed', void: false, ...body },
    {
      params: { eventcode: 'gala', bidderid: who.accountId },
      headers: { ...staff.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    },
  );
}

/** Pays the whole $65.50 at the desk; answers the payment's id. */
async function paidInFull(who: TestBidder, method: 'cash' | 'card'): Promise<number> {
  if (method === 'card') expect((await saveTestCard(t, who, 'gala', VISA)).statusCode).toBe(200);
  const paid = await pay(t, desk.volunteer, who, { method, amount: 6550 });
  if (!paid.ok) throw new Error(paid.failure.message);
  expect(paid.answer.result).toBe('paid');
  return paid.answer.paymentid ?? 0;
}

const refundRows = () => t.ctx.db.select().from(refunds).orderBy(asc(refunds.id));

describe('refusals give nothing back and write nothing', () => {
  it('refuses a volunteer and a staff member (403), no key (400), no reason, too much, an unknown payment', async () => {
    const ann = await owing('Ann');
    const paymentid = await paidInFull(ann, 'cash');
    const bo = await owing('Bo');
    const before = { desk: await deskState(t), refunds: await refundRows() };
    for (const staff of [desk.volunteer, desk.staffer])
      expect((await giveBack(ann, { paymentid, amount: 100 }, { staff })).statusCode).toBe(403);
    const noKey = await giveBack(ann, { paymentid, amount: 100 }, { key: null });
    expect(noKey.statusCode).toBe(400);
    if (!noKey.ok) expect(noKey.failure.message).toBe(refundWords.keyRequired);
    const raw = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/console/events/gala/bidders/${ann.accountId}/refunds`,
        headers: { ...owner.headers, 'idempotency-key': newKey() },
        payload,
      });
    const noReason = await raw({ paymentid, amount: 1, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(refundWords.reason);
    const tooMuch = await giveBack(ann, { paymentid, amount: 6551 });
    expect(tooMuch.statusCode).toBe(400);
    if (!tooMuch.ok) expect(tooMuch.failure.message).toBe(refundWords.moreThanLeft(6550));
    expect((await giveBack(ann, { paymentid: paymentid + 1000, amount: 100 })).statusCode).toBe(404);
    const partVoid = await giveBack(ann, { paymentid, amount: 100, void: true });
    expect(partVoid.statusCode).toBe(400);
    if (!partVoid.ok) expect(partVoid.failure.message).toBe(refundWords.voidWhole(6550));
    // Another bidder's payment is not on this balance.
    expect((await giveBack(bo, { paymentid, amount: 100 })).statusCode).toBe(404);
    expect((await raw({ paymentid, amount: -5, reason: 'x' })).statusCode).toBe(400);
    const after = { desk: await deskState(t), refunds: await refundRows() };
    expect({ ...after, desk: { ...after.desk, keys: [] } }).toEqual({ ...before, desk: { ...before.desk, keys: [] } });
  });
});

describe('a refund', () => {
  it('gives cash back in part: the balance owes it again, the audit says who and why, a retry gives nothing more', async () => {
    const cy = await owing('Cy');
    const paymentid = await paidInFull(cy, 'cash');
    const key = newKey();
    const first = await giveBack(cy, { paymentid, amount: 1550, reason: 'Tote returned damaged' }, { key });
    expect(first.ok && first.answer).toMatchObject({ result: 'refunded', amount: 1550, due: 1550, credit: 0 });
    if (first.ok) expect(first.answer.message).toBe(refundWords.refunded(1550, 'in cash'));
    const again = await giveBack(cy, { paymentid, amount: 1550, reason: 'Tote returned damaged' }, { key });
    expect(again.ok && again.answer.refundid).toBe(first.ok && first.answer.refundid);
    const other = await giveBack(cy, { paymentid, amount: 100, reason: 'Tote returned damaged' }, { key });
    expect(other.statusCode).toBe(422);
    const b = await balance(t, owner, cy);
    expect(b).toMatchObject({ charged: 6550, paid: 5000, due: 1550, credit: 0 });
    const back = b.payments.find((p) => p.source === 'refund');
    expect(back).toMatchObject({
      amount: -1550,
      method: 'cash',
      reference: 'Tote returned damaged',
      of: { source: 'desk', id: paymentid },
    });
    expect(b.payments.find((p) => p.source === 'desk')?.refundable).toBe(5000);
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'desk.refund'));
    expect(entry?.summary).toBe(`Refunded $15.50 in cash of payment ${paymentid}: Tote returned damaged`);
    expect(entry?.staffId).toBe(owner.id);
  });

  it('gives a card payment back through the processor, then nothing is left to give', async () => {
    const di = await owing('Di');
    const paymentid = await paidInFull(di, 'card');
    const whole = await giveBack(di, { paymentid, amount: 6550, reason: 'Paid twice by mistake' });
    expect(whole.ok && whole.answer).toMatchObject({ result: 'refunded', amount: 6550, due: 6550 });
    if (whole.ok) expect(whole.answer.message).toBe(refundWords.refunded(6550, 'to the card'));
    const [row] = (await refundRows()).filter((r) => r.paymentId === paymentid);
    expect(row).toMatchObject({ method: 'card', state: 'refunded', kind: 'refund' });
    expect(row?.refundKey).toMatch(/^gavel_refund_[0-9a-f-]{36}$/);
    const more = await giveBack(di, { paymentid, amount: 100 });
    expect(more.statusCode).toBe(409);
    if (!more.ok) expect(more.failure.message).toBe(refundWords.nothingLeft);
  });

  it('gives back part of a card order paid on the phone', async () => {
    const ed = await owing('Ed');
    const phone = await checkoutAs(t, ed, {
      eventcode: 'gala',
      historyid: (await openItems(t, ed)).map((w) => w.id),
      processortoken: await testCryptogram(t, 'gala', VISA),
      totalamount: 65.5,
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const b = await balance(t, owner, ed);
    const order = b.payments.find((p) => p.source === 'phone');
    const back = await giveBack(ed, {
      source: 'phone',
      paymentid: order?.id ?? 0,
      amount: 4000,
      reason: 'Basket not delivered',
    });
    expect(back.ok && back.answer).toMatchObject({ result: 'refunded', due: 4000 });
    const voided = await giveBack(ed, { source: 'phone', paymentid: order?.id ?? 0, amount: 2550, void: true });
    expect(voided.statusCode).toBe(400);
    if (!voided.ok) expect(voided.failure.message).toBe(refundWords.voidDeskOnly);
  });

  it('ten at once of one payment give back once', async () => {
    const fy = await owing('Fy');
    const paymentid = await paidInFull(fy, 'card');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => giveBack(fy, { paymentid, amount: 6550, reason: 'Ten taps' })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.ok)) expect(a.statusCode).toBe(409);
    const ofIt = (await refundRows()).filter((r) => r.source === 'desk' && r.paymentId === paymentid);
    expect(ofIt).toHaveLength(1);
    const key = newKey();
    const same = await Promise.all(
      Array.from({ length: 10 }, () => giveBack(fy, { paymentid, amount: 100, reason: 'One key' }, { key })),
    );
    expect(same.every((a) => a.statusCode === 409)).toBe(true);
    expect((await balance(t, owner, fy)).due).toBe(6550);
  });
});

describe('a void', () => {
  it('gives a desk payment back whole and puts what it paid for back on the balance', async () => {
    const gu = await owing('Gu');
    const paymentid = await paidInFull(gu, 'cash');
    expect(await openItems(t, gu)).toHaveLength(0);
    const voided = await giveBack(gu, { paymentid, amount: 6550, void: true, reason: 'Taken on the wrong bidder' });
    expect(voided.ok && voided.answer).toMatchObject({ result: 'refunded', amount: 6550, due: 6550 });
    if (voided.ok) expect(voided.answer.message).toBe(refundWords.voided(6550, 'in cash'));
    expect(await openItems(t, gu)).toHaveLength(2);
    const b = await balance(t, owner, gu);
    expect(b).toMatchObject({ charged: 6550, paid: 0, due: 6550 });
    expect(b.lines.every((l) => !l.settled)).toBe(true);
    // The bidder pays again, as if the mistake had never been.
    const paid = await pay(t, desk.volunteer, gu, { method: 'cash', amount: 6550 });
    expect(paid.ok && paid.answer.result).toBe('paid');
    expect(await openItems(t, gu)).toHaveLength(0);
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'desk.void'));
    expect(entry?.summary).toBe(`Voided $65.50 in cash of payment ${paymentid}: Taken on the wrong bidder`);
  });
});

describe('a card refund the processor did not answer', () => {
  it('stays pending (the balance says so), then the catch-up asks again under its key and settles it once', async () => {
    const hu = await owing('Hu');
    const paymentid = await paidInFull(hu, 'card');
    // The processor does not answer the first time.
    const real = t.ctx.payments.gatewayFor;
    t.ctx.payments.gatewayFor = (event) => {
      const gateway = real(event);
      return gateway && { ...gateway, refund: async () => ({ ok: false, unknown: true, message: 'no answer' }) };
    };
    const keys: string[] = [];
    let answer;
    try {
      answer = await giveBack(hu, { paymentid, amount: 2_000, reason: 'Basket short one bottle' });
    } finally {
      t.ctx.payments.gatewayFor = (event) => {
        const gateway = real(event);
        return (
          gateway && {
            ...gateway,
            refund: async (input) => {
              keys.push(input.key);
              return gateway.refund(input);
            },
          }
        );
      };
    }
    expect(answer.ok && answer.answer).toMatchObject({ result: 'pending', message: refundWords.pending });
    const pending = await balance(t, owner, hu);
    expect(pending).toMatchObject({ paid: 4_550, inprogress: true });
    const [row] = (await refundRows()).filter((r) => r.source === 'desk' && r.paymentId === paymentid);
    expect(row?.state).toBe('pending');

    // Too soon: left alone. Two minutes on: asked again under the same key, settled once.
    expect(await reconcileRefunds(t.ctx, now)).toBe(0);
    const later = new Date(now.getTime() + 3 * 60_000);
    expect(await reconcileRefunds(t.ctx, later)).toBe(1);
    expect(await reconcileRefunds(t.ctx, later)).toBe(0);
    t.ctx.payments.gatewayFor = real;
    expect(keys).toEqual([row?.refundKey]);
    expect(await balance(t, owner, hu)).toMatchObject({ paid: 4_550, due: 2_000, inprogress: false });
    const entries = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'desk.refund'));
    expect(entries.filter((e) => e.summary.includes('Basket short one bottle'))).toHaveLength(1);
    expect(entries.at(-1)?.staffId).toBe(owner.id);
  });
});
