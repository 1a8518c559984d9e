import { IonButton } from '@ionic/react';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { useSession } from '../../session/SessionProvider';
import { usePrivacyPolicy } from '../../queries/event';

export function PrivacyPolicy() {
  const policy = usePrivacyPolicy();
  const { eventcode } = useSession();
  const navigate = useNavigate();
  return (
    <Page header="logo" testId="privacy-page">
      <div className="gavel-card">
        <h1 style={{ marginTop: 0 }}>Privacy Policy</h1>
        {policy.isPending ? <Loading /> : <Html html={policy.data?.privacypolicy || '<p>This organization has not published a privacy policy yet.</p>'} testId="privacy-html" />}
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
