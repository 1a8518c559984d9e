import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFailureMessages, checkoutMessages, deskWords } from '@gavel/domain';
import { orders, payments } from '../../../db/schema';
import type { TestBidder } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, newKey, saveTestCard, testCryptogram } from '../../../test/payments-fixtures';
import { witness, type Witness } from '../chargeall/chargeall-fixtures';
import { reconcileDeskPayments } from './reconcile';
import { balance, DECLINED, type Desk, deskWorld, guest, now, openItems, pay, VISA } from './desk-fixtures';

/**
 * Never twice: a double tap, two desks at once, a desk and the bidder's own phone at once: the
 * balance is charged once (the test gateway's charges are the witness), the other is told it is paid.
 */
let t: TestApp;
let desk: Desk;
let seen: Witness;

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  seen = witness(t);
});
afterAll(async () => {
  seen.restore();
  await t.close();
});

/** A bidder with a card on file owing a gift ($40) and a tote ($25.50). */
async function owing(name: string): Promise<TestBidder> {
  const who = await guest(t, name);
  expect((await saveTestCard(t, who, 'gala', VISA)).statusCode).toBe(200);
  await buyNow(t, who, 'gala', desk.ids.gift!);
  await buyNow(t, who, 'gala', desk.ids.tote!);
  return who;
}

const chargesOf = (who: TestBidder) => seen.succeededByBidder().get(who.bidderId) ?? [];
const paymentsOf = (who: TestBidder) => t.ctx.db.select().from(payments).where(eq(payments.bidderId, who.bidderId));

describe('never twice', () => {
  it('a double tap (the same key twice at once) charges once', async () => {
    const ann = await owing('Ann');
    const key = newKey();
    const [a, b] = await Promise.all([
      pay(t, desk.volunteer, ann, { method: 'card', amount: 6550 }, key),
      pay(t, desk.volunteer, ann, { method: 'card', amount: 6550 }, key),
    ]);
    for (const res of [a, b]) {
      expect(res.ok).toBe(true);
      if (res.ok) expect(['paid', 'pending']).toContain(res.answer.result);
    }
    expect(chargesOf(ann)).toHaveLength(1);
    expect(chargesOf(ann)[0]?.amount).toBe(6550);
    expect(await paymentsOf(ann)).toHaveLength(1);
    // After both: the key replays the paid answer.
    const again = await pay(t, desk.volunteer, ann, { method: 'card', amount: 6550 }, key);
    expect(again.ok && again.answer).toMatchObject({ result: 'paid', due: 0 });
    expect(chargesOf(ann)).toHaveLength(1);
  });

  it('two desks paying one bidder at once (two keys): one charge, the other told it is already paid', async () => {
    const bob = await owing('Bob');
    const [a, b] = await Promise.all([
      pay(t, desk.volunteer, bob, { method: 'card', amount: 6550 }),
      pay(t, desk.staffer, bob, { method: 'card', amount: 6550 }),
    ]);
    const results = [a, b].map((r) => (r.ok ? r.answer.result : r.statusCode));
    expect(results.sort()).toEqual(['alreadypaid', 'paid']);
    const told = [a, b].find((r) => r.ok && r.answer.result === 'alreadypaid');
    expect(told?.ok && told.answer.receipts).toHaveLength(1);
    expect(chargesOf(bob)).toHaveLength(1);
    expect((await balance(t, desk.volunteer, bob)).due).toBe(0);
  });

  it('a desk and the bidder’s own phone at once: one charge, the other answered "already paid"', async () => {
    for (const name of ['Cy', 'Di', 'Ed']) {
      const who = await owing(name);
      const historyid = (await openItems(t, who)).map((w) => w.id);
      const token = await testCryptogram(t, 'gala', VISA);
      const [atDesk, onPhone] = await Promise.all([
        pay(t, desk.volunteer, who, { method: 'card', amount: 6550 }),
        checkoutAs(t, who, { historyid, processortoken: token, totalamount: 65.5 }),
      ]);
      const deskPaid = atDesk.ok && atDesk.answer.result === 'paid';
      const phonePaid = onPhone.statusCode === 200;
      expect(deskPaid !== phonePaid).toBe(true);
      if (deskPaid) {
        expect(onPhone.statusCode).toBe(409);
        expect(onPhone.json().message).toBe(checkoutMessages.alreadyPaid);
      } else expect(atDesk.ok && atDesk.answer.result).toBe('alreadypaid');
      expect(chargesOf(who)).toHaveLength(1);
      const b = await balance(t, desk.volunteer, who);
      expect(b).toMatchObject({ due: 0, paid: 6550 });
    }
  });

  it('an answer lost on the way: pending, never charged again, settled by the reconciliation', async () => {
    const gus = await owing('Gus');
    const key = newKey();
    seen.loseAnswers(true);
    const lost = await pay(t, desk.volunteer, gus, { method: 'card', amount: 6550 }, key);
    seen.loseAnswers(false);
    expect(lost.ok && lost.answer).toMatchObject({ result: 'pending', message: deskWords.pending });
    expect(await openItems(t, gus)).toHaveLength(0);
    expect(await balance(t, desk.volunteer, gus)).toMatchObject({ due: 0, inprogress: true });
    // The retry after the dropped connection (same key), and another desk (new key): no second charge.
    const retry = await pay(t, desk.volunteer, gus, { method: 'card', amount: 6550 }, key);
    expect(retry.ok && retry.answer.result).toBe('pending');
    const other = await pay(t, desk.staffer, gus, { method: 'card', amount: 6550 });
    expect(other.ok && other.answer).toMatchObject({ result: 'alreadypaid', message: deskWords.inProgress });
    expect(chargesOf(gus)).toHaveLength(1);
    expect(await reconcileDeskPayments(t.ctx, new Date(now.getTime() + 10 * 60_000))).toBe(1);
    expect(await paymentsOf(gus)).toMatchObject([{ state: 'paid' }]);
    expect(await balance(t, desk.volunteer, gus)).toMatchObject({ due: 0, inprogress: false, paid: 6550 });
    expect(chargesOf(gus)).toHaveLength(1);
  });

  it('a declined new card leaves nothing tied, and its retry charges nothing again', async () => {
    const fay = await guest(t, 'Fay');
    await buyNow(t, fay, 'gala', desk.ids.gift!);
    const before = await balance(t, desk.volunteer, fay);
    const key = newKey();
    const processortoken = await testCryptogram(t, 'gala', DECLINED);
    const declined = await pay(t, desk.volunteer, fay, { method: 'newcard', amount: 4000, processortoken }, key);
    expect(declined).toMatchObject({ statusCode: 402, failure: { message: cardFailureMessages.declined } });
    expect(await openItems(t, fay)).toHaveLength(1);
    expect(await paymentsOf(fay)).toMatchObject([{ state: 'failed', failure: cardFailureMessages.declined }]);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.bidderId, fay.bidderId))).toMatchObject([
      { method: 'desk', state: 'failed' },
    ]);
    expect(await balance(t, desk.volunteer, fay)).toEqual(before);
    const attempts = seen.charges.size;
    const retry = await pay(t, desk.volunteer, fay, { method: 'newcard', amount: 4000, processortoken }, key);
    expect(retry).toMatchObject({ statusCode: 402, failure: { message: cardFailureMessages.declined } });
    expect(seen.charges.size).toBe(attempts);
    // Cash then pays it.
    const cash = await pay(t, desk.volunteer, fay, { method: 'cash', amount: 4000 });
    expect(cash.ok && cash.answer).toMatchObject({ result: 'paid', due: 0 });
    expect(await openItems(t, fay)).toHaveLength(0);
  });
});
