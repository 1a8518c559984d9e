import { boardBuyNow, boardPage, boardPageCount, boardPriceLine, boardQuantity, boardTakesBids, formatMoneyWhole, type DisplayItem } from '@gavel/domain';
import { isHighlighted, type BoardState } from './state';

const bidsText = (n: number) => (n === 1 ? '1 bid' : `${n} bids`);

function Card({ item, highlighted }: { item: DisplayItem; highlighted: boolean }) {
  const price = boardPriceLine(item);
  const buyNow = boardBuyNow(item);
  return (
    <article className={`board-card${highlighted ? ' board-highlight' : ''}`} data-testid="board-card" data-itemid={item.itemid} data-highlight={highlighted ? 'true' : 'false'}>
      <div className="board-card-image">{item.imageurl ? <img src={item.imageurl} alt="" /> : <span className="board-noimage">{item.itemnum}</span>}</div>
      <div className="board-card-body">
        <h2 data-testid="card-name">{item.name}</h2>
        <p className="board-price" data-testid="card-price">
          {price.label ? <span className="board-price-label">{price.label} </span> : null}
          <span className="board-price-value">{price.value}</span>
        </p>
        <p className="board-facts">
          {boardTakesBids(item) ? <span data-testid="card-bids">{bidsText(item.numberofbids)}</span> : null}
          {buyNow !== null ? <span data-testid="card-buynow">Buy It Now {formatMoneyWhole(buyNow)}</span> : null}
          <span data-testid="card-quantity">{item.quantityunlimited ? boardQuantity(item) : `${boardQuantity(item)} available`}</span>
        </p>
      </div>
    </article>
  );
}

/** The slideshow: a page of cards, the next page every timeframe, 'Page 2 of 4' beneath. */
export function ListView({ state, page, clock, pageSize }: { state: BoardState; page: number; clock: number; pageSize: number }) {
  const pages = boardPageCount(state.items.length, pageSize);
  const cards = boardPage(state.items, page, pageSize);
  const rows = pageSize <= 3 ? 1 : pageSize <= 8 ? 2 : 3;
  const columns = Math.ceil(pageSize / rows);
  return (
    <div className="board-list">
      <div key={page} className="board-grid board-fade" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}>
        {cards.map((item) => (
          <Card key={item.itemid} item={item} highlighted={isHighlighted(state, item.itemid, clock)} />
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
