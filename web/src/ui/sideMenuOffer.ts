import { useSyncExternalStore } from 'react';

/**
 * Whether the side menu has been asked for yet. It is drawn the first time its button is pressed,
 * not with the first screen: its Ionic parts (the menu, its list, an entry and icon for each page)
 * were one long task of 50 to 150 ms at Lighthouse's 4x, just after the item list had drawn, for a
 * menu most bidders never open. Once drawn it stays.
 */
let offered = false;
/** Set by the button's first press: the menu opens as soon as it is drawn. */
let openWhenDrawn = false;
/** The drawn menu's own toggle (SideMenu.tsx), so Ionic's menu controller loads with the menu. */
let toggleDrawn: (() => void) | null = null;
const listeners = new Set<() => void>();

/** The menu button's press: the first draws the menu and opens it once it is there; later ones open or close it. */
export function openSideMenu(): void {
  if (offered) {
    toggleDrawn?.();
    return;
  }
  offered = true;
  openWhenDrawn = true;
  for (const listener of listeners) listener();
}

/** Whether the menu, just drawn, should open (once: the press that drew it). */
export function takeOpenRequest(): boolean {
  const open = openWhenDrawn;
  openWhenDrawn = false;
  return open;
}

/** The drawn menu hands over its toggle (and takes it back when it goes). */
export function setSideMenuToggle(toggle: (() => void) | null): void {
  toggleDrawn = toggle;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSideMenuOffered(): boolean {
  return useSyncExternalStore(subscribe, () => offered);
}
