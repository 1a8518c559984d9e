import { Fragment, useEffect, useState } from 'react';
import { IonButton, IonItem } from '@ionic/react';
import { IonLabel, IonList, IonRefresher, IonRefresherContent } from '../../ui/ionicLazy';
import { IonCheckbox } from '../../ui/ionicControls';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@gavel/domain';
import { cartTotal, checkoutMessages, formatMoney } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { useCart } from '../../queries/cart';
import '../payments/payments.css';
import { storeCheckoutSelection } from '../payments/selection';
import { BalanceCard } from './PhoneBalance';

/** How a cart line was won, in the bidder's words. */
const wonHow = { bid: 'Won bid', buynow: 'Buy It Now', live: 'Live auction' } as const;

/**
 * My Cart: won items, each checked by default; the total follows the checked lines. Checkout
 * takes the checked lines (kept for it in session storage), or one line on its own.
 */
function CartPage(_: { user: SessionUser }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const toast = useToast();
  const cart = useCart();
  const [unchecked, setUnchecked] = useState<Set<number>>(new Set());
  const won = cart.data?.auctionswon ?? [];
  const lines = won.map((w) => ({ ...w, checked: !unchecked.has(w.historyid) }));
  useEffect(() => {
    setUnchecked(new Set());
  }, [cart.data?.auctionswon.length]);
  const checkedIds = lines.filter((l) => l.checked).map((l) => l.historyid);
  // Kept as it changes, so checkout finds the bidder's choice however they get there.
  const checkedKey = checkedIds.join(',');
  useEffect(() => {
    if (cart.data) storeCheckoutSelection(eventcode, checkedKey ? checkedKey.split(',').map(Number) : []);
  }, [cart.data, eventcode, checkedKey]);
  // Proceed only where the event can take the payment: cards set up, or Bill Me.
  const canCheckout = cart.data !== undefined && (cart.data.paymentprocessorisvalid || cart.data.allowbillme);
  const proceed = () => {
    if (checkedIds.length === 0) return toast.error(checkoutMessages.noItems);
    storeCheckoutSelection(eventcode, checkedIds);
    history.push(`/${eventcode}/checkout`);
  };
  return (
    <Page header="main" testId="cart-page">
      <IonRefresher
        slot="fixed"
        onIonRefresh={async (e) => {
          await cart.refetch();
          e.detail.complete();
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      <h1 style={{ marginTop: 0 }}>My Cart</h1>
      {cart.isPending ? <Loading /> : null}
      {cart.data && won.length === 0 ? (
        <section className="gavel-card gavel-center" data-testid="cart-empty">
          <p style={{ fontWeight: 700 }}>Your cart is empty.</p>
          <p className="gavel-muted">
            Items won will show up here once bidding closes or the Buy It Now option is used.
          </p>
        </section>
      ) : null}
      {won.length > 0 ? (
        <section className="gavel-card">
          <IonList lines="full">
            {lines.map((l) => (
              <Fragment key={l.historyid}>
                <IonItem lines={canCheckout ? 'none' : 'full'} data-testid="cart-line">
                  <IonCheckbox
                    slot="start"
                    aria-label={`Include ${l.name}`}
                    checked={l.checked}
                    onIonChange={(e) =>
                      setUnchecked((s) => {
                        const n = new Set(s);
                        if (e.detail.checked) n.delete(l.historyid);
                        else n.add(l.historyid);
                        return n;
                      })
                    }
                  />
                  <IonLabel>
                    <h2>{l.name}</h2>
                    <p>
                      #{l.itemnum} · {wonHow[l.kind]} · {l.quantity} × {formatMoney(l.amount)}
                    </p>
                  </IonLabel>
                  <strong slot="end">{formatMoney(l.amount * l.quantity)}</strong>
                </IonItem>
                {/* An item of the list itself, so the list holds only list items. */}
                {canCheckout ? (
                  <IonItem
                    className="gavel-cart-line-pay"
                    routerLink={`/${eventcode}/checkout-item/${l.historyid}`}
                    detail={false}
                    data-testid="pay-item"
                  >
                    <IonLabel>Pay for {l.name} only</IonLabel>
                  </IonItem>
                ) : null}
              </Fragment>
            ))}
          </IonList>
          <p style={{ textAlign: 'right', fontSize: '1.15rem' }}>
            Total <strong data-testid="cart-total">{formatMoney(cartTotal(lines))}</strong>
          </p>
          {canCheckout ? (
            <IonButton expand="block" size="large" data-testid="checkout-button" onClick={proceed}>
              Proceed To Checkout
            </IonButton>
          ) : cart.data ? (
            <p className="gavel-muted" data-testid="checkout-unavailable">
              {checkoutMessages.noProcessor}
            </p>
          ) : null}
        </section>
      ) : null}
      {cart.data ? (
        <BalanceCard balance={cart.data.balance} cartTotal={cartTotal(won.map((w) => ({ ...w, checked: true })))} />
      ) : null}
      {(cart.data?.auctionsopen.length ?? 0) > 0 ? (
        <section className="gavel-card">
          <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>Still bidding</h2>
          <IonList lines="full">
            {cart.data?.auctionsopen.map((i) => (
              <IonItem key={i.itemid} routerLink={`/${eventcode}/auction-items/${i.itemid}`}>
                <IonLabel>
                  <h2>{i.name}</h2>
                  <p>
                    {i.currentlywinningbid ? 'Current High Bidder' : 'Current Low Bidder'} · {formatMoney(i.currentbid)}
                  </p>
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
