import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { type AnswerOf, formatTimeWithZone, roleNames } from '@gavel/domain';
import { api } from '../../api/client';
import { errorMessage, useApiForm } from '../../ui/form';
import { startSession } from '../session';
import { FormMessage, TextInput } from '../ui/fields';
import { AuthFrame } from './AuthFrame';
import { invitationForm } from './forms';

/**
 * An invitation link (/console/invitation/:secret): who it is for, then the name and password
 * chosen once. Accepting signs the person in and opens the console.
 */
export function InvitationPage() {
  const { secret = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['console', 'invitation', secret],
    queryFn: () => api('GET /console/invitations/:id', undefined, { anonymous: true, params: { id: secret } }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (invitation.isPending)
    return (
      <AuthFrame title="Your invitation">
        <p className="console-loading" role="status">
          Opening your invitation…
        </p>
      </AuthFrame>
    );
  if (invitation.isError)
    return (
      <AuthFrame title="This invitation does not work">
        <p className="console-error" role="alert" data-testid="invitation-problem">
          {errorMessage(invitation.error)}
        </p>
        <p>
          <Link to="/console">Go to the console’s sign-in</Link>
        </p>
      </AuthFrame>
    );
  return <Accept secret={secret} invitation={invitation.data} />;
}

function Accept({ secret, invitation }: { secret: string; invitation: AnswerOf<'GET /console/invitations/:id'> }) {
  const navigate = useNavigate();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: invitationForm,
    defaultValues: { name: invitation.name, password: '', confirm: '' },
    submit: ({ name, password }) =>
      api('POST /console/invitations/:id', { name, password }, { anonymous: true, params: { id: secret } }),
    onSuccess: (answer) => {
      startSession({ token: answer.token, staff: answer.staff });
      navigate('/console', { replace: true });
    },
  });
  return (
    <AuthFrame
      title={`Welcome to ${invitation.organization.name}`}
      lead="You are invited to the auction console. Choose the name others will see and a password."
    >
      <dl className="auth-facts" data-testid="invitation-facts">
        <dt>Email</dt>
        <dd>{invitation.email}</dd>
        <dt>Role</dt>
        <dd>{roleNames[invitation.role]}</dd>
        <dt>Link works until</dt>
        <dd>{formatTimeWithZone(invitation.expires)}</dd>
      </dl>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="invitation-form">
        <TextInput form={form} name="name" label="Your name" autoComplete="name" testId="invitation-name" />
        <TextInput
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          testId="invitation-password"
        />
        <TextInput
          form={form}
          name="confirm"
          label="Password again"
          type="password"
          autoComplete="new-password"
          testId="invitation-confirm"
        />
        <FormMessage message={message} testId="invitation-message" />
        <button type="submit" className="console-button" disabled={busy} data-testid="invitation-submit">
          {busy ? 'Saving…' : 'Join the console'}
        </button>
      </form>
    </AuthFrame>
  );
}
