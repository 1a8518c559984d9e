import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractKey, type ParamsOf, type RequestOf, roleNeeded } from '@gavel/domain';
import { call } from '../../../test/call';
import { createTestApp, type TestApp } from '../../../test/harness';
import { findTenant } from '../../../tenancy';
import { balancesOf } from '../../../money/ledger';
import { storeOrdersOf } from './ledger-read';
import { type Night, now, reportsNight } from './reports-fixtures';

/** The reports on a night made through the calls: they reconcile with the ledger, both ways, in cents. */
let t: TestApp;
let night: Night;

beforeAll(async () => {
  t = await createTestApp({}, now);
  night = await reportsNight(t);
}, 180_000);
afterAll(async () => t.close());

type ReportKey = ContractKey &
  `GET /console/events/:eventcode/reports/${'summary' | 'items' | 'unpaid' | 'payments' | 'pickups' | 'bids-over-time'}`;

async function report<K extends ReportKey>(key: K, query: Record<string, string> = {}) {
  const res = await call(t.app, key, undefined as RequestOf<K>, {
    // Every report's path takes the event's code alone.
    params: { eventcode: 'gala' } as ParamsOf<K>,
    headers: night.staffer.headers,
    query,
  });
  if (!res.ok) throw new Error(`${key}: ${res.statusCode} ${res.failure.message}`);
  return res.answer;
}

const csvOf = (path: string, headers: Record<string, string> = night.staffer.headers) =>
  t.app.inject({ method: 'GET', url: `/api/console/events/gala/reports/${path}`, headers });

/** A CSV's cells (every cell quoted by csvTable). */
const cells = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('the summary', () => {
  it('reconciles exactly with the ledger and the store, both ways, in cents', async () => {
    const summary = await report('GET /console/events/:eventcode/reports/summary');
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const balances = [...(await balancesOf(t.ctx.db, tenant.event)).values()];
    const storeOnBalances = new Set(
      balances.flatMap((b) => b.lines.filter((l) => l.kind === 'storebillme').map((l) => l.id)),
    );
    const store = [...(await storeOrdersOf(t.ctx.db, tenant, ['failed', 'refunded'])).values()].map((s) => s.order);
    const loose = store.filter((o) => !storeOnBalances.has(o.id));
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    // The ledger's way: what the balances charge and were paid, plus the store orders on no balance.
    const charged = sum(balances.map((b) => b.charged)) + sum(loose.map((o) => o.total));
    const paid = sum(balances.map((b) => b.paid)) + sum(loose.filter((o) => o.state !== 'unpaid').map((o) => o.total));
    expect(summary.raised).toBe(charged);
    expect(summary.collected).toBe(paid);
    expect(summary.outstanding).toBe(charged - paid);
    // The report's way: its sources and its methods each add up to what was raised.
    expect(sum(summary.sources.map((s) => s.amount))).toBe(summary.raised);
    expect(sum(summary.methods.map((m) => m.amount))).toBe(summary.raised);
    const method = (m: string) => summary.methods.find((x) => x.method === m)?.amount ?? NaN;
    expect(method('card') + method('cash') + method('check')).toBe(summary.collected);
    expect(method('billme') + method('unpaid')).toBe(summary.outstanding);
  });

  it('puts each kind of money under its source, a refunded order only under refunds', async () => {
    const summary = await report('GET /console/events/:eventcode/reports/summary');
    const source = Object.fromEntries(summary.sources.map((s) => [s.source, s.amount]));
    // Dee's store order: a $100 ticket and two $12.50 mugs, a $10 donation, 3% of $135 covered.
    expect(source).toEqual({
      silent: 55_000 + 6_000,
      live: 150_000,
      buynow: 4_000,
      fundaneed: 50_000,
      tickets: 10_000,
      merchandise: 2_500 + 1_250,
      donations: 500 + 1_000,
      fees: 135 + 405,
    });
    expect(summary.refunds).toEqual({ count: 1, amount: 4_000 });
    expect(Object.fromEntries(summary.methods.map((m) => [m.method, m.amount]))).toEqual({
      card: 4_000 + 500 + 135 + 13_905,
      cash: 50_000 + 20_000,
      check: 6_000 + 150_000 + 1_250 - 50_000,
      billme: 0,
      unpaid: 55_000 + 30_000,
      credit: 0,
    });
    expect(summary.pending).toBe(0);
    expect(summary.owing).toBe(2);
  });

  it('answers a spreadsheet naming the event and the report', async () => {
    const res = await csvOf('summary?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gala-summary.csv"');
    const rows = cells(res.body);
    expect(rows[0]).toEqual(['Part', 'Line', 'Amount']);
    expect(rows).toContainEqual(['Raised by source', 'Silent auction wins', '610.00']);
    expect(rows).toContainEqual(['Refunds', 'Refunds (1)', '40.00']);
  });
});

