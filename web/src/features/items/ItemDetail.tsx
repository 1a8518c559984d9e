import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { star, starOutline } from 'ionicons/icons';
import { Navigate, useParams } from 'react-router-dom';
import type { AuctionItem } from '@gavel/domain';
import { closingLabel, formatAge, formatMoney, formatClosingTime, formatTimeLeft, showPlaceBid, showUpdateMaxBid, USER_STATUS_LABEL, userItemStatus } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { useServerNow } from '../../ui/HeaderCountdown';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { BuyNowSheet } from './BuyNowSheet';
import { useBidHistory, useItem, usePatchItem, usePhotos } from '../../queries/items';

function Photos({ item }: { item: AuctionItem }) {
  const photos = usePhotos(item.itemid).data ?? (item.imageurl ? [{ photourl: item.imageurl }] : []);
  if (photos.length === 0) return null;
  return (
    <div className="gavel-photos" data-testid="item-photos">
      {photos.map((p, i) => (
        <img key={p.photourl} src={p.photourl} alt={`${item.name}, photo ${i + 1} of ${photos.length}`} />
      ))}
    </div>
  );
}

function History({ item, now }: { item: AuctionItem; now: Date }) {
  const history = useBidHistory(item.itemid).data ?? [];
  if (item.buyitnowonly || item.itemisliveonly) return null;
  return (
    <section className="gavel-card" data-testid="bid-history">
      <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>Bid History</h2>
      {history.length === 0 ? <p className="gavel-muted">No bids yet. Be the first!</p> : null}
      <ul className="gavel-history">
        {history.map((h, i) => (
          <li key={`${h.bidtime}-${i}`} data-testid="history-entry">
            <span>
              {h.biddername}
              {h.mine ? <span className="gavel-muted"> (you)</span> : null}
              <br />
              <small className="gavel-muted">{formatAge(now.getTime() - Date.parse(h.bidtime))}</small>
            </span>
            <strong>{formatMoney(h.amount)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The item page: photos, prices, time left, the bidder's standing, the bid buttons and history. */
export function ItemDetail() {
  const { id } = useParams();
  const itemId = Number(id);
  const { eventcode, claims, isGuest, user, logout } = useSession();
  const item = useItem(itemId);
  const now = useServerNow();
  const history = useHistory();
  const toast = useToast();
  const patch = usePatchItem();
  const [buying, setBuying] = useState(false);
  if (!claims) return <Navigate to={`/${eventcode}`} replace />;
  const data = item.data;
  if (!data)
    return (
      <Page header="back-item" testId="item-page">
        {item.isError ? <p className="gavel-card" role="alert">This item was not found.</p> : <Loading />}
      </Page>
    );

  const authorized = !isGuest && user?.authorizebidder === true;
  const open = data.bidstatus === 'biddingopen';
  const status = USER_STATUS_LABEL[userItemStatus(data)];
  const needsCard = (to: string) => (data.needscardtobid ? `/${eventcode}/account-update-payment-method/auction-items/${data.itemid}` : to);
  const toggleWatch = async () => {
    try {
      const res = await api('POST /watchlist', { eventcode, itemid: data.itemid });
      patch({ itemid: data.itemid, watchlist: res.watchlist });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong');
    }
  };

  return (
    <Page header="back-item" testId="item-page">
      <Photos item={data} />
      <section className="gavel-card">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <div>
            <div className="gavel-item-num">#{data.itemnum}</div>
            <h1 style={{ margin: '2px 0 4px', fontSize: '1.35rem' }} data-testid="item-title">
              {data.name}
            </h1>
            {data.donatedby ? <div className="gavel-muted">Donated by {data.donatedby}</div> : null}
          </div>
          {!isGuest ? (
            <button type="button" className="gavel-icon-button" aria-pressed={data.watchlist} aria-label={data.watchlist ? 'Remove from watchlist' : 'Add to watchlist'} data-testid="watch-toggle" onClick={() => void toggleWatch()}>
              <IonIcon icon={data.watchlist ? star : starOutline} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {status ? <div className={`gavel-status gavel-status-${userItemStatus(data)}`} data-testid="detail-status" style={{ margin: '8px 0' }}>{status}</div> : null}
        <div className="gavel-price-box" style={{ marginTop: 12 }}>
          {data.buyitnowonly ? null : (
            <div>
              <div className="gavel-label">{data.numberofbids > 0 ? 'Current Bid' : 'Starting Bid'}</div>
              <div className="big" data-testid="detail-current-bid">{formatMoney(data.numberofbids > 0 ? data.currentbid : data.startingbid)}</div>
              <div className="gavel-muted" data-testid="detail-bid-count">{data.numberofbids} bid{data.numberofbids === 1 ? '' : 's'}</div>
            </div>
          )}
          {data.buyitnowavailable || data.buyitnowonly ? (
            <div>
              <div className="gavel-label">Buy It Now</div>
              <div className="big">{formatMoney(data.buyitnowprice)}</div>
              {!data.unlimitedquantity ? <div className="gavel-muted">{data.quantityavailable} available</div> : null}
            </div>
          ) : null}
          <div>
            <div className="gavel-label">Closes</div>
            <div data-testid="detail-closing-time">{formatClosingTime(data.closing)}</div>
          </div>
          <div>
            <div className="gavel-label">Time Left</div>
            <div data-testid="detail-time-left">{closingLabel(data, now) === 'Closed' ? 'Closed' : formatTimeLeft(Date.parse(data.closing) - now.getTime())}</div>
          </div>
          <div>
            <div className="gavel-label">Value</div>
            <div>{data.ispriceless ? 'Priceless' : formatMoney(data.fairmarketvalue)}</div>
          </div>
        </div>
        <div className="gavel-actions">
          {data.itemisliveonly ? <div className="gavel-banner" data-testid="live-auction">Live Auction</div> : null}
          {isGuest ? (
            <IonButton expand="block" size="large" data-testid="login-to-bid" onClick={() => { logout(); history.push(`/${eventcode}`); }}>
              Log In to Bid
            </IonButton>
          ) : null}
          {showPlaceBid(data, authorized) ? (
            <IonButton expand="block" size="large" routerLink={needsCard(`/${eventcode}/place-bid/${data.itemid}`)} data-testid="place-bid">
              Place Bid
            </IonButton>
          ) : null}
          {showUpdateMaxBid(data, authorized) ? (
            <IonButton expand="block" size="large" routerLink={needsCard(`/${eventcode}/auto-bid/${data.itemid}`)} data-testid="update-max-bid">
              Update Max Bid
            </IonButton>
          ) : null}
          {authorized && open && data.buyitnowavailable ? (
            <IonButton expand="block" size="large" color="secondary" data-testid="buy-now" onClick={() => (data.needscardtobid ? history.push(needsCard('')) : setBuying(true))}>
              Buy It Now
            </IonButton>
          ) : null}
        </div>
      </section>
      <section className="gavel-card">
        <p style={{ marginTop: 0 }}>{data.description}</p>
        <Html html={data.longdescription} testId="long-description" />
        {data.location ? <p className="gavel-muted">Location: {data.location}</p> : null}
      </section>
      <History item={data} now={now} />
      <BuyNowSheet item={data} open={buying} onClose={() => setBuying(false)} />
    </Page>
  );
}
