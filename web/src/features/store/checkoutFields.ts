import type { BillingForm, StoreCheckoutFields } from '@gavel/domain';
import { tokenPayload } from '../../session/token';

/**
 * The Cart tab's billing fields outside React: where each one is on the page (so the first
 * problem can be scrolled to and focused), and the billing details typed so far, kept in the tab's
 * session storage under the event and the cart so a reload does not lose them. Never the card:
 * it lives only in the processor's entry.
 */

type CheckoutFieldName = keyof StoreCheckoutFields;

/** The element id of a checkout field's wrapper ('card' is the card entry). */
export function checkoutFieldId(name: CheckoutFieldName): string {
  return `store-checkout-${name}`;
}

/** Brings a checkout field into view and puts the cursor in it. */
export function focusCheckoutField(name: CheckoutFieldName): void {
  const wrapper = document.getElementById(checkoutFieldId(name));
  if (!wrapper) return;
  // At once, and to the top of the view (with its scroll margin): there Ionic's scroll assist finds
  // the field clear of the keyboard and only focuses it, instead of scrolling again beside us.
  wrapper.scrollIntoView({ block: 'start', behavior: 'auto' });
  // A field's input, the state's select, or the card entry's iframe (or Stripe's element).
  const target = wrapper.querySelector<HTMLElement>('input:not([type=hidden]), select, iframe');
  target?.focus({ preventScroll: true });
}

const BILLING: readonly (keyof BillingForm)[] = ['first', 'last', 'address', 'city', 'state', 'zip', 'email'];
const DRAFT_PREFIX = 'gavel.store-billing:';
const draftPrefix = (eventcode: string) => `${DRAFT_PREFIX}${eventcode.toLowerCase()}:`;

/** The cart a cart token is for (its `cartid` claim), or null. */
export function cartIdOf(token: string | null): number | null {
  const id = token ? tokenPayload(token)?.cartid : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The billing details typed for this cart, field by field (only those kept). */
export function readBillingDraft(eventcode: string, cartid: number): Partial<BillingForm> {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(`${draftPrefix(eventcode)}${cartid}`) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return {};
    const draft: Partial<BillingForm> = {};
    for (const [key, value] of Object.entries(raw)) {
      const field = BILLING.find((f) => f === key);
      if (field && typeof value === 'string') draft[field] = value.slice(0, 300);
    }
    return draft;
  } catch {
    return {};
  }
}

/** Keeps the billing details typed for this cart (its billing fields only, never the card). */
export function keepBillingDraft(
  eventcode: string,
  cartid: number,
  billing: Partial<Record<keyof BillingForm, string | undefined>>,
): void {
  try {
    const kept = Object.fromEntries(BILLING.map((f) => [f, billing[f] ?? '']));
    sessionStorage.setItem(`${draftPrefix(eventcode)}${cartid}`, JSON.stringify(kept));
  } catch {
    // Private browsing may refuse storage: the details are then only on the page.
  }
}

/** Forgets the event's kept billing details (the cart was checked out), except `keep`'s. */
export function clearBillingDraft(eventcode: string, keep?: number): void {
  try {
    const prefix = draftPrefix(eventcode);
    const gone: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(prefix) && key !== `${prefix}${keep ?? ''}`) gone.push(key);
    }
    for (const key of gone) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
