import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { type ChargeFollowUp, formatClock, formatMoney } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { consoleApi } from '../session';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { runsKey } from './calls';

/** Sends pay links to bidders, one call per run they were declined in (usually one). */
async function sendLinks(eventcode: string, rows: ChargeFollowUp[]): Promise<string> {
  const said: string[] = [];
  for (const runid of new Set(rows.map((r) => r.runid))) {
    const bidderids = rows.filter((r) => r.runid === runid).map((r) => r.bidderid);
    const answer = await consoleApi(
      'POST /console/events/:eventcode/charge-all/:runid/pay-links',
      { bidderids },
      { params: { eventcode, runid } },
    );
    said.push(answer.message, ...answer.skipped.map((s) => s.reason));
  }
  return said.join(' ');
}

/** An email that may break after its @ when the column is narrow, never inside a word. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function LinkCell({
  row,
  onSend,
  busy,
}: {
  row: ChargeFollowUp;
  onSend: (rows: ChargeFollowUp[]) => void;
  busy: boolean;
}) {
  if (row.due === 0)
    return (
      <span className="chargeall-result paid" data-testid="followup-paid">
        Paid
      </span>
    );
  return (
    <span className="chargeall-link-cell">
      <span className="chargeall-sent" data-testid="followup-sent">
        {row.paylinksentat ? `Link sent at ${formatClock(row.paylinksentat)}` : 'No link sent'}
      </span>
      <button
        type="button"
        className="console-button secondary"
        onClick={() => onSend([row])}
        disabled={busy}
        data-testid="followup-send"
      >
        {row.paylinksentat ? 'Send again' : 'Send pay link'}
      </button>
    </span>
  );
}

/**
 * The follow-up list: bidders whose card was declined (or needs their confirmation) in their latest
 * run, what they owe now, and "Send pay link" (text and email) for each or for all who still owe.
 */
export function FollowUpSection({ eventcode, followup }: { eventcode: string; followup: ChargeFollowUp[] }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState('');
  const send = useAction(
    (rows: ChargeFollowUp[]) => sendLinks(eventcode, rows),
    (said) => {
      setNotice(said);
      void client.invalidateQueries({ queryKey: runsKey(eventcode) });
    },
  );
  const owing = followup.filter((f) => f.due > 0);
  const column = createColumnHelper<ChargeFollowUp>();
  const columns: Array<ColumnDef<ChargeFollowUp, never>> = [
    column.accessor('number', { header: 'No.', meta: { numeric: true } }),
    column.accessor('name', {
      header: 'Name',
      cell: ({ row }) => (
        <span className="chargeall-who">
          <strong>{row.original.name}</strong>
          <span>
            <Email email={row.original.email} />
          </span>
          {row.original.cellphone && <span>{row.original.cellphone}</span>}
        </span>
      ),
    }),
    column.accessor('due', {
      header: 'Owes',
      meta: { numeric: true },
      cell: ({ getValue }) => formatMoney(getValue()),
    }),
    column.accessor('message', {
      header: 'Why',
      cell: ({ getValue }) => <span data-testid="followup-why">{getValue()}</span>,
    }),
    column.display({
      id: 'link',
      header: 'Pay link',
      cell: ({ row }) => <LinkCell row={row.original} onSend={send.run} busy={send.busy} />,
    }),
  ];
  return (
    <section className="chargeall-section chargeall-followup" aria-labelledby="followup-heading" data-testid="followup">
      <div className="chargeall-head">
        <h2 id="followup-heading">Follow up</h2>
        {owing.length > 1 && (
          <button
            type="button"
            className="console-button"
            onClick={() => send.run(owing)}
            disabled={send.busy}
            data-testid="followup-send-all"
          >
            Send pay links to all ({owing.length})
          </button>
        )}
      </div>
      <p className="console-hint">
        A pay link is texted and emailed: it opens the bidder’s checkout on their phone, for paying only, until they pay
        or 72 hours pass.
      </p>
      {notice && (
        <p className="console-success" role="status" data-testid="followup-notice">
          {notice}
        </p>
      )}
      {send.error && (
        <p className="console-error" role="alert">
          {send.error}
        </p>
      )}
      <DataTable
        data={followup}
        columns={columns}
        testId="followup-list"
        rowKey={(r) => String(r.bidderid)}
        empty="No declined cards to follow up."
        caption="Declined cards to follow up"
        initialSort={[{ id: 'number', desc: false }]}
      />
    </section>
  );
}
