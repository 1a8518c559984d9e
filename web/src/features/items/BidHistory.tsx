import type { AuctionItem } from '@gavel/domain';
import { formatAge, formatMoney, formatTimeWithZone } from '@gavel/domain';
import { useLocalTimeReady } from '../../ui/LocalTime';
import { useBidHistory } from '../../queries/items';
import { LoadFailed } from './LoadFailed';

/**
 * The item's bids, newest first. The empty-state words only for an answer that has no bids: a
 * history that could not be loaded (offline) says so, with a way to try again.
 */
export function BidHistory({ item, now }: { item: AuctionItem; now: Date }) {
  const history = useBidHistory(item.itemid);
  const timesReady = useLocalTimeReady();
  if (item.buyitnowonly || item.itemisliveonly) return null;
  const entries = history.data;
  return (
    <section className="gavel-card" data-testid="bid-history">
      <h2 className="gavel-section-title">Bid History</h2>
      {entries === undefined ? (
        history.isError || history.fetchStatus === 'paused' ? (
          <LoadFailed
            what="the bid history"
            busy={history.fetchStatus === 'fetching'}
            onRetry={() => void history.refetch()}
            testId="history-failed"
          />
        ) : (
          <p className="gavel-muted" role="status" data-testid="history-loading">
            Loading bids…
          </p>
        )
      ) : null}
      {entries?.length === 0 ? (
        <p className="gavel-muted" data-testid="history-empty">
          No bids yet. Be the first!
        </p>
      ) : null}
      {entries && entries.length > 0 ? (
        <ul className="gavel-history">
          {entries.map((h, i) => (
            <li key={`${h.bidtime}-${i}`} data-testid="history-entry">
              <span>
                {h.biddername}
                {h.mine ? <span className="gavel-muted"> (you)</span> : null}
                <br />
                <small className="gavel-muted" title={timesReady ? formatTimeWithZone(h.bidtime) : undefined}>
                  {formatAge(now.getTime() - Date.parse(h.bidtime))}
                </small>
              </span>
              <strong>{formatMoney(h.amount)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
