import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './theme.css';
import { App, queryClient } from './App';
import { seedFromPage } from './queries/pageData';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { crashHome } from './ui/RouteBoundary';
import { startPwa } from './pwa/start';

setupIonicReact({ mode: 'ios' });
startPwa();

// The event's data the server wrote into the page: the first screen draws without waiting for it.
seedFromPage(queryClient);

const root = document.getElementById('root');
// A transition: the first render yields to the browser every few milliseconds instead of holding
// the phone for the whole of it (the page's shell stays painted meanwhile).
if (root)
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        {/* The last resort, for a crash outside any page (the session, the live connection, the menu); each page has its own. */}
        <ErrorBoundary resetKey="app" home={crashHome(window.location.pathname, 'event')} where="the app">
          <App />
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
