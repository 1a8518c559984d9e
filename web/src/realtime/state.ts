import { createContext, useContext } from 'react';

/** The live hub connection's state, provided by LiveProvider. */
export type LiveState = 'connected' | 'disconnected' | 'reconnecting' | 'off';
export const LiveContext = createContext<LiveState>('off');
export const useLiveState = () => useContext(LiveContext);

/**
 * How long a cached answer stays fresh: for ever while the hub is connected (live messages patch
 * it, and a reconnect refetches everything), else `offline` ms.
 */
export function useLiveStaleTime(offline = 5_000): number {
  return useLiveState() === 'connected' ? Infinity : offline;
}
