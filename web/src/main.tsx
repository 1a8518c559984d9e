import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './theme.css';
import { App } from './App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { crashHome } from './ui/RouteBoundary';

setupIonicReact({ mode: 'ios' });

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      {/* The last resort, for a crash outside any page (the session, the live connection, the menu); each page has its own. */}
      <ErrorBoundary resetKey="app" home={crashHome(window.location.pathname, 'event')} where="the app">
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
