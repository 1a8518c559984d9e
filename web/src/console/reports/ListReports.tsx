import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  formatClock,
  formatMoney,
  type PaymentReportRow,
  type PaymentsReportResponse,
  type PickupListItem,
  pickupWords,
  type UnpaidRow,
} from '@gavel/domain';
import { QueryState } from '../events/parts';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { ReportChart } from './Chart';
import { useBidsOverTime, usePaymentsReport, usePickupsReport, useUnpaid } from './calls';

const money = { cell: (c: { getValue: () => number }) => formatMoney(c.getValue()), meta: { numeric: true } };

const unpaid = createColumnHelper<UnpaidRow>();
const unpaidColumns: Array<ColumnDef<UnpaidRow, never>> = [
  unpaid.accessor((r) => (r.biddernumber === null ? 'Store' : `#${r.biddernumber}`), {
    id: 'number',
    header: 'Bidder',
  }),
  unpaid.accessor('name', { header: 'Name' }),
  unpaid.accessor('email', { header: 'Email' }),
  unpaid.accessor('phone', { header: 'Phone' }),
  unpaid.accessor('due', { header: 'Due', ...money }),
  unpaid.accessor('billme', { header: 'Of it Bill Me', ...money }),
];

/** Who still owes, largest first, with their email and phone to chase them. */
export function UnpaidReport({ eventcode }: { eventcode: string }) {
  const report = useUnpaid(eventcode);
  if (!report.data) return <QueryState pending={report.isPending} error={report.error} />;
  const { rows, total } = report.data;
  return (
    <>
      <p className="reports-count" data-testid="unpaid-count">
        {rows.length === 1 ? '1 balance' : `${rows.length} balances`} · {formatMoney(total)} due
      </p>
      <DataTable
        data={rows}
        columns={unpaidColumns}
        testId="unpaid-report"
        rowKey={(r) => `${r.bidderid ?? 'store'}-${r.email}`}
        empty="Nobody owes anything."
        caption="Unpaid balances"
        initialSort={[{ id: 'due', desc: true }]}
      />
    </>
  );
}

const payment = createColumnHelper<PaymentReportRow>();
const paymentColumns = (timezone: string): Array<ColumnDef<PaymentReportRow, never>> => [
  payment.accessor('at', { header: 'Time', cell: (c) => formatClock(c.getValue(), timezone) }),
  payment.accessor('amount', { header: 'Amount', ...money }),
  payment.accessor('method', { header: 'Method', cell: (c) => METHOD[c.getValue()] }),
  payment.accessor('takenby', { header: 'Taken by' }),
  payment.accessor('payer', { header: 'Payer' }),
  payment.accessor('reference', { header: 'Reference' }),
];
const METHOD = { card: 'Card', cash: 'Cash', check: 'Check' } as const;

type Person = PaymentsReportResponse['people'][number];
const person = createColumnHelper<Person>();
const peopleColumns: Array<ColumnDef<Person, never>> = [
  person.accessor('takenby', { header: 'Taken by' }),
  person.accessor('cash', { header: 'Cash', ...money }),
  person.accessor('check', { header: 'Check', ...money }),
  person.accessor('card', { header: 'Card', ...money }),
  person.accessor('total', { header: 'Total', ...money }),
];

/** Every payment and refund, and for counting the cash box: the totals per method and per person. */
export function PaymentsReport({ eventcode }: { eventcode: string }) {
  const report = usePaymentsReport(eventcode);
  if (!report.data) return <QueryState pending={report.isPending} error={report.error} />;
  const r = report.data;
  return (
    <>
      <p className="reports-count" data-testid="payments-total">
        {formatMoney(r.total)} collected · cash {formatMoney(r.methods.cash)} · check {formatMoney(r.methods.check)} ·
        card {formatMoney(r.methods.card)}
      </p>
      <h2>By person</h2>
      <DataTable
        data={r.people}
        columns={peopleColumns}
        testId="payments-people"
        rowKey={(p) => p.takenby}
        empty="No payments yet."
        caption="Payments by who took them"
      />
      <h2>Every payment</h2>
      <DataTable
        data={r.rows}
        columns={paymentColumns(r.timezone)}
        testId="payments-report"
        rowKey={(p) => p.id}
        empty="No payments yet."
        caption="Every payment; refunds are negative"
      />
    </>
  );
}

const pickup = createColumnHelper<PickupListItem>();
const pickupColumns = (timezone: string): Array<ColumnDef<PickupListItem, never>> => [
  pickup.accessor((r) => r.location || pickupWords.noLocation, { id: 'location', header: 'Location' }),
  pickup.accessor((r) => `#${r.itemnum} ${r.name}`, { id: 'item', header: 'Item' }),
  pickup.accessor((r) => `#${r.biddernumber} ${r.biddername}`, { id: 'bidder', header: 'Bidder' }),
  pickup.accessor(
    (r) =>
      r.collectedat
        ? `Collected ${formatClock(r.collectedat, timezone)}${r.collectedby ? ` by ${r.collectedby}` : ''}`
        : r.paid
          ? 'Waiting'
          : 'Waiting, not paid yet',
    { id: 'status', header: 'Status' },
  ),
];

/** Won items collected and not, by location. */
export function PickupsReport({ eventcode }: { eventcode: string }) {
  const report = usePickupsReport(eventcode);
  if (!report.data) return <QueryState pending={report.isPending} error={report.error} />;
  const r = report.data;
  return (
    <>
      <p className="reports-count" data-testid="pickups-count">
        {r.collected} collected · {r.waiting} waiting ({r.notpaid} not paid yet)
      </p>
      <DataTable
        data={r.items}
        columns={pickupColumns(r.timezone)}
        testId="pickups-report"
        rowKey={(i) => String(i.historyid)}
        empty="No items won yet."
        caption="Won items, collected and waiting"
      />
    </>
  );
}

const count = (n: number) => String(Math.round(n));

/** Bids per minute across the night, as a line, on the event's clock. */
export function BidsReport({ eventcode }: { eventcode: string }) {
  const report = useBidsOverTime(eventcode);
  const minutes = report.data?.minutes;
  const labels = useMemo(() => (minutes ?? []).map((m) => m.label), [minutes]);
  const values = useMemo(() => (minutes ?? []).map((m) => m.bids), [minutes]);
  if (!report.data) return <QueryState pending={report.isPending} error={report.error} />;
  const r = report.data;
  return (
    <>
      <p className="reports-count" data-testid="bids-total">
        {r.total === 1 ? '1 bid' : `${r.total} bids`} · busiest minute {r.peak} · times in {r.timezone}
      </p>
      {r.minutes.length === 0 ? (
        <p className="console-notice">No bids yet.</p>
      ) : (
        <ReportChart
          kind="line"
          labels={labels}
          values={values}
          label="Bids per minute across the night"
          format={count}
          testId="bids-chart"
        />
      )}
    </>
  );
}
