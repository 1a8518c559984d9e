import {
  boardBidderName,
  formatMoneyWhole,
  goalPercent,
  type DisplayBid,
  type DisplayBoardResponse,
} from '@gavel/domain';
import { BidAddress } from './BidAddress';

/** The QR code as an image: the server made the SVG, and an image cannot run anything inside it. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Always on screen: where to bid (the code and the short address), the total raised with its goal, and the latest bids. */
export function BoardSide({
  board,
  raised,
  ticker,
}: {
  board: DisplayBoardResponse;
  raised: number;
  ticker: DisplayBid[];
}) {
  const { total } = board;
  const percent = goalPercent(raised, total.goal);
  return (
    <aside className="board-side">
      <section className="board-bidhere">
        <img
          className="board-qr"
          src={svgImage(board.qrsvg)}
          alt={`QR code for ${board.bidurl}`}
          data-testid="board-qr"
        />
        <p className="board-bidhere-label">Scan to bid from your phone</p>
        <BidAddress address={board.bidurlshort} />
      </section>
      {total.show ? (
        <section className="board-raised">
          <p className="board-raised-label">Raised so far</p>
          <p className="board-total" data-testid="board-total">
            {formatMoneyWhole(raised)}
          </p>
          {total.goal > 0 ? (
            <>
              <div
                className="board-goal"
                role="progressbar"
                aria-label="Progress to the goal"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                data-testid="board-goal"
              >
                <div className="board-goal-fill" style={{ width: `${percent}%` }} />
              </div>
              <p className="board-goal-text">
                {percent}% of {formatMoneyWhole(total.goal)} goal
              </p>
            </>
          ) : null}
        </section>
      ) : null}
      <section className="board-ticker-box">
        <h2 className="board-ticker-title">Latest bids</h2>
        <ol className="board-ticker" data-testid="board-ticker">
          {ticker.map((bid) => (
            <li key={`${bid.itemid}-${bid.bidtime}-${bid.amount}`} className="board-bid" data-testid="board-bid">
              <span className="board-bid-who">{boardBidderName(bid.biddernumber)}</span>
              <span className="board-bid-amount">{formatMoneyWhole(bid.amount)}</span>
              <span className="board-bid-item">{bid.itemname}</span>
            </li>
          ))}
          {ticker.length === 0 ? <li className="board-bid-none">Be the first to bid!</li> : null}
        </ol>
      </section>
    </aside>
  );
}
