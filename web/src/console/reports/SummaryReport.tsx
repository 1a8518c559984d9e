import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatMoney, formatMoneyWhole, type SummaryResponse } from '@gavel/domain';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { ReportChart } from './Chart';
import { useSummary } from './calls';
import { QueryState } from '../events/parts';

type Line = { key: string; label: string; amount: number };
const column = createColumnHelper<Line>();
const lineColumns: Array<ColumnDef<Line, never>> = [
  column.accessor('label', { header: 'Line' }),
  column.accessor('amount', { header: 'Amount', cell: (c) => formatMoney(c.getValue()), meta: { numeric: true } }),
];

const dollars = (cents: number) => formatMoneyWhole(cents);

function Figure({ label, amount, testId, note }: { label: string; amount: number; testId: string; note: string }) {
  return (
    <div className="reports-figure">
      <span className="reports-figure-label">{label}</span>
      <strong data-testid={testId}>{formatMoney(amount)}</strong>
      <span className="reports-figure-note">{note}</span>
    </div>
  );
}

function Figures({ s }: { s: SummaryResponse }) {
  return (
    <div className="reports-figures">
      <Figure label="Raised" amount={s.raised} testId="summary-raised" note="Sales, pledges, donations and fees" />
      <Figure
        label="Collected"
        amount={s.collected}
        testId="summary-collected"
        note={s.pending > 0 ? `${formatMoney(s.pending)} of it still being charged` : 'Card, cash and check'}
      />
      <Figure
        label="Outstanding"
        amount={s.outstanding}
        testId="summary-outstanding"
        note={s.owing === 1 ? '1 bidder owes' : `${s.owing} owe`}
      />
      <Figure
        label="Refunded"
        amount={s.refunds.amount}
        testId="summary-refunds"
        note={s.refunds.count === 1 ? '1 refund' : `${s.refunds.count} refunds`}
      />
      {s.credits > 0 && (
        <Figure
          label="Credits to give back"
          amount={s.credits}
          testId="summary-credits"
          note="Paid over what is owed"
        />
      )}
    </div>
  );
}

/** The summary: the four figures, raised by source (a bar chart and its table), and how it stands by payment method. */
export function SummaryReport({ eventcode }: { eventcode: string }) {
  const summary = useSummary(eventcode);
  const s = summary.data;
  const sources = useMemo(
    () => (s ? s.sources.map((r) => ({ key: r.source, label: r.label, amount: r.amount })) : []),
    [s],
  );
  const methods = useMemo(
    () => (s ? s.methods.map((r) => ({ key: r.method, label: r.label, amount: r.amount })) : []),
    [s],
  );
  const labels = useMemo(() => sources.map((r) => r.label), [sources]);
  const values = useMemo(() => sources.map((r) => r.amount), [sources]);
  if (!s) return <QueryState pending={summary.isPending} error={summary.error} />;
  return (
    <div className="reports-summary">
      <Figures s={s} />
      <div className="reports-columns">
        <section className="reports-panel" aria-labelledby="summary-sources">
          <h2 id="summary-sources">Raised by source</h2>
          <ReportChart
            kind="bar"
            labels={labels}
            values={values}
            label="Raised by source, in dollars"
            format={dollars}
            testId="summary-chart"
          />
          <DataTable
            data={sources}
            columns={lineColumns}
            testId="summary-sources"
            rowKey={(r) => r.key}
            empty="Nothing raised yet."
            caption="Raised by source"
          />
        </section>
        <section className="reports-panel" aria-labelledby="summary-methods">
          <h2 id="summary-methods">By payment method</h2>
          <p className="reports-hint">
            Card, cash and check make the collected, less what was given back; Bill Me and not yet paid, the
            outstanding; a credit is money to give back. Refunded orders count in neither.
          </p>
          <DataTable
            data={methods}
            columns={lineColumns}
            testId="summary-methods"
            rowKey={(r) => r.key}
            empty="No payments yet."
            caption="By payment method"
          />
        </section>
      </div>
    </div>
  );
}
