import { lazy, Suspense } from 'react';
import { IonApp, IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Route, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from './session/SessionProvider';
import { eventcodeOfPath } from './session/token';
import { useSideMenuOffered } from './ui/sideMenuOffer';
import { usePageSlide } from './ui/usePageSlide';
import { LiveProvider } from './realtime/LiveProvider';
import { EventHome } from './features/event/EventHome';
import { routes } from './routes';
import { lazyPage } from './ui/lazyPage';
import { RouteBoundary } from './ui/RouteBoundary';
import { retryTransient } from './queries/retry';

// The side menu is drawn the first time its button is pressed (ui/sideMenuOffer.ts).
const SideMenu = lazy(() => import('./ui/SideMenu').then((m) => ({ default: m.SideMenu })));
const RootNotFound = lazyPage(() => import('./features/event/RootNotFound'), 'RootNotFound');

// A refusal (a missing item, a bad request) is the answer and is shown at once; only transient failures are retried.
// Offline, a query still asks once: the service worker answers with what it kept (web/src/sw/sw.ts).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: true, staleTime: 5_000, retry: retryTransient, networkMode: 'offlineFirst' },
  },
});

function Shell() {
  const location = useLocation();
  const eventcode = eventcodeOfPath(location.pathname);
  const menuOffered = useSideMenuOffered();
  const pageSlide = usePageSlide();
  return (
    <SessionProvider eventcode={eventcode}>
      <LiveProvider>
        {menuOffered ? (
          <Suspense fallback={null}>
            <SideMenu />
          </Suspense>
        ) : null}
        <IonRouterOutlet id="main" animation={pageSlide}>
          {/* Every page in a boundary of its own: a page that throws shows what happened and the way home, never a blank screen. */}
          <Route
            path="/"
            element={
              <RouteBoundary home="event">
                <RootNotFound />
              </RouteBoundary>
            }
          />
          <Route
            path="/:eventcode"
            element={
              <RouteBoundary home="event">
                <EventHome />
              </RouteBoundary>
            }
          />
          {routes.map(({ path, Page, home = 'event' }) => (
            <Route
              key={path}
              path={`/:eventcode/${path}`}
              element={
                <RouteBoundary home={home}>
                  <Page />
                </RouteBoundary>
              }
            />
          ))}
        </IonRouterOutlet>
      </LiveProvider>
    </SessionProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <Shell />
        </IonReactRouter>
      </IonApp>
    </QueryClientProvider>
  );
}
