/**
 * What the page does when a new deployment's service worker is ready. The new worker waits (the
 * open app keeps the scripts and lazy pages of the build it started with), the bidder is offered a
 * reload, and only their yes activates it; the page reloads once the new worker has taken over.
 * Kept apart from workbox-window so the rule can be tested without a browser.
 */

/** The few lifecycle events of workbox-window's `Workbox` this needs. */
export interface UpdateEvent {
  /** A worker already controlled this page when it registered: the one now taking over is newer than the page. */
  isUpdate?: boolean;
}

export interface UpdateSource {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: UpdateEvent) => void): void;
  /** Tells the waiting worker to activate (it answers the SKIP_WAITING message, web/src/sw/sw.ts). */
  messageSkipWaiting(): void;
}

export interface UpdateHooks {
  /** Shows the offer; `accept` is what its Reload button runs. */
  offer: (accept: () => void) => void;
  reload: () => void;
}

export function offerUpdates(source: UpdateSource, { offer, reload }: UpdateHooks): void {
  let offered = false;
  let accepted = false;
  let reloading = false;
  source.addEventListener('waiting', () => {
    if (offered) return;
    offered = true;
    offer(() => {
      accepted = true;
      source.messageSkipWaiting();
    });
  });
  // The new worker took over (this tab's Reload, or another tab's): this page's scripts are the old
  // build's, whose lazy files the new worker no longer keeps, so it reloads, once. The first worker
  // ever to take a page is no update, and that page goes on as it is.
  source.addEventListener('controlling', (event) => {
    if (reloading || !(accepted || event.isUpdate)) return;
    reloading = true;
    reload();
  });
}
