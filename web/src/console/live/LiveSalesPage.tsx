import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatMoney, type LiveSaleItem, type LiveSalesResponse } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { errorMessage } from '../../ui/form';
import { Layout } from '../Layout';
import { useConsoleLive } from '../live';
import { salesKey, undoSaleCall, useLiveSales } from './calls';
import { LiveBadge } from '../ui/LiveBadge';
import { paddleName, RecentSales } from './RecentSales';
import { SaleForm } from './SaleForm';
import './live.css';

/**
 * Where the clerk goes after a sale: the same lot while it has units left, else the next lot after
 * it with units, else the queue's first; once every lot is sold, the lot just sold stays in view.
 */
function nextAfter(data: LiveSalesResponse, itemnum: string): string | null {
  const at = data.items.findIndex((i) => i.itemnum.toLowerCase() === itemnum.toLowerCase());
  const sold = data.items[at];
  if (sold && !sold.sold) return sold.itemnum;
  const later = data.items.slice(at + 1).find((i) => i.itemisliveonly && !i.sold);
  return later?.itemnum ?? data.next ?? sold?.itemnum ?? null;
}

/** The lot on the block, big enough to read across a table: number, name, starting bid, what is left, its sales. */
function Lot({
  item,
  place,
  onMove,
}: {
  item: LiveSaleItem;
  place: { index: number; count: number };
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <section className="live-lot" aria-labelledby="live-lot-name" data-testid="live-lot">
      <div className="live-lot-nav">
        <button
          type="button"
          className="console-button secondary live-big"
          disabled={place.index === 0}
          onClick={() => onMove(-1)}
          data-testid="live-prev"
        >
          ‹ Previous
        </button>
        <span className="console-hint">
          Lot {place.index + 1} of {place.count}
        </span>
        <button
          type="button"
          className="console-button secondary live-big"
          disabled={place.index === place.count - 1}
          onClick={() => onMove(1)}
          data-testid="live-next"
        >
          Next ›
        </button>
      </div>
      <p className="live-lot-num" data-testid="live-lot-num">
        Item {item.itemnum}
        {item.location ? ` · ${item.location}` : ''}
      </p>
      <h2 id="live-lot-name" className="live-lot-name" data-testid="live-lot-name">
        {item.name}
      </h2>
      <dl className="live-lot-facts">
        <div>
          <dt>Starting bid</dt>
          <dd>{item.startingbid > 0 ? formatMoney(item.startingbid) : 'None'}</dd>
        </div>
        <div>
          <dt>{item.quantity > 1 ? 'Left' : 'Status'}</dt>
          <dd data-testid="live-lot-left">
            {item.sold ? 'Sold' : item.quantity > 1 ? `${item.left} of ${item.quantity}` : 'For sale'}
          </dd>
        </div>
        {item.fairmarketvalue > 0 && (
          <div>
            <dt>Value</dt>
            <dd>{formatMoney(item.fairmarketvalue)}</dd>
          </div>
        )}
      </dl>
      {item.sales.length > 0 && (
        <ul className="live-lot-sales" data-testid="live-lot-sales">
          {item.sales.map((s) => (
            <li key={s.id}>
              Sold{s.quantity > 1 ? ` ${s.quantity}` : ''} to {paddleName(s)} for {formatMoney(s.amount)}
              {s.quantity > 1 ? ' each' : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Live sales: the auctioneer calls, the clerk enters. The lot on the block is shown big (the queue
 * moves to the next lot with units left once one sells), the entry form saves on Enter, and the
 * newest sales can be undone. Every clerk's screen follows the others live.
 */
export function LiveSalesPage() {
  const { eventcode = '' } = useParams();
  const live = useConsoleLive(eventcode, ['live']);
  const client = useQueryClient();
  const sales = useLiveSales(eventcode);
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const undo = useAction(undoSaleCall(eventcode), (answer) => {
    setNotice(answer.message);
    void client.invalidateQueries({ queryKey: salesKey(eventcode) });
  });
  const data = sales.data;
  const items = data?.items ?? [];
  const shown = items.find((i) => i.itemnum === chosen) ?? items.find((i) => i.itemnum === data?.next) ?? items[0];
  const index = shown ? items.indexOf(shown) : -1;
  // The lot in view stays until the clerk moves on (or sells it): another clerk's sale moving the
  // queue must not swap the form under what is being typed.
  const pinned = shown?.itemnum ?? null;
  useEffect(() => {
    if (chosen === null && pinned !== null) setChosen(pinned);
  }, [chosen, pinned]);

  const saved = async (message: string, itemnum: string) => {
    setNotice(message);
    await client.invalidateQueries({ queryKey: salesKey(eventcode) });
    const fresh = client.getQueryData<LiveSalesResponse>(salesKey(eventcode));
    if (fresh) setChosen(nextAfter(fresh, itemnum));
  };

  return (
    <Layout title="Live sales" actions={<LiveBadge state={live} />}>
      {sales.isError && (
        <p className="console-error" role="alert">
          {errorMessage(sales.error)}
        </p>
      )}
      {sales.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {data && items.length === 0 && (
        <p className="console-notice" data-testid="live-no-lots">
          This event has no live auction items. Mark items “Live auction only” in their settings; a sale of another item
          can still be entered by its number.
        </p>
      )}
      {data && (
        <div className="live-layout">
          <div className="live-main">
            {shown && (
              <Lot
                item={shown}
                place={{ index, count: items.length }}
                onMove={(step) => setChosen(items[index + step]?.itemnum ?? null)}
              />
            )}
            <SaleForm
              key={shown?.itemnum ?? ''}
              eventcode={eventcode}
              item={shown}
              onSaved={(entered) => void saved(entered.answer.message, entered.body.itemnum)}
              onWarned={() => setNotice('')}
            />
            <p className="console-success live-notice" role="status" data-testid="live-notice" hidden={!notice}>
              {notice}
            </p>
            {undo.error && (
              <p className="console-error" role="alert" data-testid="live-undo-error">
                {undo.error}
              </p>
            )}
          </div>
          <RecentSales sales={data.recent} timezone={data.timezone} busy={undo.busy} onUndo={(s) => undo.run(s.id)} />
        </div>
      )}
    </Layout>
  );
}
