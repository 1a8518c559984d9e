import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatClock, PICKUP_COLLECTED_STATES, type PickupListItem, pickupWords } from '@gavel/domain';
import { errorMessage } from '../../ui/form';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { type PickupFilters, usePickupList } from './calls';

/** The location filter's value for "every location" (a location may be named anything, '' included). */
const EVERY = '\u0000every';

const column = createColumnHelper<PickupListItem>();

/** Collected (when, by whom), or waiting: paid and ready, or not paid yet. */
function status(r: PickupListItem, timezone: string): string {
  if (r.collectedat)
    return `Collected ${formatClock(r.collectedat, timezone)}${r.collectedby ? ` by ${r.collectedby}` : ''}`;
  return r.paid ? 'Waiting' : 'Waiting, not paid yet';
}

// Four columns, so a phone shows the whole row.
function columns(timezone: string): Array<ColumnDef<PickupListItem, never>> {
  return [
    column.accessor((r) => r.location || pickupWords.noLocation, { id: 'location', header: 'Location' }),
    column.accessor((r) => `#${r.itemnum} ${r.name}${r.quantity > 1 ? ` × ${r.quantity}` : ''}`, {
      id: 'item',
      header: 'Item',
    }),
    column.accessor((r) => `#${r.biddernumber} ${r.biddername}`, { id: 'bidder', header: 'Bidder' }),
    column.accessor((r) => status(r, timezone), {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: r }, getValue }) => (
        <span className={`pickup-state ${r.collectedat ? 'collected' : r.paid ? 'waiting' : 'unpaid'}`}>
          {getValue()}
        </span>
      ),
    }),
  ];
}

/** Every won item by location, with its bidder, collected or waiting: the shelf's checklist. */
export function PickupList({ eventcode }: { eventcode: string }) {
  const [filters, setFilters] = useState<PickupFilters>({ location: undefined, collected: 'all' });
  const list = usePickupList(eventcode, filters);
  const items = list.data?.items ?? [];
  const collected = items.filter((i) => i.collectedat !== null).length;
  return (
    <div className="pickup-list">
      <div className="console-toolbar pickup-filters">
        <div className="console-field">
          <label htmlFor="pickup-location">Location</label>
          <select
            id="pickup-location"
            value={filters.location ?? EVERY}
            onChange={(e) =>
              setFilters({ ...filters, location: e.target.value === EVERY ? undefined : e.target.value })
            }
            data-testid="pickup-list-location"
          >
            <option value={EVERY}>Every location</option>
            {(list.data?.locations ?? []).map((l) => (
              <option key={l} value={l}>
                {l || pickupWords.noLocation}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="pickup-collected">Show</label>
          <select
            id="pickup-collected"
            value={filters.collected}
            onChange={(e) =>
              setFilters({ ...filters, collected: PICKUP_COLLECTED_STATES.find((c) => c === e.target.value) ?? 'all' })
            }
            data-testid="pickup-list-collected"
          >
            <option value="all">Collected and waiting</option>
            <option value="no">Waiting</option>
            <option value="yes">Collected</option>
          </select>
        </div>
        {list.data && (
          <p className="pickup-count" data-testid="pickup-list-count">
            {items.length === 1 ? '1 item' : `${items.length} items`} · {collected} collected ·{' '}
            {items.length - collected} waiting
          </p>
        )}
      </div>
      {list.isError && <p className="console-error">{errorMessage(list.error)}</p>}
      {list.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {list.data && (
        <DataTable
          data={items}
          columns={columns(list.data.timezone)}
          testId="pickup-list"
          rowKey={(r) => String(r.historyid)}
          empty="No items here."
          caption="Won items by location"
        />
      )}
    </div>
  );
}
