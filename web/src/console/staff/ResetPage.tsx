import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { useApiForm } from '../../ui/form';
import { startSession } from '../session';
import { FormMessage, TextInput } from '../ui/fields';
import { AuthFrame } from './AuthFrame';
import { resetForm } from './forms';

/** An emailed password link (/console/reset/:secret): a new password, every other session ended, signed in. */
export function ResetPage() {
  const { secret = '' } = useParams();
  const navigate = useNavigate();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: resetForm,
    defaultValues: { password: '', confirm: '' },
    submit: ({ password }) =>
      api('POST /console/password-reset/:id', { password }, { anonymous: true, params: { id: secret } }),
    onSuccess: (answer) => {
      startSession({ token: answer.token, staff: answer.staff });
      navigate('/console', { replace: true });
    },
  });
  return (
    <AuthFrame
      title="Choose a new password"
      lead="Once you save it, you are signed in here and every other console session of yours ends."
    >
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="reset-form">
        <TextInput
          form={form}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          testId="reset-password"
        />
        <TextInput
          form={form}
          name="confirm"
          label="New password again"
          type="password"
          autoComplete="new-password"
          testId="reset-confirm"
        />
        <FormMessage message={message} testId="reset-message" />
        <button type="submit" className="console-button" disabled={busy} data-testid="reset-submit">
          {busy ? 'Saving…' : 'Save the new password'}
        </button>
      </form>
      <div className="auth-alternatives">
        <Link to="/console">Back to sign-in</Link>
      </div>
    </AuthFrame>
  );
}
