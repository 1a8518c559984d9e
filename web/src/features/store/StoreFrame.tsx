import type { ReactNode, Ref } from 'react';
import { IonButton, IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { chevronBack } from 'ionicons/icons';
import { storeMessages } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { Footer } from '../../ui/Footer';
import { useOnline } from '../../ui/useOnline';
import '../payments/payments.css';
import './store.css';

/**
 * The store's screens: the header (a back button to the event home on the store, the event name,
 * then whatever the screen adds under it: the cart's countdown and the tabs), the offline banner,
 * the content with the privacy policy link at its foot, and a bar of buttons at the bottom.
 */
export interface StoreFrameProps {
  testId: string;
  title: string;
  /** The store itself: a back button to the event home, and the title under it. */
  back?: boolean;
  /** Under the title: the countdown and the tabs. */
  header?: ReactNode;
  /** The buttons at the bottom. */
  bar?: ReactNode;
  contentRef?: Ref<HTMLIonContentElement>;
  children: ReactNode;
}

export function StoreFrame({ testId, title, back = false, header, bar, contentRef, children }: StoreFrameProps) {
  const { eventcode } = useSession();
  const online = useOnline();
  return (
    <IonPage data-testid={testId}>
      <IonHeader>
        <IonToolbar color="primary">
          {back ? (
            <IonButtons slot="start">
              <IonButton routerLink={`/${eventcode}/event`} routerDirection="back" data-testid="store-home">
                <IonIcon slot="start" icon={chevronBack} aria-hidden="true" />
                {storeMessages.backToEvent}
              </IonButton>
            </IonButtons>
          ) : (
            <IonTitle className="gavel-store-title" data-testid="store-title">
              {title}
            </IonTitle>
          )}
        </IonToolbar>
        {back ? (
          <div className="gavel-store-head">
            <h1 className="gavel-store-name" data-testid="store-title">
              {title}
            </h1>
            {header}
          </div>
        ) : null}
        {online ? null : (
          <div className="gavel-store-offline" role="alert" data-testid="offline-banner">
            {storeMessages.offline}
          </div>
        )}
      </IonHeader>
      <IonContent ref={contentRef} className="gavel-content" id={testId}>
        <div className="gavel-narrow">
          {children}
          <Footer />
        </div>
      </IonContent>
      {bar ? <footer className="gavel-store-bar">{bar}</footer> : null}
    </IonPage>
  );
}
