import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatMoney, formatMoneyWhole, type Pledge } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { errorMessage } from '../../ui/form';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { pledgesKey, undoPledgeCall, usePledges } from './calls';
import { LiveBadge } from '../ui/LiveBadge';
import { PaddleForm } from './PaddleForm';
import { paddleName } from './RecentSales';
import './live.css';

/** The paddles taken, newest first: a chip each, with its undo (none once the desk has been paid). */
function Chips({ pledges, busy, onUndo }: { pledges: Pledge[]; busy: boolean; onUndo: (p: Pledge) => void }) {
  if (pledges.length === 0)
    return (
      <p className="console-notice" data-testid="fund-none">
        No paddles yet. Pick a level, then type each paddle number as it goes up.
      </p>
    );
  return (
    <ul className="fund-chips" data-testid="fund-chips">
      {pledges.map((p) => (
        <li key={p.id} className="fund-chip" data-testid="fund-chip">
          <span>
            <strong>#{p.biddernumber}</strong> {formatMoneyWhole(p.amount)}
          </span>
          {p.settled ? (
            <span className="console-hint">paid</span>
          ) : (
            <button
              type="button"
              className="fund-chip-undo"
              disabled={busy}
              onClick={() => onUndo(p)}
              aria-label={`Undo the ${formatMoney(p.amount)} pledge of ${paddleName(p)}`}
              data-testid="fund-undo"
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Fund-a-need (the paddle raise): the item, its levels as big buttons, each paddle typed as it goes
 * up (a pledge on that bidder's balance), the paddles as chips with undo, and the running total big
 * enough for the auctioneer to read out. Every clerk's screen, and the board's total, follow live.
 */
export function FundANeedPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['live']);
  const client = useQueryClient();
  const [itemnum, setItemnum] = useState<string | undefined>(undefined);
  const fund = usePledges(eventcode, itemnum);
  const [notice, setNotice] = useState('');
  const refresh = (message: string) => {
    setNotice(message);
    void client.invalidateQueries({ queryKey: pledgesKey(eventcode) });
  };
  const undo = useAction(undoPledgeCall(eventcode), (answer) => refresh(answer.message));
  const data = fund.data;
  const item = data?.items.find((i) => i.itemnum === data.itemnum);

  return (
    <Layout title="Fund-a-need" actions={<LiveBadge state={live} />}>
      {fund.isError && (
        <p className="console-error" role="alert">
          {errorMessage(fund.error)}
        </p>
      )}
      {fund.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {data && !item && (
        <p className="console-notice" data-testid="fund-no-item">
          This event has no fund-a-need item. Give an item its giving levels (“Fund-a-need levels”, such as 5000, 1000,
          500) in its settings.
        </p>
      )}
      {data && item && (
        <div className="fund-layout">
          {data.items.length > 1 && (
            <div className="fund-items" role="group" aria-label="Fund-a-need item">
              {data.items.map((i) => (
                <button
                  key={i.itemnum}
                  type="button"
                  className="console-button secondary live-big"
                  aria-pressed={i.itemnum === item.itemnum}
                  onClick={() => setItemnum(i.itemnum)}
                  data-testid="fund-item"
                >
                  {i.name}
                </button>
              ))}
            </div>
          )}
          <section className="fund-total" aria-labelledby="fund-name">
            <h2 id="fund-name" className="fund-name">
              Item {item.itemnum}: {item.name}
            </h2>
            <p className="fund-total-amount" data-testid="fund-total">
              {formatMoneyWhole(data.total)}
            </p>
            <p className="fund-total-count" data-testid="fund-count">
              {data.count} {data.count === 1 ? 'paddle' : 'paddles'}
              {data.othercount > 0 ? `, ${data.othercount} at another amount` : ''}
            </p>
          </section>
          <PaddleForm
            key={item.itemnum}
            eventcode={eventcode}
            itemnum={item.itemnum}
            summary={data}
            onAdded={refresh}
          />
          <p className="console-success live-notice" role="status" data-testid="fund-notice" hidden={!notice}>
            {notice}
          </p>
          {undo.error && (
            <p className="console-error" role="alert">
              {undo.error}
            </p>
          )}
          <section aria-labelledby="fund-chips-title">
            <h2 id="fund-chips-title" className="fund-chips-title">
              Latest paddles
            </h2>
            <Chips pledges={data.recent} busy={undo.busy} onUndo={(p) => undo.run(p.id)} />
          </section>
        </div>
      )}
    </Layout>
  );
}
