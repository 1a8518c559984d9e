/**
 * The won items the bidder left checked on the Cart page, kept for the checkout page in the
 * tab's session storage (per event), as the spec's "stored cart items" that checkout clears.
 */
const storeKey = (eventcode: string) => `gavel.checkout-selection:${eventcode}`;

export function storeCheckoutSelection(eventcode: string, historyids: readonly number[]): void {
  try {
    sessionStorage.setItem(storeKey(eventcode), JSON.stringify(historyids));
  } catch {
    // Private browsing may refuse storage; checkout then offers every won item.
  }
}

/** The stored selection, or null when there is none (checkout then takes every won item). */
export function readCheckoutSelection(eventcode: string): Set<number> | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(storeKey(eventcode)) ?? 'null');
    if (!Array.isArray(raw)) return null;
    return new Set(raw.filter((id): id is number => Number.isInteger(id)));
  } catch {
    return null;
  }
}

export function clearCheckoutSelection(eventcode: string): void {
  try {
    sessionStorage.removeItem(storeKey(eventcode));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
