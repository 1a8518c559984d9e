import { useEffect } from 'react';
import { IonContent, IonHeader, IonItem, IonTitle, IonToolbar } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { IonIcon, IonLabel, IonList, IonMenu, IonMenuToggle } from './ionicLazy';
import {
  cartOutline,
  homeOutline,
  logOutOutline,
  personCircleOutline,
  pricetagsOutline,
  receiptOutline,
} from 'ionicons/icons';
import { APP_VERSION } from '@gavel/domain';
import { useSession } from '../session/SessionProvider';
import { useHistory } from './navigation';
import { setSideMenuToggle, takeOpenRequest } from './sideMenuOffer';

/** The side menu: Home and Auction Items for all; cart, orders, account and logout for bidders. */
export function SideMenu() {
  const { eventcode, claims, isGuest, logout } = useSession();
  const history = useHistory();
  // Drawn by the button's first press, which it answers by opening (Ionic's controller waits for the menu to be ready).
  useEffect(() => {
    setSideMenuToggle(() => void menuController.toggle());
    if (takeOpenRequest()) void menuController.open();
    return () => setSideMenuToggle(null);
  }, []);
  if (!eventcode) return null;
  const signedIn = claims !== null && !isGuest;
  const entries = [
    { label: 'Home', icon: homeOutline, to: signedIn ? `/${eventcode}/welcome` : `/${eventcode}`, id: 'home' },
    { label: 'Auction Items', icon: pricetagsOutline, to: `/${eventcode}/auction-items`, id: 'items' },
    ...(signedIn
      ? [
          { label: 'My Cart', icon: cartOutline, to: `/${eventcode}/cart`, id: 'cart' },
          { label: 'Order History', icon: receiptOutline, to: `/${eventcode}/my-orders`, id: 'orders' },
          { label: 'My Account', icon: personCircleOutline, to: `/${eventcode}/my-account`, id: 'account' },
        ]
      : []),
  ];
  return (
    <IonMenu contentId="main" type="overlay" data-testid="side-menu">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>Menu</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList lines="full">
          {entries.map((e) => (
            <IonMenuToggle key={e.id} autoHide={false}>
              <IonItem button detail={false} routerLink={e.to} routerDirection="root" data-testid={`menu-${e.id}`}>
                <IonIcon slot="start" icon={e.icon} aria-hidden="true" />
                <IonLabel>{e.label}</IonLabel>
              </IonItem>
            </IonMenuToggle>
          ))}
          {signedIn ? (
            <IonMenuToggle autoHide={false}>
              <IonItem
                button
                detail={false}
                data-testid="menu-logout"
                onClick={() => {
                  logout();
                  history.push(`/${eventcode}`);
                }}
              >
                <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                <IonLabel>Logout</IonLabel>
              </IonItem>
            </IonMenuToggle>
          ) : null}
        </IonList>
        <p className="gavel-footer">Version {APP_VERSION}</p>
      </IonContent>
    </IonMenu>
  );
}
