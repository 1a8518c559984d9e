import type { StoreItem, StoreSetupResponse, StoreTab, StoreTabName } from '@gavel/domain';

/**
 * How the store's tabs follow one another (spec store-and-display.md, section 4): in the server's
 * order; Next and Back pass over a disabled tab and over Merchandise when it has nothing to sell;
 * the Registration tab counts as enabled once the cart is checked out.
 */

/** A section is shown only when it has items with an id above 0 (spec section 2); so are its items. */
export function shownItems(items: readonly StoreItem[]): StoreItem[] {
  return items.filter((i) => i.id > 0);
}

export function hasItems(tab: StoreTab): boolean {
  return tab.sections.some((s) => shownItems(s.data).length > 0);
}

export function tabEnabled(tab: StoreTab, hascheckedout: boolean): boolean {
  return tab.enabled || (tab.tabname === 'Registration' && hascheckedout);
}

/** Once checked out the hold no longer matters: the countdown stops while Registration is enabled. */
export function registrationOpen(setup: StoreSetupResponse): boolean {
  return setup.hascheckedout || setup.tabs.some((t) => t.tabname === 'Registration' && t.enabled);
}

function passedOver(tab: StoreTab, hascheckedout: boolean): boolean {
  return !tabEnabled(tab, hascheckedout) || (tab.tabname === 'Merchandise' && !hasItems(tab));
}

/** The tab Next (1) or Back (-1) goes to from `current`, or null when there is none. */
export function stepTab(setup: StoreSetupResponse, current: StoreTabName, direction: 1 | -1): StoreTabName | null {
  const tabs = setup.tabs;
  for (let i = tabs.findIndex((t) => t.tabname === current) + direction; i >= 0 && i < tabs.length; i += direction) {
    const tab = tabs[i];
    if (tab && !passedOver(tab, setup.hascheckedout)) return tab.tabname;
  }
  return null;
}

/** The tab the store opens on: Cart when checked out or asked for (the route's cart param), else the first. */
export function firstTab(setup: StoreSetupResponse, cartParam: string | undefined): StoreTabName | null {
  const usable = setup.tabs.filter((t) => !passedOver(t, setup.hascheckedout));
  const cart = usable.find((t) => t.tabname === 'Cart');
  if (cart && (setup.hascheckedout || cartParam === 'cart')) return cart.tabname;
  return usable[0]?.tabname ?? setup.tabs[0]?.tabname ?? null;
}

/** How many units the cart holds, over every tab (an item listed twice counts once). */
export function unitsInCart(setup: StoreSetupResponse): number {
  const held = new Map<number, number>();
  for (const tab of setup.tabs)
    for (const s of tab.sections) for (const i of shownItems(s.data)) held.set(i.id, i.cartquantity);
  return [...held.values()].reduce((sum, n) => sum + n, 0);
}
