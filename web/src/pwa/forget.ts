import { READS_CACHE } from '../sw/reads';

/**
 * Forgets every answer the service worker kept for a bidder (their standing, their profile): at
 * sign-out, or when someone else signs in on the phone, the next person never sees them offline.
 */
export function forgetKeptAnswers(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(READS_CACHE).catch(() => undefined);
}
