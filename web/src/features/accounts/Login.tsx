import { useEffect } from 'react';
import { IonButton } from '@ionic/react';
import { Link, Navigate } from 'react-router-dom';
import { loginRequest } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { pathAfterLogin } from '../../session/guards';
import { Page } from '../../ui/Page';
import { FormError } from '../../ui/Field';
import { useApiForm } from '../../ui/form';
import { useHistory } from '../../ui/navigation';
import { pendingEmail } from './pendingEmail';
import { EmailLine, PasswordField } from './accountParts';

/** Sign in with the email from the join step and a password. */
export function Login() {
  const { eventcode, claims, isGuest, logout } = useSession();
  const email = pendingEmail();

  // The session holds only this event's token (session/token.ts); one for another email is
  // discarded here; guests keep theirs.
  useEffect(() => {
    if (claims && !isGuest && email && claims.email.toLowerCase() !== email.toLowerCase()) logout();
  }, [claims, isGuest, email, logout]);

  if (!email) return <Navigate to={`/${eventcode}`} replace />;
  return <LoginForm email={email} />;
}

const loginForm = loginRequest.pick({ password: true });

function LoginForm({ email }: { email: string }) {
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: loginForm,
    defaultValues: { password: '' },
    submit: ({ password }) => api('POST /login', { email, password, eventcode }),
    onSuccess: (user) => {
      signIn(user);
      history.replace(pathAfterLogin(eventcode, user));
    },
    formatMessage: (m) => `Error : ${m}`,
  });

  return (
    <Page header="logo" testId="login-page">
      <form className="gavel-card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h1 style={{ marginTop: 0 }}>Welcome back</h1>
        <EmailLine email={email} testId="login-email" />
        <PasswordField
          form={form}
          name="password"
          label="Password"
          autocomplete="current-password"
          testId="login-password"
        />
        <FormError message={message} testId="login-error" />
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
