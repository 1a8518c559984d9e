import type { AuctionItem } from '@gavel/domain';
import { formatMoney, itemLook, type PriceLine } from '@gavel/domain';
import { LocalTime } from '../../ui/LocalTime';

/** A price line: its label and amount, or the one word that replaces it (SOLD OUT, Live Auction, Closed). */
export function PriceWord({ price, testId }: { price: Extract<PriceLine, { kind: 'word' }>; testId: string }) {
  const tone =
    price.word === 'SOLD OUT' ? 'gavel-soldout' : price.word === 'Live Auction' ? 'gavel-live' : 'gavel-closed';
  return (
    <span className={tone} data-testid={testId}>
      {price.word}
    </span>
  );
}

/** The item page's figures, as the item's state calls for: price, bids, Buy It Now, close and value. */
export function PriceBox({ item, now }: { item: AuctionItem; now: Date }) {
  const look = itemLook(item, now, 'detail');
  const open = look.time !== null && look.time.text !== 'Closed';
  // A buy-now-only item's price is its Buy It Now price: shown once, with what is left under it.
  const priceIsOffer = look.variant === 'buynow';
  return (
    <div className="gavel-price-box" data-testid="price-box" data-variant={look.variant}>
      <div>
        {look.price.kind === 'amount' ? (
          <>
            <div className="gavel-label">{look.price.label}</div>
            <div className="big" data-testid="detail-current-bid">
              {formatMoney(look.price.amount)}
            </div>
          </>
        ) : (
          <div className="big">
            <PriceWord price={look.price} testId="detail-state" />
          </div>
        )}
        {look.bids ? (
          <div className="gavel-muted" data-testid="detail-bid-count">
            {look.bids}
          </div>
        ) : null}
        {priceIsOffer && look.buyNow && look.buyNow.left !== null ? (
          <div className="gavel-muted" data-testid="detail-available">
            {look.buyNow.left} available
          </div>
        ) : null}
      </div>
      {look.buyNow && !priceIsOffer ? (
        <div>
          <div className="gavel-label">Buy It Now</div>
          <div className="big" data-testid="detail-buy-now">
            {formatMoney(look.buyNow.price)}
          </div>
          {look.buyNow.left !== null ? (
            <div className="gavel-muted" data-testid="detail-available">
              {look.buyNow.left} available
            </div>
          ) : null}
        </div>
      ) : null}
      {look.time && open ? (
        <>
          <div className="gavel-span">
            <div className="gavel-label">Closes</div>
            <div className="gavel-nowrap" data-testid="detail-closing-time">
              <LocalTime at={item.closing} />
            </div>
          </div>
          <div>
            <div className="gavel-label">Time Left</div>
            <div className={look.time.urgent ? 'gavel-urgent' : undefined} data-testid="detail-time-left">
              {look.time.text}
            </div>
          </div>
        </>
      ) : null}
      {look.time && !open ? (
        <div>
          <div className="gavel-label">Bidding</div>
          <div data-testid="detail-time-left">{look.time.text}</div>
        </div>
      ) : null}
      {item.ispriceless || item.fairmarketvalue > 0 ? (
        <div>
          <div className="gavel-label">Value</div>
          <div>{item.ispriceless ? 'Priceless' : formatMoney(item.fairmarketvalue)}</div>
        </div>
      ) : null}
    </div>
  );
}
