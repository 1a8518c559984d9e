import { IonItem } from '@ionic/react';
import { IonLabel, IonList } from '../../ui/ionicLazy';
import type { SessionUser } from '@gavel/domain';
import { formatMoney, USER_STATUS_LABEL, userItemStatus } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { useItems } from '../../queries/items';

/** /event/open-bids: the items this bidder is bidding on, with their standing and current bid. */
function OpenBidsPage(_: { user: SessionUser }) {
  const { eventcode } = useSession();
  const items = useItems();
  const mine = (items.data ?? []).filter((i) => i.accountbiddingon);
  return (
    <Page header="main" testId="open-bids-page">
      <h1 style={{ marginTop: 0 }}>My Bids</h1>
      {items.isPending ? <Loading /> : null}
      {items.data && mine.length === 0 ? (
        <p className="gavel-card gavel-center">You have not bid on any items yet.</p>
      ) : null}
      {mine.length > 0 ? (
        <IonList lines="full" className="gavel-card">
          {mine.map((i) => (
            <IonItem key={i.itemid} routerLink={`/${eventcode}/auction-items/${i.itemid}`} data-testid="open-bid">
              <IonLabel>
                <h2>{i.name}</h2>
                <p>{USER_STATUS_LABEL[userItemStatus(i)]}</p>
              </IonLabel>
              <strong slot="end">{formatMoney(i.currentbid)}</strong>
            </IonItem>
          ))}
        </IonList>
      ) : null}
    </Page>
  );
}

export const OpenBids = signedIn(OpenBidsPage, 'main', 'open-bids-page');
