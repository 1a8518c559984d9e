import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Field } from '../../ui/Field';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { pendingEmail } from './pendingEmail';

/** /reset-password: email a sign-in link (and a new-password link). */
export function ResetPassword() {
  const { eventcode } = useSession();
  const history = useHistory();
  const email = pendingEmail();
  const [error, setError] = useState('');
  if (!email) return <Navigate to={`/${eventcode}`} replace />;
  return (
    <Page header="logo" testId="reset-password-page">
      <section className="gavel-card">
        <h1 style={{ marginTop: 0 }}>Forgot your password?</h1>
        <p className="gavel-muted">We will email you a link that signs you in, and one to choose a new password.</p>
        <Field label="Email" value={email} onChange={() => undefined} readonly testId="reset-email" />
        {error ? <p className="gavel-error" role="alert">{error}</p> : null}
        <div className="gavel-actions">
          <IonButton
            expand="block"
            size="large"
            data-testid="login-via-email"
            onClick={async () => {
              try {
                await apiPost('/forgotpassword', { email, eventcode });
                history.push(`/${eventcode}/reset-password-email`);
              } catch (err) {
                setError(`Error : ${err instanceof Error ? err.message : 'Something went wrong'}`);
              }
            }}
          >
            Login Via Email
          </IonButton>
          <Link className="gavel-center" to={`/${eventcode}/login`}>
            Back to Login
          </Link>
        </div>
      </section>
    </Page>
  );
}

/** /reset-password-email: the email is on its way. */
export function ResetPasswordEmail() {
  const { eventcode } = useSession();
  return (
    <Page header="logo" testId="reset-password-email-page">
      <section className="gavel-card gavel-center">
        <h1 style={{ marginTop: 0 }}>Check your email</h1>
        <p>
          We sent an email to <strong>{pendingEmail()}</strong> with a link to sign in.
        </p>
        <Link to={`/${eventcode}/login`} data-testid="back-to-login">
          Back to Login
        </Link>
      </section>
    </Page>
  );
}

/** Two password fields; nothing is sent (and nothing said) until they match, as the spec has it. */
function NewPasswordForm({ title, button, onSubmit }: { title: string; button: string; onSubmit: (password: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="gavel-card"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!password || password !== confirm) return;
        setBusy(true);
        try {
          await onSubmit(password);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h1 style={{ marginTop: 0 }}>{title}</h1>
      <Field label="New Password" type="password" value={password} onChange={setPassword} autocomplete="new-password" testId="new-password" />
      <Field label="Confirm New Password" type="password" value={confirm} onChange={setConfirm} autocomplete="new-password" testId="confirm-password" />
      <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="reset-submit">
        {button}
      </IonButton>
    </form>
  );
}

/** /auth/resetPassword/{id}: a new password by an emailed link; then back to the event. */
export function ResetPasswordByLink() {
  const { id = '' } = useParams();
  const { eventcode } = useSession();
  const history = useHistory();
  const toast = useToast();
  return (
    <Page header="logo" testId="reset-by-link-page">
      <NewPasswordForm
        title="Choose a new password"
        button="Reset Password"
        onSubmit={async (password) => {
          try {
            await apiPost('/passwordreset', { id, password }, { anonymous: true });
            toast.success('Password was reset successfully.', 5000);
            history.replace(`/${eventcode}`);
          } catch (err) {
            toast.error(`Password reset failed ${err instanceof Error ? err.message : ''}`, 5000);
          }
        }}
      />
    </Page>
  );
}

function ResetPasswordAccountPage() {
  const { eventcode } = useSession();
  const history = useHistory();
  const toast = useToast();
  return (
    <Page header="back-account" testId="reset-password-account-page">
      <NewPasswordForm
        title="Create a New Password"
        button="Create a New Password"
        onSubmit={async (password) => {
          try {
            await apiPost('/userpasswordreset', { password });
            toast.success('Password was reset successfully.', 5000);
            history.replace(`/${eventcode}/my-account`);
          } catch (err) {
            toast.error(`Password reset failed ${err instanceof Error ? err.message : ''}`, 5000);
          }
        }}
      />
    </Page>
  );
}

export const ResetPasswordAccount = signedIn(ResetPasswordAccountPage, 'back-account', 'reset-password-account-page');
