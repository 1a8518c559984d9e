import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type ConsoleEventDetail, formatMoney } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { consoleApi, useCan } from '../session';
import { EventWhen, StateBadge } from './EventCard';
import { eventChanged, useConsoleEvent } from './queries';
import { QueryState } from './parts';
import './events.css';

/** Saves the event's import document as a file: the export answers it with the staff token, so a plain link cannot. */
async function downloadExport(eventcode: string): Promise<void> {
  const doc = await consoleApi('GET /console/events/:eventcode/export', undefined, { params: { eventcode } });
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${eventcode}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

function OpenBidding({ eventcode }: { eventcode: string }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const open = useAction(
    () => consoleApi('POST /console/events/:eventcode/open-bidding', undefined, { params: { eventcode } }),
    (answer) => {
      setAsking(false);
      eventChanged(client, answer);
    },
  );
  if (!asking)
    return (
      <button type="button" className="console-button" onClick={() => setAsking(true)} data-testid="open-bidding">
        Open bidding now
      </button>
    );
  return (
    <div className="console-warning overview-confirm" role="group" aria-label="Open bidding now">
      <p>Bidders can bid on every item from now until bidding closes. Open bidding now?</p>
      <div className="console-form-actions">
        <button
          type="button"
          className="console-button"
          disabled={open.busy}
          onClick={() => open.run(undefined)}
          data-testid="open-bidding-confirm"
        >
          Open bidding
        </button>
        <button type="button" className="console-button secondary" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
      {open.error && (
        <p className="console-error" role="alert">
          {open.error}
        </p>
      )}
    </div>
  );
}

function Counts({ detail }: { detail: ConsoleEventDetail }) {
  const { counts } = detail;
  const stats: Array<[string, string, string]> = [
    ['Items', String(counts.items), 'count-items'],
    ['Bidders', String(counts.bidders), 'count-bidders'],
    ['Bids', String(counts.bids), 'count-bids'],
    ['Raised so far', formatMoney(counts.raised), 'count-raised'],
  ];
  return (
    <dl className="overview-stats">
      {stats.map(([label, value, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The event at a glance: its state, times and counts, where bidders and the board are, and (staff) open bidding and export. */
export function OverviewPage() {
  const { eventcode = '' } = useParams();
  const staff = useCan('staff');
  const { data, error } = useConsoleEvent(eventcode);
  const exporting = useAction(
    () => downloadExport(eventcode),
    () => undefined,
  );
  const notOpen = data && (data.eventflag === 'eventnotopen' || data.eventflag === 'biddingnotopen');
  return (
    <Layout
      title={data?.event.eventname ?? 'Event'}
      actions={
        staff &&
        data && (
          <button
            type="button"
            className="console-button secondary"
            disabled={exporting.busy}
            onClick={() => exporting.run(undefined)}
            data-testid="export-event"
          >
            Export event (JSON)
          </button>
        )
      }
    >
      <QueryState pending={!data} error={error} />
      {exporting.error && (
        <p className="console-error" role="alert">
          {exporting.error}
        </p>
      )}
      {data && (
        <div className="overview">
          <section className="overview-panel" aria-labelledby="overview-state">
            <h2 id="overview-state">
              Now: <StateBadge flag={data.eventflag} />
              {data.archived && <span className="events-state events-archived">Archived</span>}
            </h2>
            <EventWhen event={data.event} />
            {staff && notOpen && <OpenBidding eventcode={eventcode} />}
          </section>
          <Counts detail={data} />
          <section className="overview-panel" aria-labelledby="overview-links">
            <h2 id="overview-links">Where people see it</h2>
            <ul className="overview-links">
              <li>
                Bidders: <a href={`/${eventcode}`} data-testid="link-bidder-app">{`${location.host}/${eventcode}`}</a>
              </li>
              <li>
                Display board:{' '}
                <a href={`/${eventcode}/detail`} data-testid="link-board">{`${location.host}/${eventcode}/detail`}</a>{' '}
                or the <a href={`/${eventcode}/list`}>list view</a>
              </li>
            </ul>
            {staff && (
              <p className="overview-more">
                <Link to={eventPath(eventcode, 'settings')}>Event settings</Link> ·{' '}
                <Link to={eventPath(eventcode, 'items')}>Items</Link> ·{' '}
                <Link to={eventPath(eventcode, 'board')}>Display board settings</Link>
              </p>
            )}
          </section>
        </div>
      )}
    </Layout>
  );
}
