import { asc, eq } from 'drizzle-orm';
import {
  ITEM_RESULT_LABELS,
  type ItemReportRow,
  type ItemResult,
  type ItemsReportResponse,
  percentOfValue,
} from '@gavel/domain';
import type { z } from 'zod';
import type { itemsReportQuery } from '@gavel/domain';
import type { Db } from '../../../db/client';
import { auctionItems } from '../../../db/schema';
import { csvMoney, csvTable } from '../../../lib/csv';
import type { Tenant } from '../../../tenancy';
import { bidderLabel, readLedger } from './ledger-read';
import { reportHead } from './summary';

type ItemsQuery = z.output<typeof itemsReportQuery>;
type ItemRow = typeof auctionItems.$inferSelect;

interface Takings {
  amount: number;
  quantity: number;
  winners: string[];
}

const keyOf = (itemnum: string) => itemnum.toLowerCase();

/** What an item came to: sold (a counted win), pledged, still taking bids with a leader, not sold, or no bids. */
function resultOf(item: ItemRow, won: Takings | undefined, pledged: Takings | undefined): ItemResult {
  if (item.paddlelevels.length > 0) return pledged ? 'pledged' : 'nobids';
  if (won) return 'sold';
  if (item.numberofbids === 0) return 'nobids';
  if (item.leaderBidderId !== null && item.closedAt === null) return 'open';
  return 'unsold';
}

const byItemnum = (a: ItemReportRow, b: ItemReportRow) =>
  a.itemnum.localeCompare(b.itemnum, 'en', { numeric: true, sensitivity: 'base' });
const SORTS: Record<ItemsQuery['sort'], (a: ItemReportRow, b: ItemReportRow) => number> = {
  itemnum: byItemnum,
  amount: (a, b) => b.amount - a.amount || byItemnum(a, b),
  percent: (a, b) => (b.percent ?? -1) - (a.percent ?? -1) || byItemnum(a, b),
  bids: (a, b) => b.bids - a.bids || byItemnum(a, b),
};

/**
 * GET reports/items: each item's result from the ledger's lines (a win counts while it is in no
 * order or in one not declined or refunded, as on the bidder's balance), so the amounts add up to
 * the summary's silent, live and Buy It Now figures, and a fund-a-need item's to its pledges.
 */
export async function itemsReport(db: Db, tenant: Tenant, query: ItemsQuery): Promise<ItemsReportResponse> {
  const ledger = await readLedger(db, tenant);
  const won = new Map<string, Takings>();
  const pledged = new Map<string, Takings>();
  for (const [bidderId, balance] of ledger.balances)
    for (const line of balance.lines) {
      if (line.kind !== 'item' && line.kind !== 'pledge') continue;
      const map = line.kind === 'item' ? won : pledged;
      const key = keyOf(line.itemnum);
      const t = map.get(key) ?? { amount: 0, quantity: 0, winners: [] };
      t.amount += line.amount;
      t.quantity += line.quantity;
      const who = bidderLabel(ledger.bidders.get(bidderId));
      if (line.kind === 'item' && !t.winners.includes(who)) t.winners.push(who);
      map.set(key, t);
    }
  const items = await db
    .select()
    .from(auctionItems)
    .where(eq(auctionItems.eventId, tenant.event.id))
    .orderBy(asc(auctionItems.id));
  const rows = items
    .filter((i) => query.location === undefined || i.location === query.location)
    .map((item): ItemReportRow => {
      const w = won.get(keyOf(item.itemnum));
      const p = pledged.get(keyOf(item.itemnum));
      const taken = item.paddlelevels.length > 0 ? p : w;
      const amount = taken?.amount ?? 0;
      const quantity = taken?.quantity ?? 0;
      return {
        itemnum: item.itemnum,
        name: item.name,
        location: item.location,
        result: resultOf(item, w, p),
        winner: item.paddlelevels.length > 0 ? '' : (w?.winners.join(', ') ?? ''),
        quantity,
        amount,
        value: item.fairmarketvalue,
        percent: item.paddlelevels.length > 0 ? null : percentOfValue(amount, item.fairmarketvalue, quantity),
        bids: item.numberofbids,
      };
    })
    .sort(SORTS[query.sort]);
  return {
    ...reportHead(tenant),
    locations: [...new Set(items.map((i) => i.location))].sort((a, b) => a.localeCompare(b)),
    items: rows,
    total: rows.reduce((s, r) => s + r.amount, 0),
  };
}

export function itemsCsv(r: ItemsReportResponse): string {
  return csvTable(
    ['Item', 'Name', 'Location', 'Result', 'Winner', 'Quantity', 'Amount', 'Value', 'Percent of value', 'Bids'],
    r.items.map((i) => [
      i.itemnum,
      i.name,
      i.location,
      ITEM_RESULT_LABELS[i.result],
      i.winner,
      i.quantity,
      csvMoney(i.amount),
      csvMoney(i.value),
      i.percent ?? '',
      i.bids,
    ]),
  );
}
