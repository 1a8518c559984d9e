import { IonButton } from '@ionic/react';
import { useSession } from '../../session/SessionProvider';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';
import { isEventNotFound, useEvent } from '../../queries/event';
import { EventNotFound } from './RootNotFound';
import './event.css';

/**
 * An address inside an event that is no page of it (and /{eventcode}/not-found): the event's own
 * page, with its logo header and a way back to its home. When the code is no event, the spec's
 * 'Error: Event Not Found'.
 */
export function PageNotFound() {
  const { eventcode } = useSession();
  const event = useEvent();
  if (isEventNotFound(event.error)) return <EventNotFound />;
  return (
    <Page header="logo" testId="page-not-found">
      {!event.data ? (
        <Loading />
      ) : (
        <section className="gavel-card gavel-center gavel-not-found">
          <h1>Page Not Found</h1>
          <p className="gavel-muted">
            There is no page at this address in <strong>{event.data.eventname}</strong>. The link may be mistyped or out
            of date.
          </p>
          <IonButton
            expand="block"
            size="large"
            routerLink={`/${eventcode}`}
            routerDirection="root"
            data-testid="not-found-home"
          >
            Go to the Event Home
          </IonButton>
        </section>
      )}
    </Page>
  );
}
