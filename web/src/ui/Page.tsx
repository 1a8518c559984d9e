import type { ReactNode } from 'react';
import { IonBackButton, IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonMenuButton, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { cartOutline, logOutOutline } from 'ionicons/icons';
import { useHistory } from './navigation';
import { useSession } from '../session/SessionProvider';
import { useEvent } from '../queries/event';
import { useCart } from '../queries/cart';
import { Footer } from './Footer';
import { HeaderCountdown } from './HeaderCountdown';
import { NoticesBell } from './NoticesBell';
import { HeaderButton } from './HeaderButton';

/**
 * The four header groups of the spec: logo only; the main header (menu, bidding countdown, cart
 * badge); a back button to the item; a back button to My Account.
 */
export type HeaderKind = 'logo' | 'main' | 'back-item' | 'back-account';

interface PageProps {
  header: HeaderKind;
  title?: string;
  /** The item id for 'back-item' headers. */
  itemId?: number | string;
  testId: string;
  children: ReactNode;
  footer?: boolean;
}

function EventLogo() {
  const event = useEvent().data;
  if (event?.logourl) return <img className="gavel-logo-title" src={event.logourl} alt={event.eventname} />;
  return <span>{event?.eventname ?? 'Gavel'}</span>;
}

function GuestLogout() {
  const { isGuest, logout, eventcode } = useSession();
  const history = useHistory();
  if (!isGuest) return null;
  return (
    <IonButton
      aria-label="Leave guest browsing"
      data-testid="guest-logout"
      onClick={() => {
        logout();
        history.push(`/${eventcode}`);
      }}
    >
      <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
    </IonButton>
  );
}

function CartButton() {
  const { eventcode, user, isGuest } = useSession();
  const cart = useCart();
  if (!user || isGuest) return null;
  const count = cart.data?.auctionswon.length ?? 0;
  return (
    <HeaderButton icon={cartOutline} routerLink={`/${eventcode}/cart`} label={`My Cart, ${count} item${count === 1 ? '' : 's'}`} count={count} testId="cart-button" badgeTestId="cart-badge" />
  );
}

export function Page({ header, title, itemId, testId, children, footer = true }: PageProps) {
  const { eventcode } = useSession();
  const back = header === 'back-item' ? `/${eventcode}/auction-items/${itemId ?? ''}` : `/${eventcode}/my-account`;
  return (
    <IonPage data-testid={testId}>
      <IonHeader>
        <IonToolbar color="primary">
          {header === 'main' ? (
            <IonButtons slot="start">
              <IonMenuButton aria-label="Open menu" data-testid="menu-button" />
            </IonButtons>
          ) : null}
          {header === 'back-item' || header === 'back-account' ? (
            <IonButtons slot="start">
              <IonBackButton defaultHref={back} text="Back" data-testid="back-button" />
            </IonButtons>
          ) : null}
          <IonTitle>{title ?? <EventLogo />}</IonTitle>
          <IonButtons slot="end">
            <GuestLogout />
            {header === 'main' ? <NoticesBell /> : null}
            {header === 'main' ? <CartButton /> : null}
          </IonButtons>
        </IonToolbar>
        {header === 'main' ? <HeaderCountdown /> : null}
      </IonHeader>
      <IonContent className="gavel-content" id={testId}>
        <div className="gavel-narrow">
          {children}
          {footer ? <Footer /> : null}
        </div>
      </IonContent>
    </IonPage>
  );
}
