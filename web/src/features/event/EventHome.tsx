import { useState } from 'react';
import { IonButton, IonInput, IonItem, IonList } from '@ionic/react';
import { Navigate } from 'react-router-dom';
import type { GuestLoginResponse } from '@gavel/domain';
import { joinEmailError } from '@gavel/domain';
import { ApiError, apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { FormError } from '../../ui/Field';
import { useHistory } from '../../ui/navigation';
import { pendingEmail, rememberEmail } from '../accounts/pendingEmail';
import { isEventNotFound, useEvent } from './useEvent';

/** The event's front door: its name and message, the join form, and guest browsing when allowed. */
export function EventHome() {
  const { eventcode, claims, isGuest, user, signInGuest } = useSession();
  const event = useEvent();
  const history = useHistory();
  const [email, setEmail] = useState(pendingEmail);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (isEventNotFound(event.error)) return <Navigate to={`/${eventcode}/not-found/`} replace />;
  if (claims && !isGuest && user?.setupcomplete && user.accountstatus === 'verified') return <Navigate to={`/${eventcode}/welcome/`} replace />;

  const join = async () => {
    const problem = joinEmailError(email);
    if (problem) {
      setError(`Error : ${problem}`);
      return;
    }
    setError('');
    setBusy(true);
    try {
      rememberEmail(email);
      const res = await apiPost<{ accountstatus: 'exists' | 'doesnotexist' }>('/joinemail', { email: email.trim(), eventcode });
      history.push(res.accountstatus === 'exists' ? `/${eventcode}/login` : `/${eventcode}/create-account/`);
    } catch (err) {
      // The spec keeps a join server error from the user; a rate limit is worth saying.
      if (err instanceof ApiError && err.httpStatus === 429) setError(`Error : ${err.message}`);
    } finally {
      setBusy(false);
    }
  };

  const browseAsGuest = async () => {
    try {
      const res = await apiPost<GuestLoginResponse>('/guestlogin', { eventcode });
      signInGuest(res.token);
      history.push(`/${eventcode}/auction-items`);
    } catch (err) {
      setError(`Error : ${err instanceof Error ? err.message : 'Something went wrong'}`);
    }
  };

  const data = event.data;
  return (
    <Page header="logo" testId="event-home">
      {!data ? (
        <Loading label="Loading the event…" />
      ) : (
        <>
          <section className="gavel-hero">
            {data.logourl ? <img className="logo" src={data.logourl} alt={`${data.eventname} logo`} /> : null}
            <h1 data-testid="event-name">{data.eventname}</h1>
            <p className="gavel-muted">{data.organizationname}</p>
          </section>
          {(data.eventflag === 'eventnotopen' ? data.preeventtext : data.homemessage) ? (
            <section className="gavel-card">
              <Html html={data.eventflag === 'eventnotopen' ? data.preeventtext : data.homemessage} testId="event-message" />
            </section>
          ) : null}
          <form
            className="gavel-card"
            onSubmit={(e) => {
              e.preventDefault();
              void join();
            }}
            noValidate
          >
            <IonList lines="none">
              <IonItem className="gavel-field">
                <IonInput
                  type="email"
                  label="Email"
                  labelPlacement="stacked"
                  placeholder="you@example.com"
                  autocomplete="email"
                  inputmode="email"
                  value={email}
                  data-testid="join-email"
                  onIonInput={(e) => setEmail(String(e.detail.value ?? ''))}
                />
              </IonItem>
            </IonList>
            <FormError message={error} testId="join-error" />
            <div className="gavel-actions">
              <IonButton type="submit" expand="block" size="large" disabled={busy} data-testid="join-button">
                Join the Fun
              </IonButton>
              {data.eventallowguestentry ? (
                <IonButton fill="clear" data-testid="guest-link" onClick={() => void browseAsGuest()}>
                  Browse auction as guest
                </IonButton>
              ) : null}
            </div>
          </form>
        </>
      )}
    </Page>
  );
}
