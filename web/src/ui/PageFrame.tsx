import { lazy, Suspense, type ReactNode } from 'react';
import { IonContent, IonPage } from '@ionic/react';
import { useSession } from '../session/SessionProvider';
import { useEvent } from '../queries/event';
import { Footer } from './Footer';
import { useContentReady } from './firstContent';
import './header.css';

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
 *
 * The header is plain elements (a bar, its buttons and inline icons, ui/header.css), not Ionic's header,
 * toolbar, title and buttons: every screen draws it first, and those components (each its own
 * shadow root and styles, and the icons each decoding their file) were most of the first drawing
 * of a page, 60 to 100 ms at Lighthouse's 4x. The title sits in the bar's flow between the
 * buttons, so a long event name wraps or is cut short clear of them.
 */
export function PageFrame({ title, testId, children, footer = true, start, end, below }: PageFrameProps) {
  const { isGuest } = useSession();
  const ready = useContentReady();
  return (
    <IonPage data-testid={testId}>
      <header className="gavel-header">
        <div className="gavel-toolbar">
          <div className="gavel-toolbar-start">{start}</div>
          <div className="gavel-title" data-testid="page-title">
            {title ? <span className="gavel-title-text">{title}</span> : <EventLogo />}
          </div>
          <div className="gavel-toolbar-end">
            {isGuest ? (
              <Suspense fallback={null}>
                <GuestLogout />
              </Suspense>
            ) : null}
            {end}
          </div>
        </div>
        {below}
      </header>
      <IonContent className="gavel-content" id={testId}>
        <div className="gavel-narrow">
          {ready ? children : null}
          {ready && footer ? <Footer /> : null}
        </div>
      </IonContent>
    </IonPage>
  );
}
