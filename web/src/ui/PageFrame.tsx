import { lazy, Suspense, type ReactNode } from 'react';
import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useSession } from '../session/SessionProvider';
import { useEvent } from '../queries/event';
import { Footer } from './Footer';
import { useContentReady } from './firstContent';

// Only guests see it, and with it the icons, which a first visit to the event home does without.
const GuestLogout = lazy(() => import('./GuestLogout').then((m) => ({ default: m.GuestLogout })));

export interface PageFrameProps {
  title?: string;
  testId: string;
  children: ReactNode;
  footer?: boolean;
  /** The header's start (menu or back button) and end (bell, cart) buttons, and a line under it. */
  start?: ReactNode;
  end?: ReactNode;
  below?: ReactNode;
}

function EventLogo() {
  const event = useEvent().data;
  if (event?.logourl) return <img className="gavel-logo-title" src={event.logourl} alt={event.eventname} />;
  return <span className="gavel-title-text">{event?.eventname ?? 'Gavel'}</span>;
}

/**
 * A screen's frame: the header with the event's logo (or a title), guest browsing's way out, the
 * content and the footer. The event home shows it as it is, the logo-only header of the spec; the
 * other headers (ui/Page.tsx) add their buttons, which so stay out of the home's first load.
 */
export function PageFrame({ title, testId, children, footer = true, start, end, below }: PageFrameProps) {
  const { isGuest } = useSession();
  const ready = useContentReady();
  return (
    <IonPage data-testid={testId}>
      <IonHeader>
        <IonToolbar color="primary">
          {start ? <IonButtons slot="start">{start}</IonButtons> : null}
          {/* In the toolbar's flow, between its buttons, so a long name wraps or is cut short clear of them. */}
          <IonTitle className="gavel-title" data-testid="page-title">
            {title ? <span className="gavel-title-text">{title}</span> : <EventLogo />}
          </IonTitle>
          <IonButtons slot="end">
            {isGuest ? (
              <Suspense fallback={null}>
                <GuestLogout />
              </Suspense>
            ) : null}
            {end}
          </IonButtons>
        </IonToolbar>
        {below}
      </IonHeader>
      <IonContent className="gavel-content" id={testId}>
        <div className="gavel-narrow">
          {ready ? children : null}
          {ready && footer ? <Footer /> : null}
        </div>
      </IonContent>
    </IonPage>
  );
}
