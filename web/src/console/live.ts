import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleArea } from '@gavel/domain';
import { openHub, type LiveState } from '../realtime/hub';
import { currentSession } from './session';

/**
 * The night's desks stay live while open: each page keys its queries with `nightKey`, and
 * `useConsoleLive` fetches them again when the hub says a desk it follows changed (`consolerefresh`),
 * when an item changed (the close and the live sale follow the items), and all of them after a
 * reconnect (the hub does not replay what was missed).
 */
export const nightKey = (eventcode: string, area: ConsoleArea, ...rest: unknown[]) => [
  'night',
  eventcode,
  area,
  ...rest,
];

/** Item changes the close and the live sales follow. */
const ITEM_AREAS: readonly ConsoleArea[] = ['close', 'live'];

export function useConsoleLive(eventcode: string | undefined, areas: readonly ConsoleArea[]): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('disconnected');
  const key = areas.join(',');
  useEffect(() => {
    if (!eventcode) return undefined;
    const followed = key.split(',') as ConsoleArea[];
    const refetch = (area: ConsoleArea) => void queryClient.invalidateQueries({ queryKey: nightKey(eventcode, area) });
    const hub = openHub({
      token: () => currentSession()?.token ?? null,
      eventcode,
      onState: setState,
      onMessage: (message) => {
        // A desk's change may show on another followed desk (a payment on pickup's list): fetch every followed one.
        if (message.type === 'consolerefresh' && followed.includes(message.area)) followed.forEach(refetch);
        if (message.type === 'itemupdate' || message.type === 'eventrefresh')
          for (const area of followed) if (ITEM_AREAS.includes(area)) refetch(area);
      },
      onReconnect: () => followed.forEach(refetch),
    });
    return () => hub.close();
  }, [eventcode, key, queryClient]);
  return state;
}

/** The small badge every live desk shows: whether what it shows follows the room. */
export function liveLabel(state: LiveState): string {
  if (state === 'connected') return 'Live';
  if (state === 'reconnecting') return 'Reconnecting…';
  return 'Offline: showing the last known state';
}
