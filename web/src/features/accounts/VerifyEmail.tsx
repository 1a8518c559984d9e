import { useEffect } from 'react';
import { IonButton } from '@ionic/react';
import { Navigate } from 'react-router-dom';
import type { SessionUser } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { errorMessage } from '../../ui/form';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { Email } from './accountParts';

/** Waits for the emailed link to be followed (here or on another device), then moves on. */
function VerifyEmailPage({ user }: { user: SessionUser }) {
  const { eventcode, logout, refreshUser } = useSession();
  const history = useHistory();
  const toast = useToast();

  // The link may be opened on another device: look again every few seconds.
  useEffect(() => {
    const t = setInterval(() => void refreshUser(), 4000);
    return () => clearInterval(t);
  }, [refreshUser]);

  if (user.accountstatus === 'verified')
    return <Navigate to={user.setupcomplete ? `/${eventcode}/welcome/` : `/${eventcode}/setup-account`} replace />;

  return (
    <Page header="logo" testId="verify-email-page">
      <section className="gavel-card gavel-center">
        <h1 style={{ marginTop: 0 }}>Check your email</h1>
        <p>
          We just emailed{' '}
          <strong className="gavel-email-block">
            <Email email={user.email} testId="verify-email-address" />
          </strong>
        </p>
        <p>Click the Verify Email Address button in the email to continue.</p>
        <div className="gavel-actions">
          <IonButton
            fill="outline"
            data-testid="resend-verification"
            onClick={() =>
              void api('POST /resendverification').then(
                (answer) => toast.info(answer.message),
                (err: unknown) => toast.error(errorMessage(err)),
              )
            }
          >
            Send the email again
          </IonButton>
          <IonButton
            fill="clear"
            data-testid="return-to-login"
            onClick={() => {
              logout();
              history.replace(`/${eventcode}`);
            }}
          >
            Typo in your email address? Return to Login?
          </IonButton>
        </div>
      </section>
    </Page>
  );
}

export const VerifyEmail = signedIn(VerifyEmailPage, 'logo', 'verify-email-page');
