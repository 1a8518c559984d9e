import { Link } from 'react-router-dom';
import { APP_VERSION } from '@gavel/domain';
import { useSession } from '../session/SessionProvider';

/** The brand footer on every page, with the privacy policy link and the version label. */
export function Footer() {
  const { eventcode } = useSession();
  return (
    <footer className="gavel-footer" data-testid="footer">
      <div>
        Powered by <strong>Gavel</strong> ·{' '}
        {eventcode ? <Link to={`/${eventcode}/privacy-policy`}>Privacy Policy</Link> : null}
      </div>
      <div data-testid="version">Version {APP_VERSION}</div>
    </footer>
  );
}
