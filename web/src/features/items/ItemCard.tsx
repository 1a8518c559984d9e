import { Link } from 'react-router-dom';
import type { AuctionItem } from '@gavel/domain';
import { formatMoney, itemLook, USER_STATUS_LABEL, userItemStatus, IMAGE_SIZES } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { ItemImage } from '../../ui/ItemImage';
import { PriceWord } from './PriceBox';

/**
 * One item in the list: card (image on top) or list row. Its price line and time follow the
 * item's state; an item that can also be bought now shows its Buy It Now price under the bid.
 * `priority` for the cards in view when the list opens: their pictures are its largest paint.
 */
export function ItemCard({
  item,
  layout,
  now,
  priority = false,
}: {
  item: AuctionItem;
  layout: 'card' | 'list';
  now: Date;
  priority?: boolean;
}) {
  const { eventcode } = useSession();
  const look = itemLook(item, now, 'card');
  const status = USER_STATUS_LABEL[userItemStatus(item)];
  return (
    <Link
      to={`/${eventcode}/auction-items/${item.itemid}`}
      className={`gavel-item gavel-item-${layout}`}
      data-testid="item-card"
      data-itemid={item.itemid}
      data-variant={look.variant}
    >
      <div className="gavel-item-image">
        {item.imageurl ? (
          <ItemImage
            url={item.imageurl}
            alt=""
            sizes={layout === 'card' ? IMAGE_SIZES.card : IMAGE_SIZES.row}
            priority={priority}
          />
        ) : null}
        {item.watchlist ? (
          <span className="gavel-watch-badge" aria-label="On your watchlist">
            ★
          </span>
        ) : null}
      </div>
      <div className="gavel-item-body">
        <div className="gavel-item-num">#{item.itemnum}</div>
        <div className="gavel-item-name" data-testid="item-name">
          {item.name}
        </div>
        <div className="gavel-item-price" data-testid="item-price">
          {look.price.kind === 'amount' ? (
            <span>
              {look.price.label} <strong>{formatMoney(look.price.amount)}</strong>
            </span>
          ) : (
            <PriceWord price={look.price} testId="item-state" />
          )}
        </div>
        {look.buyNow && look.variant === 'bid' ? (
          <div className="gavel-item-buynow" data-testid="item-buynow">
            Buy It Now <strong>{formatMoney(look.buyNow.price)}</strong>
          </div>
        ) : null}
        <div className="gavel-item-meta">
          {look.time ? (
            <span className={look.time.urgent ? 'gavel-urgent' : undefined} data-testid="item-closing">
              {look.time.text}
            </span>
          ) : null}
          {look.bids && item.numberofbids > 0 ? <span>{look.bids}</span> : null}
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
