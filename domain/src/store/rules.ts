import { INT4_MAX } from '../bounds';
import type { Cents } from '../money';
import { formatMoney } from '../money';
import { processingFee } from '../payments/fees';

/**
 * The event store's rules (spec store-and-display.md, sections 4, 5 and 9): what a buyer may hold,
 * what a promo code takes off, what the order comes to, and the spec's words for each refusal.
 * The server decides with these; the store page shows the same sums before it asks.
 */

/** Item type code 4: a free item (a volunteer ticket), shown FREE and never charged. */
export const FREE_ITEM_TYPE = 4;
/** A cart holds its units this long after its last real change (never past its lifetime), unless the organizer says otherwise. */
export const DEFAULT_HOLD_MINUTES = 15;
/** Spec: donation cap 100000, whole dollars. */
export const MAX_STORE_DONATION: Cents = 100_000 * 100;
/** Spec: quantity changes are sent 100 ms after the last tap. */
export const QUANTITY_DEBOUNCE_MS = 100;
/** The most of one item a single cart line can ask for, whatever the stock. */
export const MAX_LINE_QUANTITY = 10_000;
/**
 * A cart's absolute lifetime, in holds: renewals keep a hold going, but never past this many
 * holds from the cart's first item (twice `holdminutes`). Without it a script touching a cart every
 * minute could keep the stock it holds off sale for the whole event.
 */
export const HOLD_LIFETIME_HOLDS = 2;
/**
 * Live carts holding units that one address may have in an event at once. A venue's phones share
 * one public address (its Wi-Fi), so this is set for a room of buyers shopping at the same moment,
 * not for one person: 50 carts of 2 tickets each is a sold-out table section, while one address
 * can no longer open carts by the thousand and hold every unit.
 */
export const MAX_HOLDING_CARTS_PER_ADDRESS = 50;

export const storeMessages = {
  cartExpired: 'Cart Expired. Please reload the page',
  cartExpiresIn: 'Cart Expires in',
  maxTitle: 'Max quantity per transaction exceeded',
  maxText: "We're sorry, but the max quantity per transaction was exceeded:",
  insufficientTitle: 'Insuffcient Quantity Available',
  offline: "We're having trouble connecting to the internet",
  completeTitle: 'Complete Registration',
  completeText:
    'Click OK to submit your guest registration information. If you have any changes to make later, use the Update Registration link found in your purchase receipt email or contact the event organizer.',
  backToEvent: 'Back to Event Home',
  soldOut: 'SOLD OUT',
  free: 'FREE',
  // Checkout, in the spec's order (section 5).
  invalidCard: 'Please enter a valid credit card.',
  firstRequired: 'First name is required for checkout.',
  lastRequired: 'Last name is required for checkout.',
  addressRequired: 'Address is required for checkout.',
  cityRequired: 'City is required for checkout.',
  stateRequired: 'State is required for checkout.',
  zipRequired: 'Zip is required for checkout.',
  zipInvalid: 'Please enter a valid zip.',
  invalidEmail: 'Please enter a valid email.',
  // The server's own refusals.
  noItems: 'Your cart is empty. Please add an item before checking out.',
  alreadyCheckedOut: 'This cart has already been checked out.',
  checkoutPending:
    'We are confirming your payment with the card processor. Please wait a moment and reload the page; you will not be charged twice.',
  totalChanged: 'Your total has changed since this page was loaded. Please review the new total and try again.',
  billMeOff: 'Bill Me is not available for this event. Please pay by card.',
  freeOnlyAtZero: 'FREE is only for an order whose total is $0.00.',
  notFree: 'This order has nothing to pay. Please choose FREE.',
  noProcessor: 'Card payments are not set up for this store. Please contact the event organizer.',
  itemNotFound: 'This item is not in this store. Please reload the page.',
  checkedOutLocked: 'This cart has been checked out and can no longer change.',
  thanksTitle: 'Thank you for your purchase!',
  thanksText: 'Your receipt is on its way to your email.',
  billMeThanks: 'Your order is saved. The organizer will bill you later; your receipt is on its way to your email.',
  promoUnknown: 'This promo code is not valid.',
  promoNotYet: 'This promo code is not valid yet.',
  promoExpired: 'This promo code has expired.',
  promoUsedUp: 'This promo code has been used up.',
  promoNoItems: 'This promo code does not apply to the items in your cart.',
  promoApplied: 'Promo code applied.',
  promoRemoved: 'Promo code removed.',
  storeClosed: 'Online sales for this event have closed. Thank you for your support!',
  promoRanOut:
    'This promo code has just been used up, so your total has changed. Please review the new total and try again.',
  tooManyCarts:
    'Too many carts on your network are holding items right now. Please check out or empty one of them, or try again in a few minutes.',
} as const;

