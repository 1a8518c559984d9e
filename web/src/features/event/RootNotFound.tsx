import { IonContent, IonPage } from '@ionic/react';

/** The bare root and codes that are no event: no event to show. */
export function EventNotFound({ testId = 'event-not-found' }: { testId?: string }) {
  return (
    <IonPage data-testid={testId}>
      <IonContent className="gavel-content">
        <main className="gavel-narrow gavel-center" style={{ paddingTop: '25vh' }}>
          <h1 style={{ color: 'var(--ion-color-primary)' }}>Error: Event Not Found</h1>
          <p className="gavel-muted">Please check the link provided to you by the Organization</p>
        </main>
      </IonContent>
    </IonPage>
  );
}

/** The bare root: no event code at all. */
export function RootNotFound() {
  return <EventNotFound testId="root-not-found" />;
}