describe('the other reports', () => {
  it('lists each payment and refund, adding up to the collected, with totals per method and person', async () => {
    const summary = await report('GET /console/events/:eventcode/reports/summary');
    const payments = await report('GET /console/events/:eventcode/reports/payments');
    expect(payments.total).toBe(summary.collected);
    expect(payments.rows.reduce((s, r) => s + r.amount, 0)).toBe(summary.collected);
    const refund = payments.rows.find((r) => r.kind === 'refund');
    expect(refund).toMatchObject({
      amount: -4_000,
      method: 'card',
      takenby: "Bidder's phone",
      id: `refund-phone-${night.refundedOrder}`,
    });
    const sam = payments.people.find((p) => p.takenby === 'Sam Staff');
    expect(sam).toMatchObject({ cash: 70_000, check: 0, card: 0, count: 2 });
    expect(payments.people.find((p) => p.takenby === 'Olive Owner')).toMatchObject({ check: 107_250 });
    expect(payments.rows.find((r) => r.method === 'check')).toMatchObject({ reference: '1042', source: 'desk' });
    // In the spreadsheet, the refund is a plain negative number, and the amounts sum to the collected.
    const csv = cells((await csvOf('payments?format=csv')).body);
    expect(csv[0]).toEqual(['Time', 'Amount', 'Method', 'Kind', 'Taken by', 'Payer', 'Reference', 'State']);
    expect(csv.map((r) => r[1])).toContain('-40.00');
    const cents = csv.slice(1).reduce((s, r) => s + Math.round(Number(r[1]) * 100), 0);
    expect(cents).toBe(summary.collected);
  });

  it("shows each item's result, filtered by location and sorted", async () => {
    const all = await report('GET /console/events/:eventcode/reports/items');
    const byNum = Object.fromEntries(all.items.map((i) => [i.itemnum, i]));
    expect(byNum['101']).toMatchObject({ result: 'sold', amount: 55_000, value: 40_000, percent: 138, bids: 1 });
    expect(byNum['101']!.winner).toMatch(/^Ann Tester \(#\d+\)$/);
    expect(byNum['103']).toMatchObject({ result: 'nobids', amount: 0, winner: '', percent: null });
    expect(byNum['300']).toMatchObject({ result: 'pledged', amount: 50_000, quantity: 1 });
    expect(byNum.gift).toMatchObject({ result: 'sold', amount: 4_000, quantity: 1 });
    const summary = await report('GET /console/events/:eventcode/reports/summary');
    const raisedByItems = summary.sources
      .filter((s) => ['silent', 'live', 'buynow', 'fundaneed'].includes(s.source))
      .reduce((s, x) => s + x.amount, 0);
    expect(all.total).toBe(raisedByItems);
    const table2 = await report('GET /console/events/:eventcode/reports/items', {
      location: 'Table 2',
      sort: 'amount',
    });
    expect(table2.items.map((i) => i.itemnum)).toEqual(['102', '103']);
    expect(all.locations).toEqual(['', 'Table 1', 'Table 2']);
    const csv = cells((await csvOf('items?format=csv&location=Table%201')).body);
    expect(csv[0]?.slice(0, 4)).toEqual(['Item', 'Name', 'Location', 'Result']);
    expect(csv[1]).toEqual(expect.arrayContaining(['101', 'Wine Tasting', 'Sold', '550.00', '400.00', '138']));
  });

  it("lists the unpaid balances with the bidders' contacts", async () => {
    const unpaid = await report('GET /console/events/:eventcode/reports/unpaid');
    expect(unpaid.rows.map((r) => [r.email, r.due])).toEqual([
      ['ann@example.org', 55_000],
      ['cara@example.org', 30_000],
    ]);
    expect(unpaid.rows[0]).toMatchObject({ bidderid: night.ann.accountId, phone: '(312) 555-0101', billme: 0 });
    expect(unpaid.total).toBe(85_000);
  });

  it('counts the pickups collected and waiting, and the bids per minute', async () => {
    const pickups = await report('GET /console/events/:eventcode/reports/pickups');
    expect(pickups).toMatchObject({ collected: 0, waiting: pickups.items.length });
    expect(pickups.notpaid).toBe(pickups.items.filter((i) => !i.paid).length);
    const bids = await report('GET /console/events/:eventcode/reports/bids-over-time');
    expect(bids).toMatchObject({ total: 2, peak: 2, timezone: 'America/Chicago' });
    expect(bids.minutes).toEqual([{ minute: '2026-12-01T12:00:00-06:00', label: '12:00 PM', bids: 2 }]);
    const csv = cells((await csvOf('bids-over-time?format=csv')).body);
    expect(csv).toEqual([
      ['Minute', 'Bids'],
      ['2026-12-01T12:00:00-06:00', '2'],
    ]);
  });
});

describe('who may read them', () => {
  const paths = ['summary', 'items', 'unpaid', 'payments', 'pickups', 'bids-over-time'];

  it('refuses a volunteer, a bidder, and another organization', async () => {
    for (const path of paths) {
      const volunteer = await csvOf(path, night.volunteer.headers);
      expect(volunteer.statusCode).toBe(403);
      expect(volunteer.json()).toMatchObject({ message: roleNeeded('staff') });
      expect((await csvOf(path, night.ann.auth)).statusCode).toBe(401);
      expect((await csvOf(path, night.otherOwner.headers)).statusCode).toBe(401);
      expect((await csvOf(path, { ...night.otherOwner.headers, host: 'other.localhost' })).statusCode).toBe(404);
    }
    expect((await csvOf('summary', night.owner.headers)).statusCode).toBe(200);
  });

  it('refuses a bad query with the field and its message', async () => {
    const format = await csvOf('summary?format=pdf');
    expect(format.statusCode).toBe(400);
    expect(format.body).toContain('must be json or csv');
    const sort = await csvOf('items?sort=price');
    expect(sort.statusCode).toBe(400);
    expect(sort.body).toContain('must be itemnum, amount, percent or bids');
  });
});
