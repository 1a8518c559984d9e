import type { CSSProperties } from 'react';
import {
  boardAvailability,
  boardBuyNow,
  boardClosing,
  boardItemNumber,
  boardPage,
  boardPageCount,
  boardPriceLine,
  boardTakesBids,
  formatMoneyWhole,
  type DisplayItem,
  IMAGE_SIZES,
} from '@gavel/domain';
import { ClosingLine, ClosingSoon } from './ClosingLine';
import { isHighlighted, type BoardState } from './state';
import { ItemImage } from '../ui/ItemImage';

const bidsText = (n: number) => (n === 1 ? '1 bid' : `${n} bids`);

/** The grid's shape as custom properties, which the stylesheet turns into tracks (landscape and portrait). */
type GridStyle = CSSProperties & Record<`--${string}`, number>;

/**
 * A card spans five rows of its page's grid (picture, name, price, facts, close), shared with the
 * cards beside it, so names, prices and pictures line up along a row whatever a name's length.
 */
function Card({
  item,
  highlighted,
  now,
  opens,
}: {
  item: DisplayItem;
  highlighted: boolean;
  now: number;
  opens: string;
}) {
  const price = boardPriceLine(item);
  const buyNow = boardBuyNow(item);
  const available = boardAvailability(item);
  const closing = boardClosing(item, opens, new Date(now));
  const soon = closing?.soon === true;
  const number = boardItemNumber(item.itemnum);
  return (
    <article
      className={`board-card${highlighted ? ' board-highlight' : ''}${soon ? ' board-closing-soon' : ''}`}
      data-testid="board-card"
      data-itemid={item.itemid}
      data-highlight={highlighted ? 'true' : 'false'}
      data-closing-soon={soon ? 'true' : 'false'}
    >
      <div className="board-card-image">
        {item.imageurl ? (
          <ItemImage url={item.imageurl} alt="" sizes={IMAGE_SIZES.boardCard} />
        ) : (
          <span className="board-noimage">{number}</span>
        )}
        {/* On the picture's corner, where it costs the card no line. */}
        <ClosingSoon closing={closing} testid="card" />
      </div>
      {/* The number leads the name, as on the item's table at the venue: '#12 Weekend in Napa Valley'. */}
      <h2 className="board-card-name" data-testid="card-name">
        {number ? (
          <span className="board-card-number" data-testid="card-number">
            {number}
          </span>
        ) : null}
        {number ? ' ' : null}
        {item.name}
      </h2>
      <p className="board-price board-card-price" data-testid="card-price">
        {price.label ? <span className="board-price-label">{price.label} </span> : null}
        <span className="board-price-value">{price.value}</span>
      </p>
      <p className="board-facts">
        {boardTakesBids(item) ? <span data-testid="card-bids">{bidsText(item.numberofbids)}</span> : null}
        {buyNow !== null ? <span data-testid="card-buynow">Buy It Now {formatMoneyWhole(buyNow)}</span> : null}
        {available ? <span data-testid="card-quantity">{available.words}</span> : null}
      </p>
      <ClosingLine closing={closing} className="board-card-closes" testid="card" mark={false} />
    </article>
  );
}

/**
 * The slideshow: a page of cards, the next page every timeframe, 'Page 2 of 4' beneath. `now` is
 * the server's time (the board's one clock, corrected), `opens` the event's bidding opening.
 */
export function ListView({
  state,
  page,
  clock,
  now,
  opens,
  pageSize,
}: {
  state: BoardState;
  page: number;
  clock: number;
  now: number;
  opens: string;
  pageSize: number;
}) {
  const pages = boardPageCount(state.items.length, pageSize);
  const cards = boardPage(state.items, page, pageSize);
  const rows = pageSize <= 3 ? 1 : pageSize <= 8 ? 2 : 3;
  const grid: GridStyle = {
    '--board-columns': Math.ceil(pageSize / rows),
    '--board-rows': rows,
    '--board-portrait-rows': Math.ceil(pageSize / 2),
  };
  return (
    <div className="board-list">
      <div key={page} className="board-grid board-fade" style={grid}>
        {cards.map((item) => (
          <Card
            key={item.itemid}
            item={item}
            highlighted={isHighlighted(state, item.itemid, clock)}
            now={now}
            opens={opens}
          />
        ))}
      </div>
      {pages > 1 ? (
        <p className="board-pages" data-testid="board-pages">
          Page {page + 1} of {pages}
        </p>
      ) : null}
    </div>
  );
}
