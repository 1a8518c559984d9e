import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  AUDIENCE_LABELS,
  CHANNEL_LABELS,
  type DeliveryCounts,
  formatDateTime,
  type MessagesResponse,
  type SentMessage,
} from '@gavel/domain';
import { type ColumnDef, DataTable } from '../ui/DataTable';

const DELIVERY_WORDS: Record<keyof DeliveryCounts, string> = {
  pending: 'waiting',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  optedout: 'opted out',
  dev: 'in the dev mailbox',
};

/** The counts that are not zero, each as a small label ("2 delivered"). */
function Delivery({ counts }: { counts: DeliveryCounts }) {
  const shown = (Object.keys(DELIVERY_WORDS) as Array<keyof DeliveryCounts>).filter((k) => counts[k] > 0);
  if (shown.length === 0) return <span className="messages-muted">nothing queued</span>;
  return (
    <ul className="messages-delivery" data-testid="history-delivery">
      {shown.map((k) => (
        <li key={k} className={`messages-count ${k}`} data-status={k}>
          {counts[k]} {DELIVERY_WORDS[k]}
        </li>
      ))}
    </ul>
  );
}

const col = createColumnHelper<SentMessage>();

function columns(timezone: string): Array<ColumnDef<SentMessage, never>> {
  return [
    col.accessor('messageid', {
      header: 'Sent',
      cell: ({ row }) => <span className="messages-when">{formatDateTime(row.original.createdat, timezone)}</span>,
    }),
    col.accessor('sentby', { header: 'By' }),
    col.accessor('audience', {
      header: 'To',
      cell: ({ row }) => (
        <span>
          {AUDIENCE_LABELS[row.original.audience]}
          <span className="messages-muted"> by {CHANNEL_LABELS[row.original.channel].toLowerCase()}</span>
        </span>
      ),
    }),
    col.accessor('subject', {
      header: 'Message',
      cell: ({ row }) => <span className="messages-gist">{row.original.subject || row.original.body}</span>,
    }),
    col.accessor('recipients', { header: 'People', meta: { numeric: true } }),
    col.accessor('queued', { header: 'Messages', meta: { numeric: true } }),
    col.accessor('delivery', {
      header: 'Delivery',
      enableSorting: false,
      cell: ({ row }) => <Delivery counts={row.original.delivery} />,
    }),
  ];
}

/** What was sent, latest first, with where its messages stand (kept fresh while the page is open). */
export function HistorySection({ data }: { data: MessagesResponse }) {
  const cols = useMemo(() => columns(data.timezone), [data.timezone]);
  return (
    <section className="messages-section" aria-labelledby="history-heading">
      <h2 id="history-heading">Sent messages</h2>
      <DataTable
        data={data.messages}
        columns={cols}
        testId="message-history"
        rowKey={(m) => String(m.messageid)}
        empty="No messages sent yet."
        caption="Messages sent, latest first, with their delivery"
        initialSort={[{ id: 'messageid', desc: true }]}
      />
    </section>
  );
}
