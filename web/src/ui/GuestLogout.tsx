import { logOutOutline } from 'ionicons/icons';
import { useHistory } from './navigation';
import { useSession } from '../session/SessionProvider';
import { HeaderIcon } from './HeaderIcon';

/** Guest browsing's way out, in every header. */
export function GuestLogout() {
  const { logout, eventcode } = useSession();
  const history = useHistory();
  return (
    <button
      type="button"
      className="gavel-header-button"
      aria-label="Leave guest browsing"
      data-testid="guest-logout"
      onClick={() => {
        logout();
        history.push(`/${eventcode}`);
      }}
    >
      <HeaderIcon icon={logOutOutline} />
    </button>
  );
}
