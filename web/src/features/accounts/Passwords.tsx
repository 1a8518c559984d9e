import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { forgotPasswordRequest, passwordResetRequest } from '@gavel/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { type HeaderKind, Page } from '../../ui/Page';
import { useApiForm } from '../../ui/form';
import { FormCard } from '../../ui/formParts';
import { useHistory } from '../../ui/navigation';
import { useToast } from '../../ui/toast';
import { pendingEmail } from './pendingEmail';
import { Email, EmailLine, PasswordField } from './accountParts';

/** /reset-password: email a sign-in link (and a new-password link). */
export function ResetPassword() {
  const { eventcode } = useSession();
  const email = pendingEmail();
  if (!email) return <Navigate to={`/${eventcode}`} replace />;
  return <ForgotPasswordForm email={email} />;
}

const forgotPasswordForm = forgotPasswordRequest.pick({ email: true });

function ForgotPasswordForm({ email }: { email: string }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const forgot = useApiForm({
    schema: forgotPasswordForm,
    defaultValues: { email },
    submit: (values) => api('POST /forgotpassword', { ...values, eventcode }),
    onSuccess: () => history.push(`/${eventcode}/reset-password-email`),
    formatMessage: (m) => `Error : ${m}`,
  });
  return (
    <Page header="logo" testId="reset-password-page">
      <FormCard
        of={forgot}
        title="Forgot your password?"
        button="Login Via Email"
        buttonTestId="login-via-email"
        errorTestId="reset-error"
        actions={
          <Link className="gavel-center" to={`/${eventcode}/login`}>
            Back to Login
          </Link>
        }
      >
        <p className="gavel-muted">We will email you a link that signs you in, and one to choose a new password.</p>
        <EmailLine email={email} testId="reset-email" />
      </FormCard>
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
          We sent an email to{' '}
          <strong>
            <Email email={pendingEmail()} />
          </strong>{' '}
          with a link to sign in.
        </p>
        <Link to={`/${eventcode}/login`} data-testid="back-to-login">
          Back to Login
        </Link>
      </section>
    </Page>
  );
}

/** Two password fields; nothing is sent (and nothing said) until they match, as the spec has it. */
const newPasswordForm = passwordResetRequest
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((p) => p.password === p.confirm, { path: ['confirm'] });

interface NewPasswordPageProps {
  header: HeaderKind;
  testId: string;
  title: string;
  button: string;
  /** The call that sets the password. */
  send: (password: string) => Promise<unknown>;
  /** Where to go once it is set. */
  next: string;
  /** A line above the fields saying why the page is here. */
  intro?: string;
}

/** A new password, told in toasts: set, then on to `next`; or why not. */
function NewPasswordPage({ header, testId, title, button, send, next, intro }: NewPasswordPageProps) {
  const history = useHistory();
  const toast = useToast();
  const reset = useApiForm({
    schema: newPasswordForm,
    defaultValues: { password: '', confirm: '' },
    submit: ({ password }) => send(password),
    onError: (m) => toast.error(`Password reset failed ${m}`, 5000),
    onSuccess: () => {
      toast.success('Password was reset successfully.', 5000);
      history.replace(next);
    },
  });
  return (
    <Page header={header} testId={testId}>
      <FormCard of={reset} title={title} button={button} buttonTestId="reset-submit">
        {intro ? <p data-testid="choose-password-intro">{intro}</p> : null}
        <PasswordField
          form={reset.form}
          name="password"
          label="New Password"
          autocomplete="new-password"
          testId="new-password"
        />
        <PasswordField
          form={reset.form}
          name="confirm"
          label="Confirm New Password"
          autocomplete="new-password"
          testId="confirm-password"
        />
      </FormCard>
    </Page>
  );
}

/** /auth/resetPassword/{id}: a new password by an emailed link; then back to the event. */
export function ResetPasswordByLink() {
  const { id = '' } = useParams();
  const { eventcode } = useSession();
  return (
    <NewPasswordPage
      header="logo"
      testId="reset-by-link-page"
      title="Choose a new password"
      button="Reset Password"
      send={(password) => api('POST /passwordreset', { id, password }, { anonymous: true })}
      next={`/${eventcode}`}
    />
  );
}

/**
 * The query parameter that brings a bidder here right after an emailed link made the account
 * theirs (VerifyLink): it names where to go once the password is chosen.
 */
export const CHOOSE_PASSWORD = 'then';

/** A place in this event to go next: only a path of the event, never another site. */
export function nextInEvent(eventcode: string, wanted: string | null): string | undefined {
  return wanted && wanted.startsWith(`/${eventcode}/`) && !wanted.startsWith('//') ? wanted : undefined;
}

/**
 * /reset-password-account: a new password while signed in; then back to My Account. The reset
 * ends every session of the account, this one too, so the page signs in again with the new password.
 * Right after an emailed link claimed the account, it says why and goes on to where the link led.
 */
function ResetPasswordAccountPage() {
  const { eventcode, claims, signIn } = useSession();
  const [search] = useSearchParams();
  const then = nextInEvent(eventcode, search.get(CHOOSE_PASSWORD));
  const send = async (password: string) => {
    await api('POST /userpasswordreset', { password });
    signIn(await api('POST /login', { email: claims?.email ?? '', password, eventcode }, { anonymous: true }));
  };
  return (
    <NewPasswordPage
      header="back-account"
      testId="reset-password-account-page"
      title="Create a New Password"
      button="Create a New Password"
      send={send}
      next={then ?? `/${eventcode}/my-account`}
      intro={
        then
          ? 'Your email is confirmed and this account is now yours alone: any password set before you confirmed it no longer works. Choose a password to sign in with next time.'
          : undefined
      }
    />
  );
}

export const ResetPasswordAccount = signedIn(ResetPasswordAccountPage, 'back-account', 'reset-password-account-page');
