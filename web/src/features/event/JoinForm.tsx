import { IonButton } from '@ionic/react';
import { z } from 'zod';
import { guestLoginRequest, joinEmail, joinEmailRequest } from '@gavel/domain';
import { api, ApiError } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { FormField, useApiForm } from '../../ui/form';
import { FormCard } from '../../ui/formParts';
import { useHistory } from '../../ui/navigation';
import { pendingEmail, rememberEmail } from '../accounts/pendingEmail';

/** The join email: the spec's checks (and their messages) first, then the API's own. */
const joinForm = z.object({ email: joinEmail.pipe(joinEmailRequest.shape.email) });

/** The spec keeps a join server error from the user; a rate limit is worth saying. */
function onlyRateLimits(err: unknown): null {
  if (err instanceof ApiError && err.httpStatus === 429) throw err;
  return null;
}

/**
 * The event home's join form, and guest browsing when the event allows it. A chunk of its own,
 * fetched as the page starts, so the form library is not part of the first download.
 */
export function JoinForm({ allowGuests }: { allowGuests: boolean }) {
  const { eventcode, signInGuest } = useSession();
  const history = useHistory();
  const join = useApiForm({
    schema: joinForm,
    defaultValues: { email: pendingEmail() },
    submit: ({ email }) => {
      rememberEmail(email);
      return api('POST /joinemail', { email, eventcode }).catch(onlyRateLimits);
    },
    onSuccess: (res) => {
      if (res) history.push(res.accountstatus === 'exists' ? `/${eventcode}/login` : `/${eventcode}/create-account/`);
    },
    formatMessage: (m) => `Error : ${m}`,
  });
  // Browsing as a guest is a form of its own: the event's code, sent as the guest login.
  const guest = useApiForm({
    schema: guestLoginRequest,
    defaultValues: { eventcode },
    submit: (body) => api('POST /guestlogin', body),
    onSuccess: (res) => {
      signInGuest(res.token);
      history.push(`/${eventcode}/auction-items`);
    },
    formatMessage: (m) => `Error : ${m}`,
  });

  return (
    <FormCard
      of={{ ...join, message: guest.message || join.message }}
      button="Join the Fun"
      buttonTestId="join-button"
      errorTestId="join-error"
      actions={
        allowGuests ? (
          <IonButton fill="clear" disabled={guest.busy} data-testid="guest-link" onClick={() => void guest.onSubmit()}>
            Browse auction as guest
          </IonButton>
        ) : null
      }
    >
      <FormField form={join.form} name="email" type="email" label="Email" placeholder="you@example.com" autocomplete="email" inputmode="email" testId="join-email" />
    </FormCard>
  );
}
