import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems, bidders, events, orders, storeItems } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { signedInStaff, type TestStaff } from '../../test/console-fixtures';
import { eventDocument, item, storeItem } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/harness';
import { newKey } from '../../test/payments-fixtures';
import { cartWith, checkoutBody, checkoutCart, mustConfirmBillMe } from '../../test/store-fixtures';
import { storeIds } from '../../test/store-state';
import { ensureBidder } from '../accounts/service';
import { asBody, auditEntries, consoleInject, everything, settingsOf } from '../console/events/events-fixtures';
import { findTenant } from '../../tenancy';
import { receiptFacts, statementFacts } from './facts';
import { auctionOrderTax } from './order-tax';

/**
 * Tax receipts' facts and the tax fields of setup. A small night: a live lot paid $550 on a value of $400, a lot whose payment is not deductible,
 * a fund-a-need pledge, a store ticket bought with Bill Me, all paid in cash at the desk; a bidder
 * still owing; and a second event of the same year for the year-end statement.
 */
const now = new Date('2026-12-01T18:00:00Z');
const TAX = {
  legalname: 'Test Foundation, Inc.',
  taxid: '12-3456789',
  receiptaddress: '1 Main St\nChicago, IL 60601',
  receiptdisclosure: 'Test Foundation is a 501(c)(3) organization.',
};
const live = (itemnum: string, over: Parameters<typeof item>[1]) =>
  item(itemnum, { itemisliveonly: true, startingbid: 1, quantity: 5, ...over });

let t: TestApp;
let staff: TestStaff;
let owner: TestStaff;
let volunteer: TestStaff;
let ann: TestBidder;
let bob: TestBidder;
const ANN = 'ann.receipt@example.org';

/** A live sale at `amount` cents. */
async function sale(eventcode: string, who: TestBidder, itemnum: string, amount: number) {
  const [row] = await t.ctx.db.select().from(bidders).where(eq(bidders.id, who.bidderId));
  const res = await call(
    t.app,
    'POST /console/events/:eventcode/live-sales',
    { itemnum, biddernumber: row?.bidderdisplaynumber ?? 0, amount, quantity: 1, override: false },
    { params: { eventcode }, headers: { ...staff.headers, 'idempotency-key': newKey() } },
  );
  if (!res.ok) throw new Error(`live sale: ${res.statusCode} ${res.failure.message}`);
}

async function payInFull(eventcode: string, who: TestBidder) {
  const bal = await call(t.app, 'GET /console/events/:eventcode/bidders/:bidderid/balance', undefined, {
    params: { eventcode, bidderid: who.accountId },
    headers: staff.headers,
  });
  if (!bal.ok) throw new Error(`balance: ${bal.failure.message}`);
  const res = await call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/payments',
    { method: 'cash', amount: bal.answer.due, reference: '', forbidderids: [] },
    { params: { eventcode, bidderid: who.accountId }, headers: { ...staff.headers, 'idempotency-key': newKey() } },
  );
  if (!res.ok) throw new Error(`payment: ${res.statusCode} ${res.failure.message}`);
}

