import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './App';
import { seedFromPage } from './queries/pageData';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { crashHome } from './ui/RouteBoundary';
import { startPwa } from './pwa/start';

const nextTask = (run: () => void) => setTimeout(run, 0);

/**
 * The app's start, after main.tsx has set up React and Ionic and this module and its own have
 * been evaluated, each step a task of its own: reading the page's data into the cache, then the
 * first render, itself cut into short tasks (a transition). A phone's slow CPU is never held for
 * the whole of it, so a tap on the server's first screen is answered between the steps.
 */
export function start(): void {
  nextTask(() => {
    // The event's data the server wrote into the page: the first screen draws without waiting for it.
    seedFromPage(queryClient);
    nextTask(() => {
      const root = document.getElementById('root');
      if (!root) return;
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
      // After the render has begun (it runs in the tasks to come), so the service worker and its
      // precache wait for the browser's first idle moment after it instead of competing with it.
      startPwa();
    });
  });
}
