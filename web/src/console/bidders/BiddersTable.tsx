import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { bidderWords, type ConsoleBidder } from '@gavel/domain';
import { errorMessage } from '../../ui/form';
import { consoleApi } from '../session';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { biddersKey } from './calls';
import { NumberForm } from './NumberForm';

type Open = { bidderid: number; what: 'number' | 'stop' } | null;

/** A yes-or-no that reads alone (a phone shows the cells without their headings). */
function Flag({ on, yes, no, testId }: { on: boolean; yes: string; no: string; testId: string }) {
  return (
    <span className={`bidders-flag ${on ? 'on' : 'off'}`} data-testid={testId}>
      {on ? yes : no}
    </span>
  );
}

/** An email that may break after its @ when the column is narrow, never inside a word. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span className="bidders-email">{email}</span>;
  return (
    <span className="bidders-email">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

const column = createColumnHelper<ConsoleBidder>();

const baseColumns: Array<ColumnDef<ConsoleBidder, never>> = [
  column.accessor('bidderdisplaynumber', {
    id: 'number',
    header: 'No.',
    meta: { numeric: true },
    cell: ({ row }) => (
      <span className="bidders-number" data-testid="bidder-number">
        {row.original.bidderdisplaynumber}
      </span>
    ),
  }),
  column.accessor((b) => `${b.lastname} ${b.firstname}`, {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="bidders-name">
        <strong data-testid="bidder-name">{bidderWords.nameOf(row.original)}</strong>
        {row.original.cellphone && <span className="bidders-phone">{row.original.cellphone}</span>}
      </span>
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    cell: ({ row }) => <Email email={row.original.email} />,
  }),
  column.accessor('emailverified', {
    header: 'Verified',
    cell: ({ row }) => (
      <Flag on={row.original.emailverified} yes="Verified" no="Not verified" testId="bidder-verified" />
    ),
  }),
  column.accessor('cardonfile', {
    header: 'Card',
    cell: ({ row }) => <Flag on={row.original.cardonfile} yes="Card on file" no="No card" testId="bidder-card" />,
  }),
  column.accessor('authorizebidder', {
    header: 'Bidding',
    cell: ({ row }) => <Flag on={row.original.authorizebidder} yes="May bid" no="Stopped" testId="bidder-authorized" />,
  }),
];

/**
 * The event's bidders. Staff get each row's actions: stop bidding (confirmed first) or allow it,
 * give another number, send a sign-in link; volunteers read the list.
 */
export function BiddersTable({
  eventcode,
  bidders,
  canEdit,
  onNotice,
}: {
  eventcode: string;
  bidders: ConsoleBidder[];
  canEdit: boolean;
  onNotice: (message: string) => void;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const done = (message: string) => {
    setOpen(null);
    onNotice(message);
  };
  const authorize = useMutation({
    mutationFn: ({ bidderid, allowed }: { bidderid: number; allowed: boolean }) =>
      consoleApi(
        'PUT /console/events/:eventcode/bidders/:bidderid',
        { authorizebidder: allowed },
        { params: { eventcode, bidderid } },
      ),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: biddersKey(eventcode) });
      done(answer.message);
    },
  });
  const link = useMutation({
    mutationFn: (bidderid: number) =>
      consoleApi('POST /console/events/:eventcode/bidders/:bidderid/link', undefined, {
        params: { eventcode, bidderid },
      }),
    onSuccess: (answer) => done(answer.message),
  });
  const refusal = (bidderid: number) => {
    if (authorize.error && authorize.variables?.bidderid === bidderid) return errorMessage(authorize.error);
    if (link.error && link.variables === bidderid) return errorMessage(link.error);
    return '';
  };

  const actions = (b: ConsoleBidder) => {
    const name = bidderWords.nameOf(b);
    const busy = authorize.isPending || link.isPending;
    if (open?.bidderid === b.bidderid && open.what === 'number')
      return <NumberForm eventcode={eventcode} bidder={b} onDone={done} onCancel={() => setOpen(null)} />;
    if (open?.bidderid === b.bidderid && open.what === 'stop')
      return (
        <div className="bidders-confirm" role="group" aria-label={`Stop ${name} from bidding`}>
          <p>Stop {name} from bidding? Their phone will say they may no longer bid.</p>
          <div className="bidders-inline-actions">
            <button
              type="button"
              className="console-button danger"
              disabled={busy}
              onClick={() => authorize.mutate({ bidderid: b.bidderid, allowed: false })}
              data-testid="bidder-stop-confirm"
            >
              Stop bidding
            </button>
            <button type="button" className="console-button secondary" onClick={() => setOpen(null)}>
              Keep bidding
            </button>
          </div>
        </div>
      );
    const error = refusal(b.bidderid);
    return (
      <div className="bidders-actions">
        {b.authorizebidder ? (
          <button
            type="button"
            className="bidders-action danger"
            onClick={() => setOpen({ bidderid: b.bidderid, what: 'stop' })}
            aria-label={`Stop bidding for ${name}`}
            data-testid="bidder-stop"
          >
            Stop bidding
          </button>
        ) : (
          <button
            type="button"
            className="bidders-action"
            disabled={busy}
            onClick={() => authorize.mutate({ bidderid: b.bidderid, allowed: true })}
            aria-label={`Allow ${name} to bid`}
            data-testid="bidder-allow"
          >
            Allow bidding
          </button>
        )}
        <button
          type="button"
          className="bidders-action"
          onClick={() => setOpen({ bidderid: b.bidderid, what: 'number' })}
          aria-label={`Change the number of ${name}`}
          data-testid="bidder-change-number"
        >
          New number
        </button>
        <button
          type="button"
          className="bidders-action"
          disabled={busy}
          onClick={() => link.mutate(b.bidderid)}
          aria-label={`Email ${name} a sign-in link`}
          title="Email a sign-in link"
          data-testid="bidder-send-link"
        >
          Send link
        </button>
        {error && (
          <p className="console-error bidders-row-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };

  const columns: Array<ColumnDef<ConsoleBidder, never>> = canEdit
    ? [
        ...baseColumns,
        column.display({
          id: 'actions',
          header: () => <span className="console-sr-only">Actions</span>,
          cell: ({ row }) => actions(row.original),
        }),
      ]
    : baseColumns;

  return (
    <div className="bidders-list">
      <DataTable
        data={bidders}
        columns={columns}
        testId="bidders-table"
        rowKey={(b) => String(b.bidderid)}
        empty="No bidders found."
        caption="The event's bidders"
      />
    </div>
  );
}
