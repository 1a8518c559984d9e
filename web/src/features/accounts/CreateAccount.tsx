import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { Link, Navigate } from 'react-router-dom';
import type { LoginResponse } from '@gavel/domain';
import { passwordError } from '@gavel/domain';
import { ApiError, apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Field, FormError } from '../../ui/Field';
import { useHistory } from '../../ui/navigation';
import { pendingEmail } from './pendingEmail';

/** A new bidder chooses a password; the verification email goes out at once. */
export function CreateAccount() {
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  const email = pendingEmail();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!email) return <Navigate to={`/${eventcode}`} replace />;

  const submit = async () => {
    if (password !== confirm) {
      setError('Passwords do not match');
      return;
    }
    const weak = passwordError(password);
    if (weak) {
      setError(weak);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const user = await apiPost<LoginResponse>('/create', { email, password, eventcode });
      signIn(user);
      history.replace(`/${eventcode}/verify-email`);
    } catch (err) {
      setError(err instanceof ApiError && err.httpStatus < 500 ? err.message : 'Internal server Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page header="logo" testId="create-account-page">
      <form
        className="gavel-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1 style={{ marginTop: 0 }}>Create your account</h1>
        <p className="gavel-muted">Choose a password of at least 8 characters.</p>
        <Field label="Email" value={email} onChange={() => undefined} readonly testId="create-email" />
        <Field label="Password" type="password" value={password} onChange={setPassword} autocomplete="new-password" testId="create-password" />
        <Field label="Confirm Password" type="password" value={confirm} onChange={setConfirm} autocomplete="new-password" testId="create-confirm" />
        <FormError message={error} testId="create-error" />
        <div className="gavel-actions">
          <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="create-submit">
            Create Account
          </IonButton>
          <Link className="gavel-center" to={`/${eventcode}`}>
            Use a different email
          </Link>
        </div>
      </form>
    </Page>
  );
}
