import { useEffect, useState } from 'react';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { IonCheckbox, IonRefresher, IonRefresherContent } from '../../ui/ionicLazy';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@gavel/domain';
import { cartTotal, formatMoney } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { useCart } from '../../queries/cart';

/** My Cart: won items, each checked by default; the total follows the checked lines. */
function CartPage(_: { user: SessionUser }) {
  const { eventcode } = useSession();
  const cart = useCart();
  const [unchecked, setUnchecked] = useState<Set<number>>(new Set());
  const won = cart.data?.auctionswon ?? [];
  const lines = won.map((w) => ({ ...w, checked: !unchecked.has(w.historyid) }));
  useEffect(() => setUnchecked(new Set()), [cart.data?.auctionswon.length]);
  return (
    <Page header="main" testId="cart-page">
      <IonRefresher slot="fixed" onIonRefresh={async (e) => { await cart.refetch(); e.detail.complete(); }}>
        <IonRefresherContent />
      </IonRefresher>
      <h1 style={{ marginTop: 0 }}>My Cart</h1>
      {cart.isPending ? <Loading /> : null}
      {cart.data && won.length === 0 ? (
        <section className="gavel-card gavel-center" data-testid="cart-empty">
          <p style={{ fontWeight: 700 }}>Your cart is empty.</p>
          <p className="gavel-muted">Items won will show up here once bidding closes or the Buy It Now option is used.</p>
        </section>
      ) : null}
      {won.length > 0 ? (
        <section className="gavel-card">
          <IonList lines="full">
            {lines.map((l) => (
              <IonItem key={l.historyid} data-testid="cart-line">
                <IonCheckbox
                  slot="start"
                  aria-label={`Include ${l.name}`}
                  checked={l.checked}
                  onIonChange={(e) => setUnchecked((s) => { const n = new Set(s); if (e.detail.checked) n.delete(l.historyid); else n.add(l.historyid); return n; })}
                />
                <IonLabel>
                  <h2>{l.name}</h2>
                  <p>
                    #{l.itemnum} · {l.kind === 'buynow' ? 'Buy It Now' : 'Won bid'} · {l.quantity} × {formatMoney(l.amount)}
                  </p>
                </IonLabel>
                <strong slot="end">{formatMoney(l.amount * l.quantity)}</strong>
              </IonItem>
            ))}
          </IonList>
          <p style={{ textAlign: 'right', fontSize: '1.15rem' }}>
            Total <strong data-testid="cart-total">{formatMoney(cartTotal(lines))}</strong>
          </p>
          <p className="gavel-muted">Checkout opens here once the organizer has set up card payments.</p>
        </section>
      ) : null}
      {(cart.data?.auctionsopen.length ?? 0) > 0 ? (
        <section className="gavel-card">
          <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>Still bidding</h2>
          <IonList lines="full">
            {cart.data?.auctionsopen.map((i) => (
              <IonItem key={i.itemid} routerLink={`/${eventcode}/auction-items/${i.itemid}`}>
                <IonLabel>
                  <h2>{i.name}</h2>
                  <p>{i.currentlywinningbid ? 'Current High Bidder' : 'Current Low Bidder'} · {formatMoney(i.currentbid)}</p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        </section>
      ) : null}
      <p className="gavel-center">
        <Link to={`/${eventcode}/auction-items`}>Back to the auction items</Link>
      </p>
    </Page>
  );
}

export const Cart = signedIn(CartPage, 'main', 'cart-page');
