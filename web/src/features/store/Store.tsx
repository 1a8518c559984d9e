import { useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useParams } from 'react-router-dom';
import type { StoreTabName } from '@gavel/domain';
import { useStoreCart, useStoreSetup } from '../../queries/store';
import { useCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { Loading } from '../../ui/Loading';
import { CHECKOUT_FORM_ID, StoreCart } from './StoreCart';
import { StoreFrame } from './StoreFrame';
import { StoreItems } from './StoreItems';
import { StoreClosed } from './StoreLanding';
import { StoreRegistration } from './StoreRegistration';
import { useLeaveStore, useLeaveWhenExpired } from './storeCalls';
import { CompleteDialog, SummaryDialog } from './storeDialogs';
import { HoldNotice } from './HoldNotice';
import { CartCountdown, StoreTabs } from './storeHeader';
import { firstTab, registrationOpen, stepTab, unitsInCart } from './storeTabs';
import { useCartHold } from './useCartHold';
import { useStoreCheckout } from './useStoreCheckout';

/**
 * The store (/{eventcode}/event/register/ and …/register/cart): the cart's countdown and the
 * tabs (Tickets, Merchandise, Registration, Cart) in the server's order, with Back, Next,
 * Checkout and Finish at the bottom (spec store-and-display.md, sections 2 and 4).
 */
export function Store() {
  const { eventcode } = useSession();
  const { cart: cartParam } = useParams();
  const token = useCartToken(eventcode);
  const setup = useStoreSetup();
  const cart = useStoreCart();
  const leave = useLeaveStore();
  useLeaveWhenExpired(setup.error, cart.error);
  const [chosen, setChosen] = useState<StoreTabName | null>(null);
  const [asking, setAsking] = useState(false);
  const content = useRef<HTMLIonContentElement | null>(null);
  const checkout = useStoreCheckout(cart.data, () => setChosen('Registration'));

  const data = setup.data;
  const hold = useCartHold({
    eventcode,
    token,
    setup: data,
    cart: cart.data,
    units: data ? unitsInCart(data) : 0,
    settled: data ? registrationOpen(data) : false,
  });
  if (!data || data.status === 'expired')
    return (
      <StoreFrame testId="store-page" title={data?.storewelcomeeventname ?? ''} back>
        {setup.isPending ? <Loading /> : null}
        {setup.isError ? (
          <p className="gavel-error" role="alert" data-testid="store-load-error">
            {setup.error.message}
          </p>
        ) : null}
        {data ? <StoreClosed message={data.message} logo={data.storewelcomeeventlogourl || data.logourl} /> : null}
      </StoreFrame>
    );

  const registering = registrationOpen(data);
  // The hold has ended (the token went at zero) and nothing was bought: the page is locked.
  const expired = token === null && !registering;
  const done = data.hascheckedout;
  const current = chosen ?? firstTab(data, cartParam) ?? 'Cart';
  const back = stepTab(data, current, -1);
  const next = stepTab(data, current, 1);
  const open = (tab: StoreTabName | null) => {
    if (!tab) return;
    setChosen(tab);
    void content.current?.scrollToTop(200);
  };
  const lines = cart.data?.cartitems.length ?? 0;
  const finish = () => (current === 'Registration' ? setAsking(true) : leave());

  const bar = (
    <>
      <div className="gavel-store-bar-buttons">
        <IonButton fill="outline" disabled={expired || !back} data-testid="store-back" onClick={() => open(back)}>
          Back
        </IonButton>
        <IonButton fill="outline" disabled={expired || !next} data-testid="store-next" onClick={() => open(next)}>
          Next
        </IonButton>
        {done ? (
          <IonButton data-testid="finish-button" onClick={finish}>
            Finish
          </IonButton>
        ) : current === 'Cart' ? (
          <IonButton
            type="submit"
            form={cart.data ? CHECKOUT_FORM_ID : undefined}
            disabled={expired || lines === 0 || checkout.busy}
            data-testid="checkout-button"
          >
            {checkout.busy ? 'Checking out…' : 'Checkout'}
          </IonButton>
        ) : null}
      </div>
    </>
  );

  return (
    <StoreFrame
      testId="store-page"
      title={data.storewelcomeeventname}
      back
      contentRef={content}
      header={
        <>
          {registering ? null : (
            <>
              <CartCountdown hold={hold} />
              <HoldNotice
                hold={{
                  ...hold,
                  startAgain: () => {
                    setChosen(null);
                    hold.startAgain();
                  },
                }}
                onCart={current === 'Cart' ? undefined : () => open('Cart')}
              />
            </>
          )}
          <StoreTabs setup={data} current={current} units={done ? 0 : unitsInCart(data)} onOpen={open} />
        </>
      }
      bar={bar}
    >
      {data.tabs.map((tab) => (
        <div
          key={tab.tabname}
          id={`store-panel-${tab.tabname}`}
          role="tabpanel"
          hidden={tab.tabname !== current}
          data-testid={`store-panel-${tab.tabname}`}
        >
          {tab.heading ? <h2 className="gavel-store-heading">{tab.heading}</h2> : null}
          {tab.tabname === 'Cart' ? (
            <StoreCart
              cart={cart.data}
              checkout={checkout}
              locked={expired}
              failed={cart.isError ? cart.error.message : ''}
            />
          ) : tab.tabname === 'Registration' ? (
            registering ? (
              <StoreRegistration cart={cart.data} />
            ) : null
          ) : (
            <StoreItems tab={tab} locked={expired || done} />
          )}
        </div>
      ))}
      <SummaryDialog confirmation={checkout.summary} onClose={checkout.closeSummary} />
      <CompleteDialog
        open={asking}
        onCancel={() => setAsking(false)}
        onOk={() => {
          setAsking(false);
          leave();
        }}
      />
    </StoreFrame>
  );
}
