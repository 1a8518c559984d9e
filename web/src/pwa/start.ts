import { onlineManager } from '@tanstack/react-query';
import { eventcodeOfPath } from '../session/token';

/**
 * The installable, offline-able app's start, called once by render.tsx as the first render begins:
 * the network state the pages follow, the event's manifest, and the service worker once the page
 * has painted (so it never delays the first paint).
 */
export function startPwa(): void {
  followNetwork();
  linkManifest(eventcodeOfPath(window.location.pathname));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register').then((m) => m.registerWorker());
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * TanStack Query believes it is online until told otherwise, so an app opened with no network (a
 * reload on dead Wi-Fi, answered by the service worker) would offer a bid it cannot send. It
 * starts from the browser's word and follows its online and offline events.
 */
function followNetwork(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

/** The event's own manifest and home-screen icon (its name and logo), so the app installs as the event. */
function linkManifest(eventcode: string): void {
  if (!eventcode) return;
  const base = `/${encodeURIComponent(eventcode)}`;
  const link = (rel: string, href: string) => {
    const element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    document.head.append(element);
  };
  link('manifest', `${base}/manifest.webmanifest`);
  link('apple-touch-icon', `${base}/icons/apple-touch-icon.png`);
}
