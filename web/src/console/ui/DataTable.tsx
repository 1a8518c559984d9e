import { useState } from 'react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type Row,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';

export type { ColumnDef };

export interface DataTableProps<T> {
  data: T[];
  columns: Array<ColumnDef<T, never>>;
  /** The table's data-testid; each row is `${testId}-row` with `data-key` = rowKey(row). */
  testId: string;
  /** A row's stable key (itemnum, bidder id). */
  rowKey: (row: T) => string;
  /** What an empty table says. */
  empty: string;
  /** A caption for screen readers (the page's heading says it to everyone else). */
  caption: string;
  /** Text the rows are filtered by (a search box the page owns). */
  filter?: string;
  initialSort?: SortingState;
  /** Rows may be selected (a check box per row); the page is told the selected keys. */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
}

/**
 * The console's one table: TanStack Table's sorting, filtering and selection, drawn as a plain
 * accessible table (sortable headings are buttons with aria-sort). Columns whose `meta` says
 * `{ numeric: true }` are right-aligned.
 */
export function DataTable<T>({
  data,
  columns,
  testId,
  rowKey,
  empty,
  caption,
  filter = '',
  initialSort = [],
  selection,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const table = useReactTable<T>({
    data,
    columns,
    state: { sorting, globalFilter: filter, rowSelection: selection?.selected ?? {} },
    getRowId: rowKey,
    onSortingChange: setSorting,
    enableRowSelection: selection !== undefined,
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
  const width = columns.length + (selection ? 1 : 0);
  return (
    // A table wider than a phone scrolls sideways: the wrap takes the keyboard's focus so it can be scrolled without a mouse.
    <div className="console-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="console-table" data-testid={testId}>
        <caption className="console-sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={table.getIsAllRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                    data-testid={`${testId}-select-all`}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = isNumeric(header.column.columnDef.meta);
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'num' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={width} className="console-empty" data-testid={`${testId}-empty`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => <BodyRow key={row.id} row={row} testId={testId} selectable={selection !== undefined} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function BodyRow<T>({ row, testId, selectable }: { row: Row<T>; testId: string; selectable: boolean }) {
  return (
    <tr data-testid={`${testId}-row`} data-key={row.id}>
      {selectable && (
        <td>
          <input
            type="checkbox"
            aria-label={`Select row ${row.id}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={isNumeric(cell.column.columnDef.meta) ? 'num' : undefined}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

function isNumeric(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && (meta as { numeric?: unknown }).numeric === true;
}
