import {
  boardAvailability,
  boardBuyNow,
  boardClosing,
  boardItemNumber,
  boardPriceLine,
  boardTakesBids,
  formatMoneyWhole,
  IMAGE_SIZES,
} from '@gavel/domain';
import { ClosingLine } from './ClosingLine';
import { isHighlighted, type BoardState } from './state';
import { ItemImage } from '../ui/ItemImage';

/**
 * One item at a time, faded in: its number and close, its price, Buy It Now, value, bids and what
 * is left, and the organizer's line. `now` is the server's time, `opens` the event's bidding opening.
 */
export function DetailView({
  state,
  index,
  clock,
  now,
  opens,
  message,
}: {
  state: BoardState;
  index: number;
  clock: number;
  now: number;
  opens: string;
  message: string;
}) {
  const item = state.items[index];
  if (!item) return null;
  const price = boardPriceLine(item);
  const highlighted = isHighlighted(state, item.itemid, clock);
  const buyNow = boardBuyNow(item);
  const available = boardAvailability(item);
  const closing = boardClosing(item, opens, new Date(now));
  const soon = closing?.soon === true;
  const number = boardItemNumber(item.itemnum);
  return (
    <article
      key={item.itemid}
      className={`board-item board-fade${highlighted ? ' board-highlight' : ''}${soon ? ' board-closing-soon' : ''}`}
      data-testid="board-item"
      data-itemid={item.itemid}
      data-highlight={highlighted ? 'true' : 'false'}
      data-closing-soon={soon ? 'true' : 'false'}
    >
      <div className="board-item-image">
        {item.imageurl ? (
          <ItemImage url={item.imageurl} alt="" sizes={IMAGE_SIZES.boardDetail} />
        ) : (
          <span className="board-noimage">{number}</span>
        )}
      </div>
      <div className="board-item-body">
        <div className="board-item-meta">
          {number ? (
            <span className="board-item-number" data-testid="item-number">
              {number}
            </span>
          ) : null}
          <ClosingLine closing={closing} className="board-item-closes" testid="item" />
          <span className="board-item-count">
            {index + 1} of {state.items.length}
          </span>
        </div>
        <h2 data-testid="item-name">{item.name}</h2>
        {item.donatedby ? (
          <p className="board-item-donor" data-testid="item-donor">
            Donated by {item.donatedby}
          </p>
        ) : null}
        {item.description ? (
          <p className="board-item-description" data-testid="item-description">
            {item.description}
          </p>
        ) : null}
        <p className="board-price board-item-price" data-testid="item-price">
          {price.label ? <span className="board-price-label">{price.label} </span> : null}
          <span className="board-price-value">{price.value}</span>
        </p>
        <dl className="board-item-facts">
          {buyNow !== null ? (
            <div data-testid="item-buynow">
              <dt>Buy It Now</dt>
              <dd>{formatMoneyWhole(buyNow)}</dd>
            </div>
          ) : null}
          {item.ispriceless || item.fairmarketvalue > 0 ? (
            <div data-testid="item-fmv">
              <dt>Value</dt>
              <dd>{item.ispriceless ? 'Priceless' : formatMoneyWhole(item.fairmarketvalue)}</dd>
            </div>
          ) : null}
          {boardTakesBids(item) ? (
            <div data-testid="item-bids">
              <dt>Bids</dt>
              <dd>{item.numberofbids}</dd>
            </div>
          ) : null}
          {available ? (
            <div data-testid="item-quantity">
              <dt>Available</dt>
              <dd>{available.count}</dd>
            </div>
          ) : null}
        </dl>
        {message ? (
          <p className="board-item-message" data-testid="item-message">
            {message}
          </p>
        ) : null}
      </div>
    </article>
  );
}
