import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { star, starOutline } from 'ionicons/icons';
import { Navigate, useParams } from 'react-router-dom';
import {
  itemLook,
  NOT_AUTHORIZED,
  showPlaceBid,
  showUpdateMaxBid,
  USER_STATUS_LABEL,
  userItemStatus,
  yourMaximum,
} from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { useServerNow } from '../../ui/HeaderCountdown';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { BuyNowSheet } from './BuyNowSheet';
import { isMissing, isUnreachable, itemIdOf, useItem, usePatchItem } from '../../queries/items';
import { BidHistory } from './BidHistory';
import { LoadFailed } from './LoadFailed';
import { ItemNotFound } from './ItemNotFound';
import { ItemPhotos } from './ItemPhotos';
import { PriceBox } from './PriceBox';
import { useAction } from '../../ui/action';

/** The item page: photos, prices, time left, the bidder's standing, the bid buttons and history. */
export function ItemDetail() {
  const itemId = itemIdOf(useParams().id);
  const { eventcode, claims, isGuest, user, logout } = useSession();
  const item = useItem(itemId);
  const now = useServerNow();
  const history = useHistory();
  const toast = useToast();
  const patch = usePatchItem();
  const [buying, setBuying] = useState(false);
  const watch = useAction(
    (itemid: number) => api('POST /watchlist', { eventcode, itemid }),
    (res) => patch({ itemid: res.itemid, watchlist: res.watchlist }),
    toast.error,
  );
  if (!claims) return <Navigate to={`/${eventcode}`} replace />;
  const data = item.data;
  if (!data) {
    const missing = isMissing(itemId, item);
    const unreachable = isUnreachable(item);
    return (
      <Page header="back-item" testId="item-page" footer={missing || unreachable}>
        {missing ? (
          <ItemNotFound />
        ) : unreachable ? (
          <LoadFailed
            what="this item"
            busy={item.fetchStatus === 'fetching'}
            onRetry={() => void item.refetch()}
            testId="item-failed"
          />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }

  const authorized = !isGuest && user?.authorizebidder === true;
  const open = data.bidstatus === 'biddingopen';
  const status = USER_STATUS_LABEL[userItemStatus(data)];
  const look = itemLook(data, now, 'detail');
  const maximum = yourMaximum(data);
  const needsCard = (to: string) =>
    data.needscardtobid ? `/${eventcode}/account-update-payment-method/auction-items/${data.itemid}` : to;
  return (
    <Page header="back-item" testId="item-page">
      <div className="gavel-item-layout" data-testid="item-layout">
        <div className="gavel-item-media">
          <ItemPhotos item={data} />
        </div>
        <div className="gavel-item-info">
          <section className="gavel-card" data-testid="item-details">
            <div className="gavel-detail-head">
              <div>
                <div className="gavel-item-num">#{data.itemnum}</div>
                <h1 style={{ margin: '2px 0 4px', fontSize: '1.35rem' }} data-testid="item-title">
                  {data.name}
                </h1>
                {data.donatedby ? <div className="gavel-muted">Donated by {data.donatedby}</div> : null}
              </div>
              {!isGuest ? (
                <button
                  type="button"
                  className="gavel-icon-button"
                  aria-pressed={data.watchlist}
                  aria-label={data.watchlist ? 'Remove from watchlist' : 'Add to watchlist'}
                  data-testid="watch-toggle"
                  disabled={watch.busy}
                  onClick={() => watch.run(data.itemid)}
                >
                  <IonIcon icon={data.watchlist ? star : starOutline} aria-hidden="true" />
                </button>
              ) : null}
            </div>
            {status || maximum ? (
              <div className="gavel-standing">
                {status ? (
                  <div className={`gavel-status gavel-status-${userItemStatus(data)}`} data-testid="detail-status">
                    {status}
                  </div>
                ) : null}
                {maximum ? (
                  <div className="gavel-your-max" data-testid="your-maximum">
                    {maximum}
                  </div>
                ) : null}
              </div>
            ) : null}
            <PriceBox item={data} now={now} />
            <div className="gavel-actions">
              {data.itemisliveonly ? (
                <div className="gavel-banner" data-testid="live-auction">
                  Live Auction
                </div>
              ) : null}
              {!isGuest && user && !user.authorizebidder && open && !data.itemisliveonly ? (
                <div className="gavel-banner gavel-banner-danger" data-testid="item-not-authorized" role="status">
                  {NOT_AUTHORIZED}
                </div>
              ) : null}
              {isGuest ? (
                <IonButton
                  expand="block"
                  size="large"
                  data-testid="login-to-bid"
                  onClick={() => {
                    logout();
                    history.push(`/${eventcode}`);
                  }}
                >
                  Log In to Bid
                </IonButton>
              ) : null}
              {showPlaceBid(data, authorized) ? (
                <IonButton
                  expand="block"
                  size="large"
                  routerLink={needsCard(`/${eventcode}/place-bid/${data.itemid}`)}
                  data-testid="place-bid"
                >
                  Place Bid
                </IonButton>
              ) : null}
              {showUpdateMaxBid(data, authorized) ? (
                <IonButton
                  expand="block"
                  size="large"
                  routerLink={needsCard(`/${eventcode}/auto-bid/${data.itemid}`)}
                  data-testid="update-max-bid"
                >
                  Update Max Bid
                </IonButton>
              ) : null}
              {authorized && look.buyNow ? (
                <IonButton
                  expand="block"
                  size="large"
                  color="secondary"
                  data-testid="buy-now"
                  onClick={() => (data.needscardtobid ? history.push(needsCard('')) : setBuying(true))}
                >
                  Buy It Now
                </IonButton>
              ) : null}
            </div>
          </section>
          {data.description || data.longdescription || data.location ? (
            <section className="gavel-card">
              {data.description ? <p style={{ marginTop: 0 }}>{data.description}</p> : null}
              <Html html={data.longdescription} testId="long-description" />
              {data.location ? <p className="gavel-muted">Location: {data.location}</p> : null}
            </section>
          ) : null}
          <BidHistory item={data} now={now} />
        </div>
      </div>
      <BuyNowSheet item={data} open={buying} onClose={() => setBuying(false)} />
    </Page>
  );
}
