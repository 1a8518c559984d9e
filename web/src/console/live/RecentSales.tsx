import { formatClock, formatMoney, type LiveSale } from '@gavel/domain';

/** "bidder 12 (Ann Lee)", as the server's sentences name a bidder. */
export const paddleName = (e: { biddernumber: number; biddername: string }) =>
  `bidder ${e.biddernumber} (${e.biddername})`;

/**
 * The newest sales, for the clerk to check against the auctioneer's calls and undo a wrong one. A
 * sale already in an order (paid, or being paid) cannot be undone: it says so instead.
 */
export function RecentSales({
  sales,
  timezone,
  busy,
  onUndo,
}: {
  sales: LiveSale[];
  timezone: string;
  busy: boolean;
  onUndo: (sale: LiveSale) => void;
}) {
  return (
    <section className="live-recent" aria-labelledby="live-recent-title">
      <h2 id="live-recent-title">Latest sales</h2>
      {sales.length === 0 ? (
        <p className="console-notice" data-testid="live-recent-empty">
          No sales yet. Each sale you save shows here, newest first, with Undo.
        </p>
      ) : (
        <ul className="live-entries" data-testid="live-recent">
          {sales.map((s) => (
            <li key={s.id} className="live-entry-row" data-testid="live-recent-row">
              <div className="live-entry-text">
                <strong>
                  Item {s.itemnum}: {s.itemname}
                </strong>
                <span>
                  {paddleName(s)}, {formatMoney(s.amount)}
                  {s.quantity > 1 ? ` each × ${s.quantity}` : ''}
                </span>
                <span className="console-hint">
                  {formatClock(s.at, timezone)}
                  {s.enteredby ? `, by ${s.enteredby}` : ''}
                </span>
              </div>
              {s.paid ? (
                <span className="live-paid">In an order</span>
              ) : (
                <button
                  type="button"
                  className="console-button danger live-undo"
                  disabled={busy}
                  onClick={() => onUndo(s)}
                  aria-label={`Undo: item ${s.itemnum} to ${paddleName(s)}`}
                  data-testid="live-undo"
                >
                  Undo
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
