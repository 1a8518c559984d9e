/**
 * A Workbox plugin that keeps a runtime cache to its newest `max` entries. The Cache API lists
 * entries in the order they were written (a rewrite moves one to the end), so the oldest go first.
 * In place of workbox-expiration, whose IndexedDB bookkeeping would add 2 KB to the worker, and so
 * to the first load's script budget (e2e/bundle-size.spec.ts).
 */
export function keepAtMost(max: number) {
  return {
    cacheDidUpdate: async ({ cacheName }: { cacheName: string }): Promise<void> => {
      const cache = await caches.open(cacheName);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
    },
  };
}
