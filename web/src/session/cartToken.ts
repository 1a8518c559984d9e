import { useSyncExternalStore } from 'react';
import { tokenPayload } from './token';

/**
 * The event store's cart tokens, one per event, kept apart from the login tokens (spec
 * store-and-display.md, section 3: "The store cart token is held separately from the login
 * token"). A visitor needs no account for the store; the cart token's `exp` is the end of the
 * cart's hold. Pages that show the hold subscribe, so a renewed token restarts their countdown.
 */
const CART_PREFIX = 'gavel.cart:';

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

function cartTokenKey(eventcode: string): string {
  return `${CART_PREFIX}${eventcode.toLowerCase()}`;
}

/** The event's cart token, or null. */
export function readCartToken(eventcode: string): string | null {
  if (!eventcode) return null;
  try {
    return localStorage.getItem(cartTokenKey(eventcode));
  } catch {
    return null;
  }
}

export function storeCartToken(eventcode: string, token: string): void {
  if (!eventcode || !token) return;
  localStorage.setItem(cartTokenKey(eventcode), token);
  changed();
}

export function clearCartToken(eventcode: string): void {
  if (!eventcode || readCartToken(eventcode) === null) return;
  localStorage.removeItem(cartTokenKey(eventcode));
  changed();
}

/** When the cart's hold ends, in milliseconds since the epoch (the token's exp); null when unreadable. */
export function cartExpiresAt(token: string): number | null {
  const exp = tokenPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The event's cart token as it changes (stored, renewed, cleared). */
export function useCartToken(eventcode: string): string | null {
  return useSyncExternalStore(subscribe, () => readCartToken(eventcode));
}
