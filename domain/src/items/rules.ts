import { INT4_MAX } from '../bounds';
import { buyNowLimit } from '../catalog/catalog';
import type { Cents } from '../money';
import { formatMoney } from '../money';

/**
 * An auction item's rules, in cents and instants, for the server (which applies them to rows and
 * to SQL), the web (which shows them) and the tests. The API shapes are built from these.
 */
/** The most a bid or a maximum may be: $1,000,000.00. */
export const BID_CAP: Cents = 1_000_000_00;

export type BidStatus = 'biddingopen' | 'biddingclosed' | 'biddingnotopen';

export interface ItemTimes {
  /** The item's own close, when it has one; else the event's bidding close applies. */
  closing: Date | null;
  /** Set once the item is closed (by the sweeper, or sold out by Buy It Now). */
  closedAt: Date | null;
}

export interface EventBiddingTimes {
  biddingopens: Date;
  biddingcloses: Date;
  extendedbiddingminutes: number;
  extendedbiddinglatest: Date | null;
}

export interface ItemStock {
  quantity: number;
  quantitysold: number;
  unlimitedquantity: boolean;
}

export interface ItemBuyNow extends ItemStock {
  buyitnowonly: boolean;
  buyitnowavailable: boolean;
  buyitnowprice: Cents;
  currentbid: Cents | null;
}

/** When bidding on the item ends: its own close, else the event's bidding close. */
export function itemCloses(item: Pick<ItemTimes, 'closing'>, event: Pick<EventBiddingTimes, 'biddingcloses'>): Date {
  return item.closing ?? event.biddingcloses;
}

export function itemBidStatus(
  item: ItemTimes,
  event: Pick<EventBiddingTimes, 'biddingopens' | 'biddingcloses'>,
  now: Date,
): BidStatus {
  if (item.closedAt) return 'biddingclosed';
  if (now < event.biddingopens) return 'biddingnotopen';
  if (now >= itemCloses(item, event)) return 'biddingclosed';
  return 'biddingopen';
}

/** Units left to sell; 0 for unlimited items, which never run out. */
export function quantityAvailable(item: ItemStock): number {
  return item.unlimitedquantity ? 0 : Math.max(0, item.quantity - item.quantitysold);
}

export function isSoldOut(item: ItemStock): boolean {
  return noneLeft({ quantityavailable: quantityAvailable(item), unlimitedquantity: item.unlimitedquantity });
}

/** Sold out, as told by an item's API shape (units left, and whether they are unlimited). */
export function noneLeft(item: { quantityavailable: number; unlimitedquantity: boolean }): boolean {
  return !item.unlimitedquantity && item.quantityavailable <= 0;
}

/** Buy It Now is offered while units remain and bidding has not passed the price. */
export function buyNowAvailable(item: ItemBuyNow): boolean {
  if (!(item.buyitnowonly || item.buyitnowavailable) || item.buyitnowprice <= 0) return false;
  if (isSoldOut(item)) return false;
  return item.buyitnowonly || (item.currentbid ?? 0) < item.buyitnowprice;
}

/**
 * The most units one item's count or one purchase ever holds: an item's quantity and its
 * maxpurchasequantity are imported up to this, so no purchase needs more.
 */
export const MAX_ITEM_UNITS = 1_000_000;

/**
 * What one bidder may still buy of an item: `maxpurchasequantity` limits a bidder across all
 * their purchases (not each purchase, or three purchases of five would take fifteen). Null when the
 * item sets no limit (0).
 */
export function buyNowAllowance(maxpurchasequantity: number, bought: number): number | null {
  if (maxpurchasequantity <= 0) return null;
  return Math.max(0, maxpurchasequantity - bought);
}

/**
 * An item's Buy It Now fields as one bidder sees them (spec: the quantity picker goes up to
 * maxpurchasequantity): maxpurchasequantity is what they may still buy (0 still means no limit),
 * and Buy It Now is not offered to a bidder who has reached the limit. `bought` 0 for a guest.
 */
