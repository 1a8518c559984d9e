import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatClock, formatMoney, locationLabel } from '@gavel/domain';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import type { Ask } from './CloseDialog';
import { clockOf } from './LocationCards';
import type { CloseItem } from './queries';

interface Props {
  items: CloseItem[];
  timezone: string;
  canReopen: boolean;
  onAsk: (ask: Ask) => void;
}

function Actions({ item, canReopen, onAsk }: { item: CloseItem; canReopen: boolean; onAsk: (ask: Ask) => void }) {
  const target = { scope: 'item', itemnum: item.itemnum } as const;
  if (item.state === 'open')
    return (
      <span className="close-row-actions">
        <button
          type="button"
          className="console-button close-danger"
          onClick={() => onAsk({ kind: 'close', target })}
          aria-label={`Close item ${item.itemnum} now`}
          data-testid="close-item-close"
        >
          Close
        </button>
        <button
          type="button"
          className="console-button secondary"
          onClick={() => onAsk({ kind: 'extend', target, open: 1 })}
          aria-label={`Extend item ${item.itemnum}`}
          data-testid="close-item-extend"
        >
          Extend
        </button>
      </span>
    );
  if (canReopen && item.reopenable)
    return (
      <button
        type="button"
        className="console-button secondary"
        onClick={() => onAsk({ kind: 'reopen', item })}
        aria-label={`Reopen item ${item.itemnum}`}
        data-testid="close-item-reopen"
      >
        Reopen
      </button>
    );
  return null;
}

const column = createColumnHelper<CloseItem>();

function columns(timezone: string, canReopen: boolean, onAsk: (ask: Ask) => void): Array<ColumnDef<CloseItem, never>> {
  return [
    column.accessor('itemnum', { id: 'itemnum', header: 'Item', sortingFn: 'alphanumeric' }),
    column.accessor('name', { id: 'name', header: 'Name' }),
    column.accessor((i) => locationLabel(i.location), { id: 'location', header: 'Location' }),
    column.accessor('closing', {
      id: 'closing',
      header: 'Closes',
      cell: ({ row }) => <span className="close-nowrap">{clockOf(row.original.closing, timezone)}</span>,
    }),
    // The leader's name and number as text, so the search finds a bidder by either.
    column.accessor((i) => (i.leader ? `${i.leader.name} #${i.leader.biddernumber}` : ''), {
      id: 'leader',
      header: 'Winning',
      cell: ({ row }) => {
        const { leader } = row.original;
        if (!leader) return <span className="close-muted">No bids</span>;
        return (
          <span>
            {leader.name || 'Bidder'} <span className="close-number">#{leader.biddernumber}</span>
          </span>
        );
      },
    }),
    column.accessor('currentbid', {
      id: 'currentbid',
      header: 'Bid',
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.numberofbids > 0 ? formatMoney(row.original.currentbid) : <span className="close-nobid">—</span>,
    }),
    column.accessor('numberofbids', { id: 'numberofbids', header: 'Bids', meta: { numeric: true } }),
    column.accessor('state', {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span className={`close-state ${row.original.state}`} data-testid="close-item-state">
          {row.original.state === 'open' ? 'Open' : 'Closed'}
          {canReopen && row.original.reopenuntil && (
            <span className="close-until">reopen until {formatClock(row.original.reopenuntil, timezone)}</span>
          )}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => <Actions item={row.original} canReopen={canReopen} onAsk={onAsk} />,
    }),
  ];
}

/** Who is winning what: every silent item with its leader, bid and state, and its own Close, Extend and Reopen. */
export function CloseTable({ items, timezone, canReopen, onAsk }: Props) {
  const [search, setSearch] = useState('');
  const cols = useMemo(() => columns(timezone, canReopen, onAsk), [timezone, canReopen, onAsk]);
  return (
    <section className="close-section close-items" aria-labelledby="close-items-title">
      <div className="close-section-head">
        <h2 id="close-items-title">Who is winning what</h2>
        <div className="console-field close-search">
          <label htmlFor="close-search">Find an item or bidder</label>
          <input
            id="close-search"
            type="search"
            value={search}
            placeholder="Number, name, bidder…"
            onChange={(e) => setSearch(e.target.value)}
            data-testid="close-search"
          />
        </div>
      </div>
      <DataTable
        data={items}
        columns={cols}
        testId="close-items"
        rowKey={(i) => i.itemnum}
        caption="Silent auction items, their leaders and state"
        empty={items.length === 0 ? 'No silent auction items.' : 'No item matches.'}
        filter={search}
        initialSort={[{ id: 'closing', desc: false }]}
      />
    </section>
  );
}
