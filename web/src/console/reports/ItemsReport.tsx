import { createColumnHelper } from '@tanstack/react-table';
import { formatMoney, ITEM_RESULT_LABELS, type ItemReportRow, pickupWords } from '@gavel/domain';
import { QueryState } from '../events/parts';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { useItemsReport } from './calls';

/** The location filter's value for "every location" (a location may be named anything, '' included). */
export const EVERY_LOCATION = '\u0000every';

const column = createColumnHelper<ItemReportRow>();
const money = { cell: (c: { getValue: () => number }) => formatMoney(c.getValue()), meta: { numeric: true } };
const columns: Array<ColumnDef<ItemReportRow, never>> = [
  column.accessor('itemnum', {
    header: 'Item',
    sortingFn: (a, b) => a.original.itemnum.localeCompare(b.original.itemnum, 'en', { numeric: true }),
  }),
  column.accessor('name', { header: 'Name' }),
  column.accessor((r) => r.location || pickupWords.noLocation, { id: 'location', header: 'Location' }),
  column.accessor((r) => ITEM_RESULT_LABELS[r.result], { id: 'result', header: 'Result' }),
  column.accessor('winner', { header: 'Winner' }),
  column.accessor('amount', { header: 'Amount', ...money }),
  column.accessor('value', { header: 'Value', ...money }),
  column.accessor((r) => r.percent ?? -1, {
    id: 'percent',
    header: '% of value',
    cell: ({ row }) => (row.original.percent === null ? '—' : `${row.original.percent}%`),
    meta: { numeric: true },
  }),
  column.accessor('bids', { header: 'Bids', meta: { numeric: true } }),
];

/** Each item's result: winner, amount, value and percent of it, bids; sortable by any heading, by location. */
export function ItemsReport({
  eventcode,
  location,
  onLocation,
}: {
  eventcode: string;
  location: string | undefined;
  onLocation: (location: string | undefined) => void;
}) {
  const report = useItemsReport(eventcode, location);
  const data = report.data;
  return (
    <div className="reports-items">
      <div className="console-toolbar">
        <div className="console-field">
          <label htmlFor="reports-location">Location</label>
          <select
            id="reports-location"
            value={location ?? EVERY_LOCATION}
            onChange={(e) => onLocation(e.target.value === EVERY_LOCATION ? undefined : e.target.value)}
            data-testid="reports-location"
          >
            <option value={EVERY_LOCATION}>Every location</option>
            {(data?.locations ?? []).map((l) => (
              <option key={l} value={l}>
                {l || pickupWords.noLocation}
              </option>
            ))}
          </select>
        </div>
        {data && (
          <p className="reports-count" data-testid="items-count">
            {data.items.length === 1 ? '1 item' : `${data.items.length} items`} ·{' '}
            {data.items.filter((i) => i.result === 'sold' || i.result === 'pledged').length} sold or pledged ·{' '}
            {formatMoney(data.total)}
          </p>
        )}
      </div>
      <QueryState pending={report.isPending} error={report.error} />
      {data && (
        <DataTable
          data={data.items}
          columns={columns}
          testId="items-report"
          rowKey={(r) => r.itemnum}
          empty="No items here."
          caption="Items and their results"
        />
      )}
    </div>
  );
}
