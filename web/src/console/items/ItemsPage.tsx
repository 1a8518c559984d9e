import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ConsoleItemRow, formatMoney, formatTimeWithZone } from '@gavel/domain';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { useCan } from '../session';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { errorMessage } from '../../ui/action';
import { ClosingPanel } from './ClosingPanel';
import { useConsoleItems } from './queries';
import './items.css';

const ALL = '';

function columns(eventcode: string, timezone: string, canEdit: boolean): Array<ColumnDef<ConsoleItemRow, never>> {
  const money = (cents: number) => formatMoney(cents);
  return [
    {
      id: 'itemnum',
      header: 'Number',
      accessorKey: 'itemnum',
      // Item numbers as people count them: 2 before 10, L2 before L10.
      sortingFn: 'alphanumeric',
      cell: ({ row }) =>
        canEdit ? (
          <Link
            className="items-link"
            to={eventPath(eventcode, `items/${encodeURIComponent(row.original.itemnum)}`)}
            aria-label={`Item ${row.original.itemnum}: ${row.original.name}`}
            data-testid="item-link"
          >
            {row.original.itemnum}
          </Link>
        ) : (
          row.original.itemnum
        ),
    },
    {
      id: 'name',
      header: 'Name',
      accessorKey: 'name',
      cell: ({ row }) => (
        <span className="items-name">
          {row.original.name}
          {row.original.photos === 0 && <span className="items-tag items-tag-muted">no photo</span>}
        </span>
      ),
    },
    { id: 'location', header: 'Location', accessorKey: 'location' },
    {
      id: 'startingbid',
      header: 'Starting bid',
      accessorKey: 'startingbid',
      meta: { numeric: true },
      cell: ({ row }) => (row.original.buyitnowonly ? '—' : money(row.original.startingbid)),
    },
    {
      id: 'fairmarketvalue',
      header: 'Value',
      accessorKey: 'fairmarketvalue',
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.ispriceless
          ? 'Priceless'
          : row.original.fairmarketvalue > 0
            ? money(row.original.fairmarketvalue)
            : '—',
    },
    {
      id: 'currentbid',
      header: 'Current bid',
      accessorKey: 'currentbid',
      meta: { numeric: true },
      cell: ({ row }) => (row.original.numberofbids > 0 ? money(row.original.currentbid) : '—'),
    },
    { id: 'numberofbids', header: 'Bids', accessorKey: 'numberofbids', meta: { numeric: true } },
    {
      id: 'closing',
      header: 'Closing',
      accessorKey: 'closing',
      cell: ({ row }) => (
        <span className="items-closing">
          <ClosingTime iso={row.original.closing} timezone={timezone} />
          {row.original.closed ? (
            <span className="items-tag items-tag-closed">closed</span>
          ) : (
            row.original.ownclosing && <span className="items-tag">own time</span>
          )}
        </span>
      ),
    },
  ];
}

/** '11-27-2026' and '5:32 PM CST', each kept on one line, so a narrow column breaks between them. */
function ClosingTime({ iso, timezone }: { iso: string; timezone: string }) {
  const [date = '', ...time] = formatTimeWithZone(iso, timezone).split(' ');
  return (
    <>
      <span>{date}</span> <span>{time.join(' ')}</span>
    </>
  );
}

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** The event's items: search, sort, filter by location and tag; staff add, import and set closing times. */
export function ItemsPage() {
  const { eventcode = '' } = useParams();
  const canEdit = useCan('staff');
  const query = useConsoleItems(eventcode);
  // A retired item's form sends its sentence here.
  const said = (useLocation().state as { said?: string } | null)?.said;
  const [search, setSearch] = useState('');
  const [location, setLocation] = useState(ALL);
  const [tag, setTag] = useState(ALL);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const locations = useMemo(() => distinct(items.map((i) => i.location)), [items]);
  const tags = useMemo(() => distinct(items.flatMap((i) => i.tags)), [items]);
  const shown = useMemo(
    () => items.filter((i) => (location === ALL || i.location === location) && (tag === ALL || i.tags.includes(tag))),
    [items, location, tag],
  );
  const timezone = query.data?.timezone ?? 'America/Chicago';
  const cols = useMemo(() => columns(eventcode, timezone, canEdit), [eventcode, timezone, canEdit]);
  const chosen = Object.keys(selected).filter((k) => selected[k]);
  const actions = canEdit && (
    <>
      <Link className="console-button" to={eventPath(eventcode, 'items/new')} data-testid="add-item">
        Add item
      </Link>
      <Link className="console-button secondary" to={eventPath(eventcode, 'items/import')} data-testid="import-items">
        Import from CSV
      </Link>
    </>
  );
  return (
    <Layout title="Items" actions={actions}>
      {said && (
        <p className="console-success" role="status" data-testid="items-said">
          {said}
        </p>
      )}
      {query.error && (
        <p className="console-error" role="alert">
          {errorMessage(query.error)}
        </p>
      )}
      <div className="console-toolbar items-toolbar" role="search">
        <div className="console-field items-search">
          <label htmlFor="items-search">Search</label>
          <input
            id="items-search"
            type="search"
            value={search}
            placeholder="Number, name, location…"
            onChange={(e) => setSearch(e.target.value)}
            data-testid="items-search"
          />
        </div>
        <Filter id="items-location" label="Location" value={location} options={locations} onChange={setLocation} />
        <Filter id="items-tag" label="Tag" value={tag} options={tags} onChange={setTag} />
        <p className="items-count" aria-live="polite" data-testid="items-count">
          {query.isPending ? 'Loading…' : `${shown.length} of ${items.length} items`}
        </p>
      </div>
      <DataTable
        data={shown}
        columns={cols}
        testId="items-table"
        rowKey={(r) => r.itemnum}
        caption="The event's items"
        empty={query.isPending ? 'Loading…' : items.length === 0 ? 'No items yet.' : 'No item matches.'}
        filter={search}
        initialSort={[{ id: 'itemnum', desc: false }]}
        {...(canEdit ? { selection: { selected, onChange: setSelected } } : {})}
      />
      {canEdit && query.data && (
        <ClosingPanel
          eventcode={eventcode}
          selected={chosen}
          locations={locations}
          timezone={timezone}
          biddingcloses={query.data.biddingcloses}
          onDone={() => setSelected({})}
        />
      )}
    </Layout>
  );
}

function Filter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="console-field items-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        <option value={ALL}>All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