const tenantOf = (eventcode: string) => findTenant(t.ctx.db, 'demo', eventcode);

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: { ...TAX, allowbillme: true },
      items: [
        live('101', { name: 'Weekend in Napa', fairmarketvalue: 400, deductible: 'value' }),
        live('102', { name: 'Raffle Basket', fairmarketvalue: 50, deductible: 'none' }),
        live('103', { name: 'Sponsor a Class', fairmarketvalue: 300, deductible: 'full' }),
        live('300', { name: 'Books for Every Classroom', startingbid: 0, paddlelevels: [250, 100] }),
      ],
      store: {
        billme: true,
        items: [storeItem('dinner', { name: 'Dinner Ticket', price: 150, fairmarketvalue: 60, deductible: 'value' })],
      },
    }),
  );
  // Another event of the organization, the same year: the year-end statement gathers both.
  await importEvent(t, eventDocument(now, { eventcode: 'spring', items: [live('1', { fairmarketvalue: 20 })] }));
  staff = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  owner = await signedInStaff(t, { role: 'owner' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  ann = await makeBidder(t, 'gala', ANN, { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob.receipt@example.org', { firstname: 'Bob' });
  await sale('gala', ann, '101', 55_000);
  await sale('gala', ann, '102', 8_000);
  const pledge = await call(
    t.app,
    'POST /console/events/:eventcode/pledges',
    { itemnum: '300', biddernumber: (await numberOf(ann)) ?? 0, amount: 10_000 },
    { params: { eventcode: 'gala' }, headers: { ...staff.headers, 'idempotency-key': newKey() } },
  );
  if (!pledge.ok) throw new Error(`pledge: ${pledge.failure.message}`);
  const ids = await storeIds(t.ctx.db);
  const token = await cartWith(t, ids, { dinner: 2 });
  const placed = await checkoutCart(t, token, await checkoutBody(t, token, { method: 'BILLME' }, { email: ANN }));
  if (!placed.ok) throw new Error(`store: ${placed.failure.message}`);
  await mustConfirmBillMe(t, ANN);
  await payInFull('gala', ann);
  // Bob's lot is not paid: nothing of it is on a receipt.
  await sale('gala', bob, '103', 20_000);
  // Ann at the spring event, the same account.
  const spring = await tenantOf('spring');
  const bidder = await t.ctx.db.transaction((tx) => ensureBidder(tx, spring, ann.accountId));
  await sale('spring', { ...ann, bidderId: bidder.id }, '1', 9_000);
  await payInFull('spring', ann);
}, 60_000);
afterAll(() => t?.close());

async function numberOf(who: TestBidder) {
  const [row] = await t.ctx.db.select().from(bidders).where(eq(bidders.id, who.bidderId));
  return row?.bidderdisplaynumber;
}

describe('receipt facts', () => {
  it('shows $150 deductible on $550 paid for a $400 value, with the statement; a gift all of it; none $0', async () => {
    const facts = await receiptFacts(t.ctx.db, await tenantOf('gala'), ann.bidderId);
    const byLabel = Object.fromEntries(facts.lines.map((l) => [l.label, l]));
    expect(byLabel['Weekend in Napa']).toMatchObject({
      kind: 'value',
      amount: 55_000,
      value: 40_000,
      deductible: 15_000,
    });
    expect(byLabel['Raffle Basket']).toMatchObject({ kind: 'none', amount: 8_000, value: 8_000, deductible: 0 });
    expect(byLabel['Books for Every Classroom']).toMatchObject({ kind: 'gift', amount: 10_000, deductible: 10_000 });
    expect(facts.lines.filter((l) => l.source === 'store')).toEqual([
      expect.objectContaining({ itemnum: 'dinner', quantity: 2, amount: 30_000, value: 12_000, deductible: 18_000 }),
    ]);
    expect(facts.totals).toEqual({ amount: 103_000, value: 60_000, deductible: 43_000 });
    expect(facts.quidProQuo.due).toBe(true);
    expect(facts.quidProQuo.statement).toContain('good-faith estimate of that value is $520.00');
    expect(facts.disclosure).toBe(TAX.receiptdisclosure);
    expect(facts.organization).toMatchObject({
      name: 'Test Foundation',
      legalname: TAX.legalname,
      taxid: TAX.taxid,
      address: TAX.receiptaddress,
    });
    expect(facts.bidder).toMatchObject({ id: ann.bidderId, email: ANN, firstname: 'Ann', name: 'Ann Tester' });
    expect(facts.feeNote).toBe('');
  });

  it('leaves out what is not paid yet', async () => {
    const facts = await receiptFacts(t.ctx.db, await tenantOf('gala'), bob.bidderId);
    expect(facts.lines).toEqual([]);
    expect(facts.totals).toEqual({ amount: 0, value: 0, deductible: 0 });
    expect(facts.quidProQuo.due).toBe(false);
  });

  it('refuses a bidder of another event', async () => {
    await expect(receiptFacts(t.ctx.db, await tenantOf('spring'), bob.bidderId)).rejects.toThrow(/no bidder/);
  });

  it('gives the same lines to the desk order’s receipt email', async () => {
    const gala = await tenantOf('gala');
    const [order] = await t.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.bidderId, ann.bidderId), eq(orders.method, 'desk')));
    if (!order) throw new Error('no desk order');
    const tax = await auctionOrderTax(t.ctx.db, gala.event, order);
    expect(tax?.lines.map((l) => [l.label, l.deductible])).toEqual([
      ['Weekend in Napa', 15_000],
      ['Raffle Basket', 0],
      [`Donation (order ${order.id})`, 10_000],
    ]);
    expect(tax?.issuer.taxid).toBe(TAX.taxid);
  });
});

