/// <reference lib="webworker" />
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { Strategy, type StrategyHandler } from 'workbox-strategies';
import { keepAtMost } from './bounded';
import { isAppPage } from './navigation';
import { callerOf, isKeptRead, READS_CACHE, readKey } from './reads';
import './push';

/**
 * The bidder app's service worker (built by vite-plugin-pwa's injectManifest; registered by
 * web/src/pwa/register.ts). It keeps the app's shell and scripts, the pages, answers and pictures
 * a bidder has seen, so a phone on dead Wi-Fi still opens the app and shows what it last showed.
 * It never keeps or replays a write: a bid needs the connection (docs/architecture.md, Offline).
 */
declare const self: ServiceWorkerGlobalScope;

/** The precached shell, for a visit to a page never seen before when the network is gone. */
const SHELL = '/index.html';

// The bidder app's files of this build (vite.config.ts keeps the console's and the board's out).
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false });
// No cleanupOutdatedCaches(): it removes the caches of Workbox versions before 5, which no phone of
// Gavel's ever had, and would weigh in the first load's budget.

/**
 * The network's answer when there is one (a price must never come from the phone's copy while
 * the server can be asked), and the last answer kept for this caller and body when there is not.
 * Only the read calls of reads.ts come here; their answers are kept under a key of their own,
 * since the Cache API files GET requests only.
 */
class KeptRead extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const url = new URL(request.url);
    const caller = callerOf(request.headers.get('authorization'));
    const key =
      caller === null ? null : readKey({ url, method: request.method, caller, body: await request.clone().text() });
    try {
      const response = await handler.fetch(request);
      if (key && response.ok) await handler.cachePut(key, response.clone());
      return response;
    } catch (error) {
      const kept = key ? await handler.cacheMatch(key) : undefined;
      if (kept) return kept;
      throw error;
    }
  }
}

/**
 * A kept copy when there is one, else the network's (kept for next time by the plugins' rule).
 * Workbox's CacheFirst and NetworkFirst do the same with checks and messages for development that
 * weigh about a kilobyte in the worker, which counts in the first load's budget.
 */
class KeptFirst extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const kept = await handler.cacheMatch(request);
    if (kept) return kept;
    const response = await handler.fetch(request);
    await handler.cachePut(request, response.clone());
    return response;
  }
}

/** How long a page waits for the network before the kept copy is shown. */
const PAGE_TIMEOUT_MS = 4_000;

/** The network's page; when it fails or is slow, the page's last copy, else the precached shell. */
class PageFirst extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const network = handler.fetch(request).then(async (response) => {
      if (response.ok) await handler.cachePut(request, response.clone());
      return response;
    });
    const slow = new Promise<undefined>((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS));
    const first = await Promise.race([network.catch(() => undefined), slow]);
    if (first) return first;
    const kept = (await handler.cacheMatch(request)) ?? (await matchPrecache(SHELL));
    if (kept) return kept;
    return network;
  }
}

const keptReads = new KeptRead({
  cacheName: READS_CACHE,
  plugins: [keepAtMost(400)],
});
const sameOrigin = (url: URL) => url.origin === self.location.origin;
for (const method of ['GET', 'POST'] as const)
  registerRoute(({ request, url }) => sameOrigin(url) && isKeptRead(request.method, url), keptReads, method);

/**
 * Pictures never change at their address (the id is a hash of the bytes), so a kept copy is good.
 * Only one the server calls immutable is kept: a resized copy not made yet is answered with the
 * original and `no-cache` (features/media/routes.ts), and the copy must come once it is made.
 */
const lastingOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && /\bimmutable\b/.test(response.headers.get('cache-control') ?? '') ? response : null,
};
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/'),
  new KeptFirst({ cacheName: 'gavel-media', plugins: [lastingOnly, keepAtMost(300)] }),
);

/**
 * A visit to a page of the bidder app: the server's page (it may carry the event's data, and is
 * never older than the server's), the last copy of it when the network is slow or gone, and the
 * precached shell for a page never seen.
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isAppPage(url.pathname),
  new PageFirst({ cacheName: 'gavel-pages', plugins: [keepAtMost(30)] }),
);

// A new version waits until the bidder takes the offer to reload (pwa/register.ts), so an open app
// keeps the scripts it was started with.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING')
    void self.skipWaiting();
});
// The first version takes the open page at once, so what it shows is kept from the start.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
