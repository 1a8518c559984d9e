import type { ReactNode } from 'react';
import { IonContent, IonPage } from '@ionic/react';
import { useResolvedPath } from 'react-router-dom';
import { eventcodeOfPath } from '../session/token';
import { type CrashHome, ErrorBoundary } from './ErrorBoundary';

/** Which front door a page's way home leads to: the event's home, or the store's landing. */
export type HomeKind = 'event' | 'store';

/** The way home of a page of an event; none at the bare root, which has no event. */
export function crashHome(pathname: string, kind: HomeKind): CrashHome | undefined {
  const eventcode = eventcodeOfPath(pathname);
  if (!eventcode) return undefined;
  const base = `/${encodeURIComponent(eventcode)}`;
  return kind === 'store'
    ? { href: `${base}/event`, label: 'Go to the Store' }
    : { href: base, label: 'Go to the Event Home' };
}

// An IonPage, so the router outlet shows the message as it would have shown the page.
const frame = (message: ReactNode) => (
  <IonPage data-testid="crash-page">
    <IonContent className="gavel-content">{message}</IonContent>
  </IonPage>
);

/**
 * A routed page of the bidder app or the store, kept from blanking the screen when it throws. Its
 * key is the page's own address (its route's match: Ionic keeps earlier pages mounted under the
 * current one), so a crashed page tries again when it is shown for another address, and one left
 * behind in the stack is not drawn again each time the bidder goes somewhere else.
 */
export function RouteBoundary({ home, children }: { home: HomeKind; children: ReactNode }) {
  const { pathname } = useResolvedPath('.');
  return (
    <ErrorBoundary resetKey={pathname} home={crashHome(pathname, home)} frame={frame} where={`the page ${pathname}`}>
      {children}
    </ErrorBoundary>
  );
}