/** A store order's number as the receipts and the organizer's reports name it: 'S-2'. */
export const storeOrderNumber = (orderid: number) => `S-${orderid}`;

/**
 * The confirmation's heading after a store checkout: 'Thank you — order S-2 is confirmed' once the
 * order is final (paid, Bill Me or free); a card payment still being confirmed is only placed.
 */
export function storeConfirmation(orderid: number, status: 'success' | 'pending' | 'requires_action'): string {
  const number = storeOrderNumber(orderid);
  return status === 'success'
    ? `Thank you — order ${number} is confirmed`
    : `Thank you — order ${number} is placed; your payment is being confirmed`;
}

/** 'Max 4' line of the max-quantity dialog. */
export const maxLine = (n: number) => `${n} Max`;
/** '2 Remaining' line of the insufficient-quantity dialog. */
export const remainingLine = (n: number) => `${n} Remaining`;

/** What the store knows of an item's stock at one moment. */
export interface Stock {
  quantity: number;
  unlimited: boolean;
  /** Units sold: paid, free, and Bill Me orders not yet paid. */
  sold: number;
  /** Units in other buyers' live carts (unexpired, or waiting for the processor). */
  held: number;
}

/**
 * Units a buyer may still take: quantity − sold − held. An unlimited item has always enough for a
 * line, until its sold count (an int4) would pass INT4_MAX: then it is sold out, not an error.
 */
export function available(stock: Stock): number {
  if (stock.unlimited) return Math.max(0, Math.min(MAX_LINE_QUANTITY, INT4_MAX - stock.sold - stock.held));
  return Math.max(0, stock.quantity - stock.sold - stock.held);
}

/** The price a line is charged at now: the item's price, 0 for a free item whatever its price says. */
export function currentPrice(item: { price: Cents; itemtypecode: number }): Cents {
  return item.itemtypecode === FREE_ITEM_TYPE ? 0 : item.price;
}

/** On a whole second, earlier: a cart token's exp is whole seconds, and must be the same instant as the hold's end. */
const wholeSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** The latest a cart's hold can ever run to: HOLD_LIFETIME_HOLDS holds after its first item. */
export function holdLifetimeEnd(firstItemAt: Date, holdMinutes: number): Date {
  return wholeSecond(firstItemAt.getTime() + HOLD_LIFETIME_HOLDS * holdMinutes * 60_000);
}

/**
 * When a hold started or renewed at `now` ends: `holdMinutes` from now, but never past the cart's
 * lifetime (none yet while it has never held an item). A cart past its lifetime therefore has a
 * hold that has already ended, and expires like any other.
 */
export function renewedHoldEnd(now: Date, holdMinutes: number, firstItemAt: Date | null): Date {
  const end = wholeSecond(now.getTime() + holdMinutes * 60_000);
  if (!firstItemAt) return end;
  const limit = holdLifetimeEnd(firstItemAt, holdMinutes);
  return end < limit ? end : limit;
}

/** Why a quantity cannot be put in the cart, before stock is looked at; undefined when it may. */
export function quantityProblem(quantity: number, maxPerTransaction: number): { kind: 'max'; max: number } | undefined {
  if (maxPerTransaction > 0 && quantity > maxPerTransaction) return { kind: 'max', max: maxPerTransaction };
  return undefined;
}

export interface PromoCode {
  kind: 'percent' | 'amount';
  /** Percent in basis points (15% = 1500), or an amount in cents. */
  value: number;
  validfrom: Date | null;
  validuntil: Date | null;
  /** null: no limit. */
  maxuses: number | null;
  /** Store item ids it applies to; empty: every item. */
  itemIds: number[];
}