export function buyNowView(
  item: ItemBuyNow & { maxpurchasequantity: number },
  bought: number,
): { maxpurchasequantity: number; buyitnowavailable: boolean } {
  const allowance = buyNowAllowance(item.maxpurchasequantity, bought);
  return { maxpurchasequantity: allowance ?? 0, buyitnowavailable: buyNowAvailable(item) && allowance !== 0 };
}

/** The spec does not word these; they say what the bidder may still do, as its bid messages do. */
export const buyNowMessages = {
  atMost: (n: number) => `You can buy at most ${n} of this item.`,
  atMostMore: (n: number) => `You can buy at most ${n} more of this item.`,
  limitReached: (max: number) => `You have reached the limit of ${max} for this item.`,
  soldOut: () => 'This item is sold out.',
};

/**
 * Why one bidder cannot buy `quantity` units of the item now, or null: their allowance across
 * purchases, the item's limit for one purchase within what is left (buyNowLimit), and what the
 * sold count (an integer column) can still hold, so that no purchase makes it overflow.
 * `bought`: the units this bidder has already bought of the item.
 */
export function buyNowQuantityProblem(
  item: ItemStock & { maxpurchasequantity: number },
  bought: number,
  quantity: number,
): string | null {
  const allowance = buyNowAllowance(item.maxpurchasequantity, bought);
  if (allowance === 0) return buyNowMessages.limitReached(item.maxpurchasequantity);
  const perPurchase = buyNowLimit({
    maxpurchasequantity: item.maxpurchasequantity,
    quantityavailable: quantityAvailable(item),
    unlimitedquantity: item.unlimitedquantity,
  });
  const room = INT4_MAX - item.quantitysold;
  const most = Math.min(perPurchase, allowance ?? perPurchase, room);
  if (quantity <= most) return null;
  // Only an unlimited item's count can fill up; it can then sell no more.
  if (most <= 0) return buyNowMessages.soldOut();
  return bought > 0 && most === allowance ? buyNowMessages.atMostMore(most) : buyNowMessages.atMost(most);
}

/**
 * Extended bidding: a bid in the last N minutes moves the close to N minutes after it, never past
 * the latest allowed. Undefined when the close stays where it is.
 */
export function extendedClose(item: Pick<ItemTimes, 'closing'>, event: EventBiddingTimes, now: Date): Date | undefined {
  const minutes = event.extendedbiddingminutes;
  if (minutes <= 0) return undefined;
  const closes = itemCloses(item, event);
  const pushed = new Date(now.getTime() + minutes * 60_000);
  if (pushed <= closes) return undefined;
  const latest = event.extendedbiddinglatest;
  const target = latest && pushed > latest ? latest : pushed;
  return target > closes ? target : undefined;
}

