import { IonButton } from '@ionic/react';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { useSession } from '../../session/SessionProvider';
import { usePrivacyPolicy } from '../../queries/event';
import './event.css';

const NO_POLICY = '<p>This organization has not published a privacy policy yet.</p>';

/**
 * The organizer's policy without a heading of its own that only repeats the page's ('Privacy
 * Policy'), so the title shows once. Other headings are theirs and stay.
 */
function withoutRepeatedTitle(html: string): string {
  return html.replace(/^\s*<h([1-6])\b[^>]*>\s*privacy\s+policy\s*<\/h\1>/i, '');
}

export function PrivacyPolicy() {
  const policy = usePrivacyPolicy();
  const { eventcode } = useSession();
  const navigate = useNavigate();
  return (
    <Page header="logo" testId="privacy-page">
      <div className="gavel-card gavel-privacy">
        <h1>Privacy Policy</h1>
        {policy.isPending ? (
          <Loading />
        ) : (
          <Html html={withoutRepeatedTitle(policy.data?.privacypolicy || NO_POLICY)} testId="privacy-html" />
        )}
        <IonButton
          expand="block"
          fill="outline"
          data-testid="go-back"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(`/${eventcode}`))}
        >
          Go Back
        </IonButton>
      </div>
    </Page>
  );
}
