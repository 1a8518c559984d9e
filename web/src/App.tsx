import { IonApp, IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Route, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from './session/SessionProvider';
import { eventcodeOfPath } from './session/token';
import { SideMenu } from './ui/SideMenu';
import { LiveProvider } from './realtime/LiveProvider';
import { EventHome } from './features/event/EventHome';
import { EventNotFound } from './features/event/RootNotFound';
import { routes } from './routes';
import { retryTransient } from './queries/retry';

// A refusal (a missing item, a bad request) is the answer and is shown at once; only transient failures are retried.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, staleTime: 5_000, retry: retryTransient } } });

function Shell() {
  const location = useLocation();
  const eventcode = eventcodeOfPath(location.pathname);
  return (
    <SessionProvider eventcode={eventcode}>
      <LiveProvider>
      <SideMenu />
      <IonRouterOutlet id="main">
        <Route path="/" element={<EventNotFound testId="root-not-found" />} />
        <Route path="/:eventcode" element={<EventHome />} />
        {routes.map(({ path, Page }) => (
          <Route key={path} path={`/:eventcode/${path}`} element={<Page />} />
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
