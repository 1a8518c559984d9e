import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatMoney } from '@gavel/domain';
import { errorMessage } from '../../ui/action';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { LiveBadge } from '../ui/LiveBadge';
import { useCan } from '../session';
import { type Ask, CloseDialog } from './CloseDialog';
import { CloseTable } from './CloseTable';
import { LocationCards } from './LocationCards';
import { type ClosePanel, useClosePanel, useServerClock } from './queries';
import './close.css';

function Totals({ panel }: { panel: ClosePanel }) {
  const figures: Array<[string, string, string]> = [
    ['Raised', formatMoney(panel.raised), 'close-raised'],
    [`Bids a minute (last ${panel.ratewindow} min)`, String(panel.bidsperminute), 'close-rate'],
    ['Items without bids', String(panel.withoutbids), 'close-without'],
    ['Open', String(panel.open), 'close-open'],
    ['Closed', String(panel.closed), 'close-closed'],
  ];
  return (
    <dl className="close-totals" data-testid="close-totals">
      {figures.map(([label, value, testId]) => (
        <div key={testId} className="close-total">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The close (auction night, staff and owners): each location's close with its countdown, the
 * night's figures, and who is winning what; Close now and Extend for everything, a location or an
 * item, each confirmed first; Reopen for the owner. Live: the hub's close and item changes refetch it.
 */
export function ClosePage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['close']);
  const panel = useClosePanel(eventcode);
  const now = useServerClock(panel.data);
  const canReopen = useCan('owner');
  const [ask, setAsk] = useState<Ask | null>(null);
  const [said, setSaid] = useState('');
  const onAsk = useCallback((next: Ask) => {
    setSaid('');
    setAsk(next);
  }, []);
  const data = panel.data;
  const everything = { scope: 'all' } as const;
  const actions = (
    <>
      <LiveBadge state={live} />
      <button
        type="button"
        className="console-button close-danger"
        disabled={!data || data.open === 0}
        onClick={() => onAsk({ kind: 'close', target: everything })}
        data-testid="close-all"
      >
        Close everything
      </button>
      <button
        type="button"
        className="console-button secondary"
        disabled={!data || data.open === 0}
        onClick={() => onAsk({ kind: 'extend', target: everything, open: data?.open ?? 0 })}
        data-testid="extend-all"
      >
        Extend everything
      </button>
    </>
  );
  return (
    <Layout title="The close" actions={actions}>
      <p className="console-success" role="status" data-testid="close-said" hidden={!said}>
        {said}
      </p>
      {panel.error && (
        <p className="console-error" role="alert">
          {errorMessage(panel.error)}
        </p>
      )}
      {!data ? (
        panel.isPending && (
          <p className="console-loading" role="status">
            Loading…
          </p>
        )
      ) : (
        <>
          <Totals panel={data} />
          <LocationCards locations={data.locations} timezone={data.timezone} now={now} onAsk={onAsk} />
          <CloseTable items={data.items} timezone={data.timezone} canReopen={canReopen} onAsk={onAsk} />
        </>
      )}
      {ask && (
        <CloseDialog
          eventcode={eventcode}
          ask={ask}
          onCancel={() => setAsk(null)}
          onDone={(message) => {
            setAsk(null);
            setSaid(message);
          }}
        />
      )}
    </Layout>
  );
}
