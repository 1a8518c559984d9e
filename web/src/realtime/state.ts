import { createContext, useContext } from 'react';
import type { LiveState } from './hub';

/** The live hub connection's state, provided by LiveProvider. */
export const LiveContext = createContext<LiveState>('off');

/**
 * How long a cached answer stays fresh: for ever while the hub is connected (live messages patch
 * it, and a reconnect refetches everything), not at all while the connection is lost (what was
 * shown meanwhile, perhaps the service worker's copy, is fetched again as soon as the network is
 * back), else `offline` ms.
 */
export function useLiveStaleTime(offline = 5_000): number {
  const state = useContext(LiveContext);
  if (state === 'connected') return Infinity;
  return state === 'off' ? offline : 0;
}
