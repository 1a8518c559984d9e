import { Link, Navigate } from 'react-router-dom';
import { newPasswordPair } from '@gavel/domain';
import { api, ApiError } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { useApiForm } from '../../ui/form';
import { FormCard } from '../../ui/formParts';
import { useHistory } from '../../ui/navigation';
import { pendingEmail } from './pendingEmail';
import { EmailLine, PasswordField } from './accountParts';

/** A new bidder chooses a password; the verification email goes out at once. */
export function CreateAccount() {
  const { eventcode } = useSession();
  const email = pendingEmail();
  if (!email) return <Navigate to={`/${eventcode}`} replace />;
  return <CreateAccountForm email={email} />;
}

/** The server's own refusals are shown as it words them; its failures are not. */
function hideServerFailure(err: unknown): never {
  throw err instanceof ApiError && err.httpStatus < 500 ? err : new Error('Internal server Error');
}

function CreateAccountForm({ email }: { email: string }) {
  const { eventcode, signIn } = useSession();
  const history = useHistory();
  const create = useApiForm({
    schema: newPasswordPair,
    defaultValues: { password: '', confirm: '' },
    submit: ({ password }) => api('POST /create', { email, password, eventcode }).catch(hideServerFailure),
    onSuccess: (user) => {
      signIn(user);
      history.replace(`/${eventcode}/verify-email`);
    },
  });

  return (
    <Page header="logo" testId="create-account-page">
      <FormCard
        of={create}
        title="Create your account"
        button="Create Account"
        buttonTestId="create-submit"
        errorTestId="create-error"
        actions={
          <Link className="gavel-center" to={`/${eventcode}`}>
            Use a different email
          </Link>
        }
      >
        <p className="gavel-muted">Choose a password of at least 8 characters.</p>
        <EmailLine email={email} testId="create-email" />
        <PasswordField
          form={create.form}
          name="password"
          label="Password"
          autocomplete="new-password"
          testId="create-password"
        />
        <PasswordField
          form={create.form}
          name="confirm"
          label="Confirm Password"
          autocomplete="new-password"
          testId="create-confirm"
        />
      </FormCard>
    </Page>
  );
}
