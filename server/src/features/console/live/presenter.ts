import {
  bidderWords,
  type LiveSale,
  type LiveSaleItem,
  type LiveSalesResponse,
  type Pledge,
  type PledgesResponse,
  RECENT_LIVE_ENTRIES,
  unitsLeft,
} from '@gavel/domain';
import type { auctionItems } from '../../../db/schema';
import type { Tenant } from '../../../tenancy';
import type { LiveBidder, LiveSaleRow, PledgeRow } from './queries';

type ItemRow = typeof auctionItems.$inferSelect;

/** A bidder as the live desks and the audit log name them: "bidder 12 (Ann Lee)" is built from this. */
export const bidderFacts = (b: LiveBidder) => ({
  biddernumber: b.biddernumber,
  name: bidderWords.nameOf(b),
  authorizebidder: b.authorizebidder,
});

/** Items in the order of their numbers as people read them: 2 before 10, 'A2' before 'a10'. */
export const byItemnum = (a: { itemnum: string }, b: { itemnum: string }) =>
  a.itemnum.localeCompare(b.itemnum, 'en', { numeric: true, sensitivity: 'base' });

export function presentSale(row: LiveSaleRow): LiveSale {
  return {
    id: row.sale.id,
    itemnum: row.itemnum,
    itemname: row.itemname,
    biddernumber: row.biddernumber,
    biddername: bidderWords.nameOf(row),
    amount: row.sale.amount,
    quantity: row.sale.quantity,
    enteredby: row.enteredby,
    at: row.sale.createdAt.toISOString(),
    paid: row.sale.checkoutId !== null,
  };
}

/** The live sales page: the items in number order with their sales, the queue's next item, the newest sales. */
export function presentLiveSales(tenant: Tenant, items: ItemRow[], sales: LiveSaleRow[]): LiveSalesResponse {
  const listed: LiveSaleItem[] = [...items].sort(byItemnum).map((item) => {
    const left = unitsLeft(item);
    return {
      itemnum: item.itemnum,
      name: item.name,
      location: item.location,
      startingbid: item.startingbid,
      fairmarketvalue: item.fairmarketvalue,
      quantity: item.quantity,
      left,
      sold: left === 0,
      itemisliveonly: item.itemisliveonly,
      sales: sales.filter((s) => s.sale.itemId === item.id).map(presentSale),
    };
  });
  return {
    status: 'success',
    message: '',
    timezone: tenant.event.timezone,
    items: listed,
    next: listed.find((i) => i.itemisliveonly && !i.sold)?.itemnum ?? null,
    recent: sales.slice(0, RECENT_LIVE_ENTRIES).map(presentSale),
  };
}

export function presentPledge(row: PledgeRow): Pledge {
  return {
    id: row.pledge.id,
    biddernumber: row.biddernumber,
    biddername: bidderWords.nameOf(row),
    amount: row.pledge.amount,
    enteredby: row.enteredby,
    at: row.pledge.createdAt.toISOString(),
    settled: row.pledge.settledBy !== null,
  };
}

/** One fund-a-need item's running total, its count per level and its newest pledges. */
export function presentPledges({
  tenant,
  items,
  item,
  counts,
  recent,
}: {
  tenant: Tenant;
  items: ItemRow[];
  item: ItemRow | undefined;
  counts: Array<{ amount: number; count: number }>;
  recent: PledgeRow[];
}): PledgesResponse {
  const levels = item?.paddlelevels ?? [];
  const countOf = (amount: number) => counts.find((c) => c.amount === amount)?.count ?? 0;
  return {
    status: 'success',
    message: '',
    timezone: tenant.event.timezone,
    items: [...items].sort(byItemnum).map((i) => ({ itemnum: i.itemnum, name: i.name, levels: i.paddlelevels })),
    itemnum: item?.itemnum ?? null,
    total: counts.reduce((sum, c) => sum + c.amount * c.count, 0),
    count: counts.reduce((sum, c) => sum + c.count, 0),
    levels: levels.map((amount) => ({ amount, count: countOf(amount) })),
    othercount: counts.filter((c) => !levels.includes(c.amount)).reduce((sum, c) => sum + c.count, 0),
    recent: recent.map(presentPledge),
  };
}
