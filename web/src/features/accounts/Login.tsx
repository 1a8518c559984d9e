import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import { Link, Navigate } from 'react-router-dom';
import type { LoginResponse } from '@gavel/domain';
import { apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { pathAfterLogin } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Field, FormError } from '../../ui/Field';
import { useHistory } from '../../ui/navigation';
import { pendingEmail } from './pendingEmail';

/** Sign in with the email from the join step and a password. */
export function Login() {
  const { eventcode, claims, isGuest, logout, signIn } = useSession();
  const history = useHistory();
  const email = pendingEmail();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // A stored token for someone else (another email) is discarded here; guests keep theirs.
  useEffect(() => {
    if (claims && !isGuest && email && claims.email.toLowerCase() !== email.toLowerCase()) logout();
  }, [claims, isGuest, email, logout]);

  if (!email) return <Navigate to={`/${eventcode}`} replace />;

  const submit = async () => {
    if (!password) {
      setError('Error : Password is required.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const user = await apiPost<LoginResponse>('/login', { email, password, eventcode });
      signIn(user);
      history.replace(pathAfterLogin(eventcode, user));
    } catch (err) {
      setError(`Error : ${err instanceof Error ? err.message : 'Something went wrong'}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page header="logo" testId="login-page">
      <form
        className="gavel-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1 style={{ marginTop: 0 }}>Welcome back</h1>
        <Field label="Email" value={email} onChange={() => undefined} readonly testId="login-email" />
        <Field label="Password" type="password" value={password} onChange={setPassword} autocomplete="current-password" testId="login-password" />
        <FormError message={error} testId="login-error" />
        <div className="gavel-actions">
          <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="sign-in">
            Sign In
          </IonButton>
          <Link className="gavel-center" to={`/${eventcode}/reset-password`} data-testid="forgot-password">
            Forgot Password?
          </Link>
        </div>
      </form>
    </Page>
  );
}
