import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageData } from '@gavel/domain';
import { App, queryClient } from './App';
import { seedFromPage } from './queries/pageData';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { crashHome } from './ui/RouteBoundary';
import { startPwa } from './pwa/start';
import { nextTask } from './nextTask';

/**
 * The app's first render, once start.ts has read the page's data and this module (the routes,
 * the screens, the queries) has been evaluated in a task of its own: the data goes into the cache,
 * then the render begins in the next task, itself cut into short tasks (a transition).
 */
export function render(data: PageData | null): void {
  // The event's data the server wrote into the page: the first screen draws without waiting for it.
  seedFromPage(queryClient, data);
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
}
