/// <reference lib="webworker" />
import type { PushPayload } from '@gavel/domain';

/**
 * Push notices in the service worker (issue 31, item 4; docs/push.md). The server sends a push
 * for an outbid, won or closing-soon notice the bidder asked for by Push; this shows it, and a tap
 * opens the item's page in the app. Imported by sw.ts; registers its listeners when imported.
 */
declare const self: ServiceWorkerGlobalScope;

/** Shown when a push cannot be read: a push must show something (userVisibleOnly). */
const FALLBACK: PushPayload = { title: 'Gavel', body: 'You have a new notice.', url: '/', tag: 'gavel' };

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The push's notice, read without trusting its shape (the worker carries no schema library). */
export function readPayload(data: { json(): unknown } | null): PushPayload {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    return FALLBACK;
  }
  if (typeof raw !== 'object' || raw === null) return FALLBACK;
  const fields = raw as Record<string, unknown>;
  const title = text(fields.title);
  const body = text(fields.body);
  if (!title || body === null) return FALLBACK;
  return { title, body, url: text(fields.url) ?? '/', tag: text(fields.tag) ?? 'gavel' };
}

/**
 * The app's page to open, always on the worker's own origin: the server writes its links with its
 * public address, which may be another name for this site, and a push must never open another site.
 */
export function pageOf(url: string, origin: string): string {
  try {
    const page = new URL(url, origin);
    return new URL(`${page.pathname}${page.search}${page.hash}`, origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

/** The event's icon (server/src/features/events/manifest.ts): the event code is the page's first segment. */
export function iconOf(page: string): string | undefined {
  const eventcode = new URL(page).pathname.split('/')[1];
  return eventcode ? `/${eventcode}/icons/icon-192.png` : undefined;
}

self.addEventListener('push', (event) => {
  const notice = readPayload(event.data);
  const page = pageOf(notice.url, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      // A newer notice of the same item replaces the older one instead of piling up.
      tag: notice.tag,
      data: { url: page },
      icon: iconOf(page),
    }),
  );
});

/** Focuses a window of the app on the page, or opens one. */
async function openPage(page: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    windows.find((w) => w.url === page) ?? windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url === page) return;
    // navigate() works only for a window this worker controls; any other gets a new window.
    const moved = await focused.navigate(page).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(page);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === 'object' && data !== null && 'url' in data ? text(data.url) : null;
  event.waitUntil(openPage(url ?? new URL('/', self.location.origin).href));
});