export interface PricedLine {
  itemId: number;
  quantity: number;
  price: Cents;
}

/**
 * Why a code cannot be used now; undefined when it can. Its uses are the orders that took it
 * (paid, Bill Me, or a card charge under way): a cart that merely applied it holds nothing.
 */
export function promoProblem(promo: PromoCode, lines: PricedLine[], uses: number, now: Date): string | undefined {
  if (promo.validfrom && now < promo.validfrom) return storeMessages.promoNotYet;
  if (promo.validuntil && now > promo.validuntil) return storeMessages.promoExpired;
  if (promo.maxuses !== null && uses >= promo.maxuses) return storeMessages.promoUsedUp;
  if (eligibleSubtotal(promo, lines) <= 0) return storeMessages.promoNoItems;
  return undefined;
}

function eligibleSubtotal(promo: PromoCode, lines: PricedLine[]): Cents {
  const eligible = promo.itemIds.length === 0 ? lines : lines.filter((l) => promo.itemIds.includes(l.itemId));
  return eligible.reduce((sum, l) => sum + l.price * l.quantity, 0);
}

/**
 * What a code takes off: a percent of the lines it applies to (rounded half up to the cent), or
 * a fixed amount; never more than those lines come to.
 */
export function promoDiscount(promo: PromoCode, lines: PricedLine[]): Cents {
  const base = eligibleSubtotal(promo, lines);
  if (base <= 0) return 0;
  const off = promo.kind === 'percent' ? Math.floor((base * promo.value + 5_000) / 10_000) : promo.value;
  return Math.min(base, off);
}

export interface StoreAmounts {
  subtotal: Cents;
  discount: Cents;
  donation: Cents;
  fee: Cents;
  total: Cents;
}

/**
 * Spec section 9: fee = ccfee percent of (subtotal + donation − discount), when the buyer covers it;
 * total = subtotal + donation + fee − discount.
 */
export function storeAmounts(input: {
  lines: PricedLine[];
  discount: Cents;
  donation: Cents;
  coverFee: boolean;
  percent: number;
}): StoreAmounts {
  const subtotal = input.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const discount = Math.min(input.discount, subtotal);
  const base = subtotal + input.donation - discount;
  const fee = input.coverFee ? processingFee(base, input.percent) : 0;
  return { subtotal, discount, donation: input.donation, fee, total: base + fee };
}

/** The fee checkbox's label: 'Add 3.00% to cover card processing fees ($1.23)'. */
export function feeLabel(percent: number, fee: Cents): string {
  return `Add ${percent.toFixed(2)}% to cover card processing fees (${formatMoney(fee)})`;
}

/** Whole dollars, capped at 100000 (spec section 5): what the donation box keeps of what was typed. */
export function readStoreDonation(typed: string): Cents {
  if (typed.trim().startsWith('-')) return 0;
  const digits = typed.replace(/[^\d.]/g, '').split('.')[0] ?? '';
  const dollars = digits === '' ? 0 : Number(digits);
  return Math.min(MAX_STORE_DONATION, Math.max(0, dollars) * 100);
}

/**
 * The countdown's words: 'Cart Expires in 14m 05s', '1h 00m 05s', '2d 03h 00m 09s'; leading
 * units dropped while zero, the expired words at zero.
 */
export function cartCountdown(msLeft: number): string {
  const total = Math.ceil(msLeft / 1000);
  if (total <= 0) return storeMessages.cartExpired;
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3_600);
  const m = Math.floor((total % 3_600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const parts =
    d > 0
      ? [`${d}d`, `${two(h)}h`, `${two(m)}m`, `${two(s)}s`]
      : h > 0
        ? [`${h}h`, `${two(m)}m`, `${two(s)}s`]
        : m > 0
          ? [`${m}m`, `${two(s)}s`]
          : [`${s}s`];
  return `${storeMessages.cartExpiresIn} ${parts.join(' ')}`;
}

/** Guest registration follows a purchase with seats in a store whose Registration tab is on. */
export function registersGuests(
  lines: Array<{ seats: number }>,
  settings: { tabs: Array<{ tabname: string; enabled: boolean }> },
): boolean {
  return lines.some((l) => l.seats > 0) && settings.tabs.some((t) => t.tabname === 'Registration' && t.enabled);
}
