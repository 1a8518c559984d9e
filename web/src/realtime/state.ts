import { createContext, useContext } from 'react';
import type { LiveState } from './hub';

/** The live hub connection's state, provided by LiveProvider. */
export const LiveContext = createContext<LiveState>('off');

/**
 * How long a cached answer stays fresh: for ever while the hub is connected (live messages patch
 * it, and a reconnect refetches everything), else `offline` ms.
 */
export function useLiveStaleTime(offline = 5_000): number {
  return useContext(LiveContext) === 'connected' ? Infinity : offline;
}