/** How a bidder appears in a public bid history: first name and initial, or anonymous. */
export function publicBidderName(
  row: { firstname: string; lastname: string; bidanonymously: boolean; bidderdisplaynumber: number },
  allowAnonymous: boolean,
): string {
  if (row.bidanonymously && allowAnonymous) return 'Anonymous Bidder';
  const first = row.firstname.trim();
  if (!first) return `Bidder ${row.bidderdisplaynumber}`;
  const initial = row.lastname.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** How a bidder appears on the display board's ticker: their number, or null (shown as 'Anonymous'). */
export function boardBidderNumber(
  row: { bidanonymously: boolean; bidderdisplaynumber: number },
  allowAnonymous: boolean,
): number | null {
  return row.bidanonymously && allowAnonymous ? null : row.bidderdisplaynumber;
}

/** The spec's words for a bid that cannot be placed; the engine and the bid forms both use them. */
export const bidMessages = {
  belowMinimum: (min: Cents) => `Please adjust the bid amount. The minimum bid for this item is ${formatMoney(min)}.`,
  maxBelowMinimum: (min: Cents) => `Maximum bid price must be at least ${formatMoney(min)}`,
  incrementBelowMinimum: (min: Cents) => `Desired bid increment must be at least ${formatMoney(min)}`,
  maxBelowCurrentMax: (floor: Cents) =>
    `Please adjust the max bid amount. The minimum bid for this item is ${formatMoney(floor)}.`,
  aboveCap: () => `Bids cannot be above ${formatMoney(BID_CAP)}.`,
  incrementAboveCap: () => `The bid increment cannot be above ${formatMoney(BID_CAP)}.`,
  noAmount: () => 'Please enter your bid amount.',
  noMaximum: () => 'Please enter your maximum bid.',
};

/** An amount a bidder typed, read as the spec reads a bid input, with what reading it changed. */
export interface TypedAmount {
  cents: Cents;
  /** Above the cap: brought down to $1,000,000.00. */
  capped: boolean;
  /** More than two decimals: rounded to whole cents. */
  rounded: boolean;
  /** What was typed, trimmed. */
  typed: string;
}

/**
 * What a bidder typed: dollars capped at 1,000,000 and rounded to two decimals, in cents, with
 * whether either happened (the bidder is shown the corrected amount before confirming); null when
 * nothing, or no amount, was typed.
 */
export function readTypedAmount(input: string): TypedAmount | null {
  const typed = input.trim();
  const text = typed.replace(/[$,\s]/g, '');
  if (!text) return null;
  const dollars = Number(text);
  if (!Number.isFinite(dollars) || dollars < 0) return null;
  const exact = Math.round(dollars * 100);
  const rounded = Math.abs(dollars * 100 - exact) > 1e-6;
  return { cents: Math.min(exact, BID_CAP), capped: exact > BID_CAP, rounded: rounded && exact <= BID_CAP, typed };
}

/** What the bidder is told about an amount that was changed in reading it; empty when none. */
export function amountCorrections(what: string, amount: TypedAmount | null): string[] {
  if (!amount) return [];
  if (amount.capped)
    return [`You typed ${amount.typed} as your ${what}; the most it may be is ${formatMoney(BID_CAP)}.`];
  if (amount.rounded)
    return [`You typed ${amount.typed} as your ${what}; it is rounded to ${formatMoney(amount.cents)}.`];
  return [];
}

/** Quick bids: the minimum and a step or two above it, never above the cap. */
export function quickBids(minimumNextBid: Cents, minimumbidincrease: Cents): Cents[] {
  const step = defaultIncrement(minimumbidincrease);
  const all = [minimumNextBid, minimumNextBid + step, minimumNextBid + 2 * step].filter((c) => c <= BID_CAP);
  return [...new Set(all)];
}

/** The increment a bidder starts from: the item's minimum increase, or $1 when it has none. */
export function defaultIncrement(minimumbidincrease: Cents): Cents {
  return minimumbidincrease > 0 ? minimumbidincrease : 100;
}

/** A manual bid's problem before it is sent, in the engine's words; null when it may be sent. */
export function manualBidProblem(amount: Cents, minimum: Cents): string | null {
  if (amount > BID_CAP) return bidMessages.aboveCap();
  return amount < minimum ? bidMessages.belowMinimum(minimum) : null;
}

/** An automatic bid's problem before it is sent; null when it may be sent. */
export function autoBidProblem(max: Cents, increment: Cents, minimum: Cents, minimumIncrement: Cents): string | null {
  if (max > BID_CAP) return bidMessages.aboveCap();
  if (max < minimum) return bidMessages.maxBelowMinimum(minimum);
  return increment < minimumIncrement ? bidMessages.incrementBelowMinimum(minimumIncrement) : null;
}

/** A leader's change of maximum: not below what stands, increment not below their own. */
export function maxBidProblem(max: Cents, increment: Cents, currentMax: Cents, currentIncrement: Cents): string | null {
  if (max > BID_CAP) return bidMessages.aboveCap();
  if (max < currentMax) return bidMessages.maxBelowCurrentMax(currentMax);
  return increment < currentIncrement ? bidMessages.incrementBelowMinimum(currentIncrement) : null;
}
