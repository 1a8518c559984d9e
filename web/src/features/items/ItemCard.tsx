import { Link } from 'react-router-dom';
import type { AuctionItem } from '@gavel/domain';
import { cardVariant, closingLabel, displayPrice, formatMoney, USER_STATUS_LABEL, userItemStatus } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';

/** One item in the list: card (image on top) or list row. Its price line follows the card variant. */
export function ItemCard({ item, layout, now }: { item: AuctionItem; layout: 'card' | 'list'; now: Date }) {
  const { eventcode } = useSession();
  const variant = cardVariant(item);
  const status = USER_STATUS_LABEL[userItemStatus(item)];
  const price =
    variant === 'soldout' ? (
      <span className="gavel-soldout">SOLD OUT</span>
    ) : variant === 'live' ? (
      <span className="gavel-live">Live Auction</span>
    ) : variant === 'buynow' ? (
      <span>
        Buy Now <strong>{formatMoney(item.buyitnowprice)}</strong>
      </span>
    ) : (
      <span>
        {item.numberofbids > 0 ? 'Last Bid' : 'Starting Bid'} <strong>{formatMoney(displayPrice(item))}</strong>
      </span>
    );
  return (
    <Link to={`/${eventcode}/auction-items/${item.itemid}`} className={`gavel-item gavel-item-${layout}`} data-testid="item-card" data-itemid={item.itemid}>
      <div className="gavel-item-image">
        {item.imageurl ? <img src={item.imageurl} alt="" loading="lazy" /> : null}
        {item.watchlist ? <span className="gavel-watch-badge" aria-label="On your watchlist">★</span> : null}
      </div>
      <div className="gavel-item-body">
        <div className="gavel-item-num">#{item.itemnum}</div>
        <div className="gavel-item-name" data-testid="item-name">
          {item.name}
        </div>
        <div className="gavel-item-price" data-testid="item-price">
          {price}
        </div>
        <div className="gavel-item-meta">
          <span data-testid="item-closing">{closingLabel(item, now)}</span>
          {item.numberofbids > 0 ? <span>{item.numberofbids} bid{item.numberofbids === 1 ? '' : 's'}</span> : null}
        </div>
        {status ? (
          <div className={`gavel-status gavel-status-${userItemStatus(item)}`} data-testid="item-status">
            {status}
          </div>
        ) : null}
      </div>
    </Link>
  );
}
