import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { z } from 'zod';
import { joinEmail, joinEmailRequest } from '@gavel/domain';
import { api, ApiError } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { useAction } from '../../ui/action';
import { Field } from '../../ui/Field';
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

const shown = (message: string) => (message ? `Error : ${message}` : '');

/** Once bidding is over there is nothing to join: an email with no account is told so rather than sent to create one. */
const NO_BIDDER_ACCOUNT = 'No bidder account uses this email. Please check the email you bid with.';

/**
 * The event home's join form, and guest browsing when the event allows it.
 *
 * The one form not built on useApiForm: it is part of the event home's first load, where
 * react-hook-form would cost more than the rest of the page's own code for one field. It checks
 * the same domain schema on submit and sends through useAction, so messages and busy states are
 * those of every other form.
 */
export function JoinForm({ allowGuests, ended = false }: { allowGuests: boolean; ended?: boolean }) {
  const { eventcode, signInGuest } = useSession();
  const history = useHistory();
  const [email, setEmail] = useState(pendingEmail);
  const [invalid, setInvalid] = useState('');
  const join = useAction(
    (values: z.output<typeof joinForm>) => {
      rememberEmail(values.email);
      return api('POST /joinemail', { email: values.email, eventcode }).catch(onlyRateLimits);
    },
    (res) => {
      if (!res) return;
      if (res.accountstatus === 'exists') history.push(`/${eventcode}/login`);
      else if (ended) setInvalid(NO_BIDDER_ACCOUNT);
      else history.push(`/${eventcode}/create-account/`);
    },
  );
  // Browsing as a guest: the event's code, sent as the guest login.
  const guest = useAction(
    () => api('POST /guestlogin', { eventcode }),
    (res) => {
      signInGuest(res.token);
      history.push(`/${eventcode}/auction-items`);
    },
  );
  const submit = async (e?: { preventDefault: () => void }) => {
    e?.preventDefault();
    const checked = joinForm.safeParse({ email });
    if (!checked.success) {
      join.clearError();
      setInvalid(checked.error.issues[0]?.message ?? '');
      return;
    }
    setInvalid('');
    join.run(checked.data);
  };

  return (
    <FormCard
      of={{ onSubmit: submit, message: shown(guest.error || invalid || join.error), busy: join.busy }}
      button={ended ? 'Sign In' : 'Join the Fun'}
      buttonTestId="join-button"
      errorTestId="join-error"
      actions={
        allowGuests ? (
          <IonButton fill="clear" disabled={guest.busy} data-testid="guest-link" onClick={() => guest.run(undefined)}>
            Browse auction as guest
          </IonButton>
        ) : null
      }
    >
      <Field
        value={email}
        onChange={setEmail}
        label="Email"
        type="email"
        placeholder="you@example.com"
        autoComplete="email"
        inputMode="email"
        testId="join-email"
      />
    </FormCard>
  );
}
