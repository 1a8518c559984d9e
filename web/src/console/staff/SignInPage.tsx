import { useState } from 'react';
import { consoleEmailRequest, consoleLoginRequest } from '@gavel/domain';
import { api } from '../../api/client';
import { useApiForm } from '../../ui/form';
import { startSession } from '../session';
import { FormMessage, TextInput } from '../ui/fields';
import { AuthFrame } from './AuthFrame';

type Mode = 'password' | 'link' | 'reset';

const TITLES: Record<Mode, string> = {
  password: 'Sign in to the console',
  link: 'Email me a sign-in link',
  reset: 'Forgot your password?',
};

/**
 * The console's sign-in, shown at whatever console address was asked for while signed out: once
 * the session starts, the route renders the page that was asked for. A password, or an emailed
 * sign-in link, or a link to choose a new password.
 */
export function SignInPage() {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const switchTo = (next: Mode, typed: string) => {
    setEmail(typed);
    setMode(next);
  };
  return (
    <AuthFrame
      title={TITLES[mode]}
      lead={
        mode === 'password'
          ? 'For the organization’s staff and volunteers. Bidders sign in on the event’s own page.'
          : mode === 'link'
            ? 'We will email you a link that signs you in once, without your password.'
            : 'We will email you a link to choose a new password.'
      }
    >
      {mode === 'password' ? (
        <PasswordForm email={email} onSwitch={switchTo} />
      ) : (
        <EmailForm key={mode} mode={mode} email={email} onSwitch={switchTo} />
      )}
    </AuthFrame>
  );
}

function PasswordForm({ email, onSwitch }: { email: string; onSwitch: (mode: Mode, email: string) => void }) {
  const { form, onSubmit, message, busy } = useApiForm({
    schema: consoleLoginRequest,
    defaultValues: { email, password: '' },
    submit: (values) => api('POST /console/login', values, { anonymous: true }),
    onSuccess: (answer) => startSession({ token: answer.token, staff: answer.staff }),
  });
  const typed = () => form.getValues('email');
  return (
    <>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="signin-form">
        <TextInput form={form} name="email" label="Email" type="email" autoComplete="username" testId="signin-email" />
        <TextInput
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          testId="signin-password"
        />
        <FormMessage message={message} testId="signin-message" />
        <button type="submit" className="console-button" disabled={busy} data-testid="signin-submit">
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <Alternatives
        choices={[
          { mode: 'link', label: 'Email me a sign-in link', testId: 'signin-use-link' },
          { mode: 'reset', label: 'Forgot password?', testId: 'signin-forgot' },
        ]}
        onPick={(mode) => onSwitch(mode, typed())}
      />
    </>
  );
}

function EmailForm({
  mode,
  email,
  onSwitch,
}: {
  mode: 'link' | 'reset';
  email: string;
  onSwitch: (mode: Mode, email: string) => void;
}) {
  const [sent, setSent] = useState('');
  const { form, onSubmit, message, busy } = useApiForm({
    schema: consoleEmailRequest,
    defaultValues: { email },
    submit: (values) =>
      mode === 'link'
        ? api('POST /console/signin-link', values, { anonymous: true })
        : api('POST /console/password-reset', values, { anonymous: true }),
    onSuccess: (answer) => setSent(answer.message),
  });
  return (
    <>
      {sent ? (
        <p className="console-success" role="status" data-testid="signin-sent">
          {sent}
        </p>
      ) : (
        <form className="console-form" onSubmit={onSubmit} noValidate data-testid={`signin-${mode}-form`}>
          <TextInput
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            testId="signin-email"
          />
          <FormMessage message={message} testId="signin-message" />
          <button type="submit" className="console-button" disabled={busy} data-testid="signin-send">
            {mode === 'link' ? 'Email me a sign-in link' : 'Email me a password link'}
          </button>
        </form>
      )}
      <Alternatives
        choices={[{ mode: 'password', label: 'Sign in with your password', testId: 'signin-back' }]}
        onPick={(next) => onSwitch(next, form.getValues('email'))}
      />
    </>
  );
}

/** The other ways in, under the form; the email typed so far goes along. */
function Alternatives({
  choices,
  onPick,
}: {
  choices: Array<{ mode: Mode; label: string; testId: string }>;
  onPick: (mode: Mode) => void;
}) {
  return (
    <div className="auth-alternatives">
      {choices.map((c) => (
        <button
          key={c.mode}
          type="button"
          className="console-link-button"
          onClick={() => onPick(c.mode)}
          data-testid={c.testId}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
