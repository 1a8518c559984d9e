import { IonButton } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useHistory } from './navigation';
import { useSession } from '../session/SessionProvider';
import { IonIcon } from './ionicLazy';

/** Guest browsing's way out, in every header. */
export function GuestLogout() {
  const { logout, eventcode } = useSession();
  const history = useHistory();
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
