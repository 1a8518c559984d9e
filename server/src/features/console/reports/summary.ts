import {
  type Cents,
  RAISED_SOURCE_LABELS,
  RAISED_SOURCES,
  SUMMARY_METHOD_LABELS,
  SUMMARY_METHODS,
  type SummaryResponse,
  summarize,
} from '@gavel/domain';
import type { Db } from '../../../db/client';
import { csvMoney, csvTable } from '../../../lib/csv';
import type { Tenant } from '../../../tenancy';
import { readLedger, refundedOrders } from './ledger-read';

/** The head every report answers with. */
export const reportHead = (tenant: Tenant) => ({
  status: 'success' as const,
  message: '',
  eventname: tenant.event.eventname,
  timezone: tenant.event.timezone,
});

/**
 * GET reports/summary: raised by source, collected and outstanding, by payment method, and refunds,
 * from the ledger's balances and the store's orders on no balance (domain/src/console/reports.ts).
 */
export async function summaryReport(db: Db, tenant: Tenant): Promise<SummaryResponse> {
  const ledger = await readLedger(db, tenant);
  const figures = summarize({
    balances: ledger.balances.values(),
    splits: new Map([...ledger.store].map(([id, s]) => [id, s.split])),
    storeOrders: ledger.loose,
  });
  const refunded = await refundedOrders(db, tenant);
  const refunds = [...refunded.phone, ...refunded.store].map((o) => o.total);
  // Money given back at the desk (refunds and voids done): negative payments on the balances.
  for (const balance of ledger.balances.values())
    for (const p of balance.payments) if (p.source === 'refund' && p.state === 'paid') refunds.push(-p.amount);
  return {
    ...reportHead(tenant),
    raised: figures.raised,
    collected: figures.collected,
    outstanding: figures.outstanding,
    credits: figures.credits,
    held: figures.held,
    pending: figures.pending,
    sources: RAISED_SOURCES.map((source) => ({
      source,
      label: RAISED_SOURCE_LABELS[source],
      amount: figures.sources[source],
    })),
    methods: SUMMARY_METHODS.map((method) => ({
      method,
      label: SUMMARY_METHOD_LABELS[method],
      amount: figures.methods[method],
    })),
    refunds: { count: refunds.length, amount: refunds.reduce((s, a) => s + a, 0) },
    owing:
      [...ledger.balances.values()].filter((b) => b.due > 0).length +
      ledger.loose.filter((o) => o.state === 'unpaid').length,
  };
}

/** The summary as a spreadsheet: one line per figure, under its part. */
export function summaryCsv(s: SummaryResponse): string {
  const line = (part: string, name: string, amount: Cents) => [part, name, csvMoney(amount)];
  return csvTable(
    ['Part', 'Line', 'Amount'],
    [
      ...s.sources.map((r) => line('Raised by source', r.label, r.amount)),
      line('Totals', 'Raised', s.raised),
      line('Totals', 'Collected', s.collected),
      line('Totals', 'Outstanding', s.outstanding),
      line('Totals', 'Credits to give back', s.credits),
      line('Totals', 'Of the collected, card charges not yet confirmed', s.pending),
      ...s.methods.map((r) => line('By payment method', r.label, r.amount)),
      line('Refunds', `Refunds (${s.refunds.count})`, s.refunds.amount),
    ],
  );
}
