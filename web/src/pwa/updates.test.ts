import { describe, expect, it } from 'vitest';
import { offerUpdates, type UpdateEvent, type UpdateSource } from './updates';

/** A stand-in for workbox-window's Workbox: the test fires its lifecycle events. */
function worker() {
  const listeners: Record<string, Array<(event: UpdateEvent) => void>> = {};
  const seen = { skipWaiting: 0, offers: [] as Array<() => void>, reloads: 0 };
  const source: UpdateSource = {
    addEventListener: (type, listener) => (listeners[type] ??= []).push(listener),
    messageSkipWaiting: () => {
      seen.skipWaiting += 1;
    },
  };
  offerUpdates(source, { offer: (accept) => seen.offers.push(accept), reload: () => (seen.reloads += 1) });
  const fire = (type: 'waiting' | 'controlling', event: UpdateEvent = {}) => {
    for (const listener of listeners[type] ?? []) listener(event);
  };
  return { seen, fire };
}

describe('a new version of the app', () => {
  it('waits: it is offered once, and nothing happens until the bidder accepts', () => {
    const { seen, fire } = worker();
    fire('waiting', { isUpdate: true });
    fire('waiting', { isUpdate: true });
    expect(seen.offers).toHaveLength(1);
    expect(seen.skipWaiting).toBe(0);
    expect(seen.reloads).toBe(0);
  });

  it('on Reload, is told to take over, and the page reloads once when it has', () => {
    const { seen, fire } = worker();
    fire('waiting', { isUpdate: true });
    seen.offers[0]?.();
    expect(seen.skipWaiting).toBe(1);
    expect(seen.reloads).toBe(0);
    fire('controlling', { isUpdate: true });
    fire('controlling', { isUpdate: true });
    expect(seen.reloads).toBe(1);
  });

  it('reloads a page whose old version was replaced from another tab, but not a page the first worker just took', () => {
    const first = worker();
    first.fire('controlling', { isUpdate: false });
    expect(first.seen.reloads).toBe(0);
    const other = worker();
    other.fire('controlling', { isUpdate: true });
    expect(other.seen.reloads).toBe(1);
  });
});
