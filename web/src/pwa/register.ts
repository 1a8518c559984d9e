import { dismissNotice, pushNotice } from '../ui/notices';
import { offerUpdates, type UpdateEvent, type UpdateSource } from './updates';

/** A phone that stays on one page all evening still hears of a new version, at most this often. */
const CHECK_EVERY_MS = 30 * 60_000;

/**
 * The browser's service worker registration, as the few lifecycle events offerUpdates follows:
 * `waiting` when a new version has installed beside the one in charge (or was already waiting),
 * `controlling` when a worker takes the page. Written on the browser's own API rather than with
 * workbox-window, whose 2.5 KB would count in the first load's budget (e2e/bundle-size.spec.ts).
 */
function lifecycle(registration: ServiceWorkerRegistration, wasControlled: boolean): UpdateSource {
  const listeners: Record<'waiting' | 'controlling', Array<(event: UpdateEvent) => void>> = {
    waiting: [],
    controlling: [],
  };
  const fire = (type: 'waiting' | 'controlling') => {
    for (const listener of listeners[type]) listener({ isUpdate: wasControlled });
  };
  const whenInstalled = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) fire('waiting');
    });
  };
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
  navigator.serviceWorker.addEventListener('controllerchange', () => fire('controlling'));
  return {
    addEventListener: (type, listener) => {
      listeners[type].push(listener);
      // A version that installed while no page of the app was open waits already.
      if (type === 'waiting' && registration.waiting && navigator.serviceWorker.controller)
        listener({ isUpdate: true });
    },
    messageSkipWaiting: () => registration.waiting?.postMessage({ type: 'SKIP_WAITING' }),
  };
}

/**
 * Registers the bidder app's service worker (web/src/sw/sw.ts, built to /sw.js) and offers a new
 * version when one is waiting. Loaded after the first paint (start.ts); the console, the board and
 * the card form never load it.
 */
export async function registerWorker(): Promise<void> {
  const wasControlled = navigator.serviceWorker.controller !== null;
  // Where registering is refused (a private window, a test that blocks workers) the app works as before.
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  offerUpdates(lifecycle(registration, wasControlled), {
    offer: (accept) => {
      const id = pushNotice({
        tone: 'info',
        message: 'A new version of Gavel is ready.',
        duration: 0,
        action: {
          label: 'Reload',
          testId: 'update-reload',
          run: () => {
            dismissNotice(id);
            accept();
          },
        },
      });
    },
    reload: () => window.location.reload(),
  });
  // Browsers look for a new worker when a page is opened; a single-page app rarely opens another.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < CHECK_EVERY_MS) return;
    checked = Date.now();
    void registration.update().catch(() => undefined);
  });
}
