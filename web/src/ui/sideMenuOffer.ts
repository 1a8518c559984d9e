import { useSyncExternalStore } from 'react';

/**
 * Whether a screen has offered the side menu yet. The menu is loaded with the first screen whose
 * header has its button (the event home has none), and then stays, as it always did.
 */
let offered = false;
const listeners = new Set<() => void>();

export function offerSideMenu(): void {
  if (offered) return;
  offered = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSideMenuOffered(): boolean {
  return useSyncExternalStore(subscribe, () => offered);
}
