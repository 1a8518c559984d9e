import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billMeWords } from '@gavel/domain';
import { outbox, storeOrders } from '../../db/schema';
import { call } from '../../test/call';
import { signedInStaff, type TestStaff } from '../../test/console-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { findTenant } from '../../tenancy';
import { type NightBidder, nightBidders, preview } from '../console/chargeall/chargeall-fixtures';
import { balancesOf } from '../../money/ledger';
import { type Desk, deskWorld, now, pay, storeBillMe } from '../console/desk/desk-fixtures';
import { confirmBillMe } from '../../test/store-fixtures';

/**
 * Issue 47, replayed: anyone could bill any bidder. An anonymous store cart checked out with Bill
 * Me and a bidder's email (any capitals) landed on that bidder's balance, and the desk's card on
 * file and charge all then took it from their saved card. Now only the link mailed to that address
 * puts the order on the balance; until it is tapped, the order is the purchaser's own invoice.
 */
let t: TestApp;
let desk: Desk;
let owner: TestStaff;
let victim: NightBidder;

const dueOf = async (who: NightBidder) => {
  const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
  return (await balancesOf(t.ctx.db, tenant.event, [who.bidderId])).get(who.bidderId)!;
};
const previewed = async () => {
  const res = await preview(t, owner.headers);
  if (!res.ok || !('bidders' in res.answer)) throw new Error(JSON.stringify(res));
  return { bidders: res.answer.bidders, total: res.answer.total };
};
const billMeMails = async (to: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) =>
    m.links.some((l) => l.includes('/event/bill-me/')),
  );

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  [victim] = (await nightBidders(t, { prefix: 'victim', count: 1, itemId: desk.ids.gift! })) as [NightBidder];
}, 120_000);
afterAll(async () => t.close());

describe('a Bill Me store order with a bidder’s email', () => {
  let orderId = 0;
  const typed = () => victim.email.toUpperCase();

  it('puts nothing on their balance nor in charge all: it stays the purchaser’s invoice, and the address is asked', async () => {
    const before = await dueOf(victim);
    const shown = await previewed();
    expect(before.due).toBe(4000);
    orderId = await storeBillMe(t, typed());
    const after = await dueOf(victim);
    expect(after.due).toBe(before.due);
    expect(after.lines.some((l) => l.kind === 'storebillme')).toBe(false);
    expect(await previewed()).toEqual(shown);
    const [order] = await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, orderId));
    expect(order).toMatchObject({ state: 'unpaid', bidderId: null });
    // The link goes to the address typed, never to the buyer's screen.
    const [mail] = await billMeMails(typed());
    expect(mail?.subject).toBe(billMeWords.subject('Test Gala'));
    expect(mail?.text).toContain(`Store order S-${orderId} ($25.00) was placed with Bill Me`);
  });

  it('reading the link changes nothing; a wrong link is refused alike', async () => {
    const read = await confirmBillMe(t, typed(), { confirm: false });
    expect(read.ok && read.answer).toEqual({
      status: 'success',
      message: billMeWords.question(orderId, 2500),
      orderid: orderId,
      totalamount: 2500,
      first: expect.any(String),
      onbalance: false,
      open: true,
    });
    const wrong = await call(t.app, 'POST /storebillme', { eventcode: 'gala', token: 'not-a-link', confirm: true });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && [wrong.statusCode, wrong.failure.message]).toEqual([404, billMeWords.invalid]);
    expect((await dueOf(victim)).due).toBe(4000);
  });

  it('the bidder’s tap puts it on their balance, once, and charge all then sees it', async () => {
    const tapped = await confirmBillMe(t, typed());
    expect(tapped.ok && tapped.answer).toMatchObject({
      onbalance: true,
      open: true,
      message: billMeWords.added(orderId),
    });
    const again = await confirmBillMe(t, typed());
    expect(again.ok && again.answer).toEqual(tapped.ok && tapped.answer);
    const b = await dueOf(victim);
    expect(b.due).toBe(4000 + 2500);
    expect(b.lines.filter((l) => l.kind === 'storebillme').map((l) => l.id)).toEqual([orderId]);
    const shown = await previewed();
    expect(shown.bidders.find((x) => x.bidderid === victim.accountId)?.due).toBe(6500);
  });

  it('once the balance is paid, the link says so and moves nothing', async () => {
    const paid = await pay(t, desk.staffer, victim, { method: 'cash', amount: 6500 });
    expect(paid.ok).toBe(true);
    const read = await confirmBillMe(t, typed());
    expect(read.ok && read.answer).toMatchObject({ open: false, message: billMeWords.paid(orderId) });
    expect((await dueOf(victim)).due).toBe(0);
  });

  it('an address that is no bidder’s is sent no link: the order is its purchaser’s invoice', async () => {
    const stranger = 'someone.else@example.org';
    const id = await storeBillMe(t, stranger);
    expect(await billMeMails(stranger)).toEqual([]);
    const [order] = await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, id));
    expect(order).toMatchObject({ state: 'unpaid', bidderId: null, bidderLinkHash: '' });
  });
});
