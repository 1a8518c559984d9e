import { boardBuyNow, boardPriceLine, boardQuantity, boardTakesBids, formatMoneyWhole } from '@gavel/domain';
import { isHighlighted, type BoardState } from './state';

/** One item at a time, faded in; its price, Buy It Now, value, bids and what is left, and the organizer's line. */
export function DetailView({ state, index, clock, message }: { state: BoardState; index: number; clock: number; message: string }) {
  const item = state.items[index];
  if (!item) return null;
  const price = boardPriceLine(item);
  const highlighted = isHighlighted(state, item.itemid, clock);
  const buyNow = boardBuyNow(item);
  return (
    <article
      key={item.itemid}
      className={`board-item board-fade${highlighted ? ' board-highlight' : ''}`}
      data-testid="board-item"
      data-itemid={item.itemid}
      data-highlight={highlighted ? 'true' : 'false'}
    >
      <div className="board-item-image">{item.imageurl ? <img src={item.imageurl} alt="" /> : <span className="board-noimage">{item.itemnum}</span>}</div>
      <div className="board-item-body">
        <p className="board-item-count">
          Item {item.itemnum} · {index + 1} of {state.items.length}
        </p>
        <h2 data-testid="item-name">{item.name}</h2>
        {item.donatedby ? <p className="board-item-donor" data-testid="item-donor">Donated by {item.donatedby}</p> : null}
        {item.description ? <p className="board-item-description" data-testid="item-description">{item.description}</p> : null}
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
          <div data-testid="item-quantity">
            <dt>Available</dt>
            <dd>{boardQuantity(item)}</dd>
          </div>
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
