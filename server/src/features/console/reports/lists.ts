import { eq, sql } from 'drizzle-orm';
import {
  type BidsOverTimeResponse,
  bidsPerMinute,
  dueByKind,
  formatClock,
  isoInZone,
  pickupWords,
  type PickupsReportResponse,
  type UnpaidResponse,
  type UnpaidRow,
} from '@gavel/domain';
import type { Db } from '../../../db/client';
import { auctionItems, bids } from '../../../db/schema';
import { csvMoney, csvTable } from '../../../lib/csv';
import type { Tenant } from '../../../tenancy';
import { pickupList } from '../pickup/service';
import { readLedger } from './ledger-read';
import { reportHead } from './summary';

/**
 * GET reports/unpaid: every balance with something due, with the bidder's email and phone, and the
 * store's Bill Me orders on no bidder's balance (their buyer's email), largest first.
 */
export async function unpaidReport(db: Db, tenant: Tenant): Promise<UnpaidResponse> {
  const ledger = await readLedger(db, tenant);
  const rows: UnpaidRow[] = [];
  for (const [bidderId, balance] of ledger.balances) {
    if (balance.due <= 0) continue;
    const who = ledger.bidders.get(bidderId);
    rows.push({
      bidderid: who?.accountId ?? null,
      biddernumber: who?.number ?? null,
      name: who?.name ?? '',
      email: who?.email ?? '',
      phone: who?.phone ?? '',
      charged: balance.charged,
      paid: balance.paid,
      due: balance.due,
      billme: dueByKind(balance).billme,
      inprogress: balance.inProgress,
    });
  }
  for (const { order, state } of ledger.loose) {
    if (state !== 'unpaid') continue;
    rows.push({
      bidderid: null,
      biddernumber: null,
      name: `${order.first} ${order.last}`.trim() || order.email,
      email: order.email,
      phone: '',
      charged: order.total,
      paid: 0,
      due: order.total,
      billme: order.total,
      inprogress: false,
    });
  }
  rows.sort((a, b) => b.due - a.due || (a.biddernumber ?? Infinity) - (b.biddernumber ?? Infinity));
  return { ...reportHead(tenant), rows, total: rows.reduce((s, r) => s + r.due, 0) };
}

export function unpaidCsv(r: UnpaidResponse): string {
  return csvTable(
    ['Bidder number', 'Name', 'Email', 'Phone', 'Charged', 'Paid', 'Due', 'Of it Bill Me', 'Payment under way'],
    r.rows.map((u) => [
      u.biddernumber ?? '',
      u.name,
      u.email,
      u.phone,
      csvMoney(u.charged),
      csvMoney(u.paid),
      csvMoney(u.due),
      csvMoney(u.billme),
      u.inprogress ? 'yes' : '',
    ]),
  );
}

/** GET reports/pickups: the pickup desk's list (one reading of it), with how many are collected, waiting and not paid. */
export async function pickupsReport(
  db: Db,
  tenant: Tenant,
  query: { location?: string; collected: 'all' | 'yes' | 'no' },
): Promise<PickupsReportResponse> {
  const list = await pickupList(db, tenant, query);
  const waiting = list.items.filter((i) => i.collectedat === null);
  return {
    ...reportHead(tenant),
    locations: list.locations,
    items: list.items,
    collected: list.items.length - waiting.length,
    waiting: waiting.length,
    notpaid: waiting.filter((i) => !i.paid).length,
  };
}

export function pickupsCsv(r: PickupsReportResponse): string {
  return csvTable(
    ['Location', 'Item', 'Name', 'Quantity', 'Bidder number', 'Bidder', 'Paid', 'Collected at', 'Collected by'],
    r.items.map((i) => [
      i.location || pickupWords.noLocation,
      i.itemnum,
      i.name,
      i.quantity,
      i.biddernumber,
      i.biddername,
      i.paid ? 'yes' : 'no',
      i.collectedat ?? '',
      i.collectedby,
    ]),
  );
}

/** GET reports/bids-over-time: the bids of the event's items per minute, every minute from the first to the last. */
export async function bidsOverTime(db: Db, tenant: Tenant): Promise<BidsOverTimeResponse> {
  // Whole minutes are the same on every clock whose offset is whole minutes (every zone in use).
  const minute = sql<number>`(extract(epoch from date_trunc('minute', ${bids.createdAt})) * 1000)::bigint`.mapWith(
    Number,
  );
  const counts = await db
    .select({ minute, bids: sql<number>`count(*)::int`.mapWith(Number) })
    .from(bids)
    .innerJoin(auctionItems, eq(bids.itemId, auctionItems.id))
    .where(eq(auctionItems.eventId, tenant.event.id))
    .groupBy(minute);
  const zone = tenant.event.timezone;
  const minutes = bidsPerMinute(counts).map((m) => ({
    minute: isoInZone(new Date(m.minute), zone),
    label: formatClock(new Date(m.minute), zone),
    bids: m.bids,
  }));
  return {
    ...reportHead(tenant),
    minutes,
    total: minutes.reduce((s, m) => s + m.bids, 0),
    peak: minutes.reduce((p, m) => Math.max(p, m.bids), 0),
  };
}

export function bidsCsv(r: BidsOverTimeResponse): string {
  return csvTable(
    ['Minute', 'Bids'],
    r.minutes.map((m) => [m.minute, m.bids]),
  );
}