describe('statement facts', () => {
  it('covers this event, or every event of the calendar year, a section each', async () => {
    const gala = await tenantOf('gala');
    const event = await statementFacts(t.ctx.db, gala, ann.bidderId, 'event');
    expect(event.sections.map((s) => s.event.eventcode)).toEqual(['gala']);
    expect(event.totals.deductible).toBe(43_000);
    const year = await statementFacts(t.ctx.db, gala, ann.bidderId, 'year');
    expect(year.title).toBe('Giving statement 2026');
    expect(year.sections.map((s) => [s.event.eventcode, s.totals.amount, s.totals.deductible])).toEqual([
      ['gala', 103_000, 43_000],
      ['spring', 9_000, 7_000],
    ]);
    expect(year.totals).toEqual({ amount: 112_000, value: 62_000, deductible: 50_000 });
  });

  it('leaves out a year the payments were not made in', async () => {
    const gala = await tenantOf('gala');
    await t.ctx.db
      .update(events)
      .set({ biddingcloses: new Date('2027-06-01T00:00:00Z') })
      .where(eq(events.id, gala.event.id));
    const later = await statementFacts(t.ctx.db, await tenantOf('gala'), ann.bidderId, 'year');
    expect(later.year).toBe(2027);
    expect(later.sections).toEqual([]);
    await t.ctx.db.update(events).set({ biddingcloses: gala.event.biddingcloses }).where(eq(events.id, gala.event.id));
  });
});

const SPRING_TAX = {
  legalname: 'Riverbend Community Foundation, Inc.',
  taxid: '36-0000000',
  receiptaddress: '  210 River Street \r\n\r\n Riverbend, IL 60614 ',
  receiptdisclosure: 'A 501(c)(3) organization.',
};
const putSettings = (headers: Record<string, string>, body: unknown) =>
  consoleInject(t, 'PUT', '/api/console/events/spring', headers, body);

describe('the event’s tax settings', () => {
  it('start empty; staff save them, audited, the address tidied; the export carries them', async () => {
    const before = asBody(await settingsOf(t, owner.headers, 'spring'));
    expect(before).toMatchObject({ legalname: '', taxid: '', receiptaddress: '', receiptdisclosure: '' });
    const res = await putSettings(staff.headers, { ...before, ...SPRING_TAX });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ ...SPRING_TAX, receiptaddress: '210 River Street\nRiverbend, IL 60614' });
    const entry = (await auditEntries(t)).filter((a) => a.kind === 'event.update').at(-1);
    expect(entry).toMatchObject({
      actor: 'Sam Staff',
      summary: expect.stringContaining('legalname, taxid, receiptaddress, receiptdisclosure'),
      before: { legalname: '', taxid: '' },
      after: { legalname: SPRING_TAX.legalname, taxid: SPRING_TAX.taxid },
    });
    const exported = await call(t.app, 'GET /console/events/:eventcode/export', undefined, {
      params: { eventcode: 'spring' },
      headers: owner.headers,
    });
    expect(exported.ok && exported.answer.event).toMatchObject({
      legalname: SPRING_TAX.legalname,
      taxid: '36-0000000',
    });
  });

  it('refuses a tax id that is no tax id, and a volunteer, writing nothing', async () => {
    const body = asBody(await settingsOf(t, owner.headers, 'spring'));
    const before = await everything(t);
    const bad = await putSettings(staff.headers, { ...body, taxid: '12=34<5>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('taxid');
    expect(bad.json().message).toContain('must be letters, digits, spaces, dots, dashes or slashes');
    const refused = await putSettings(volunteer.headers, { ...body, legalname: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });
});

describe('how an item is deductible', () => {
  it('is kept as the import says it, and the export gives it back', async () => {
    const [napa] = await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.name, 'Weekend in Napa'));
    expect(napa).toMatchObject({ deductible: 'value', fairmarketvalue: 40_000 });
    const [dinner] = await t.ctx.db.select().from(storeItems).where(eq(storeItems.code, 'dinner'));
    expect(dinner).toMatchObject({ deductible: 'value', fairmarketvalue: 6_000 });
    const exported = await call(t.app, 'GET /console/events/:eventcode/export', undefined, {
      params: { eventcode: 'gala' },
      headers: owner.headers,
    });
    if (!exported.ok) throw new Error(exported.failure.message);
    expect(exported.answer.items.map((i) => [i.itemnum, i.deductible])).toEqual([
      ['101', 'value'],
      ['102', 'none'],
      ['103', 'full'],
      // Absent from the document: the import's documented default.
      ['300', 'value'],
    ]);
    expect(exported.answer.store.items).toEqual([
      expect.objectContaining({ code: 'dinner', fairmarketvalue: 60, deductible: 'value' }),
    ]);
  });

  const lot = { itemnum: '103', name: 'Sponsor a Class', itemisliveonly: true, startingbid: 1, quantity: 5 };
  const putItem = (body: object) => consoleInject(t, 'PUT', '/api/console/events/gala/items/103', staff.headers, body);

  it('is changed by the item form’s call', async () => {
    const res = await putItem({ ...lot, deductible: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.deductible).toBe('none');
  });

  it('refuses a choice that is none of them, writing nothing', async () => {
    const before = await everything(t);
    const res = await putItem({ ...lot, deductible: 'priceless' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('must be one of value, full, none');
    expect(await everything(t)).toEqual(before);
  });
});
