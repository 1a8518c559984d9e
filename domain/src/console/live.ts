import type { Problem } from '../api/common';
import { liveWords } from '../api/console-live';
import { MAX_ITEM_UNITS } from '../items/rules';
import type { Cents } from '../money';

/**
 * The live auction's rules: what a clerk's entry of a sale is checked against before it is saved.
 * Some refusals stand whoever asks (a fund-a-need item is not sold, an item has only so many
 * units); the others are warnings staff may overrule, since the auctioneer's word in the room is
 * what happened (a lot sold below its starting bid, a bidder whose bidding was stopped).
 */

export interface SaleItemFacts {
  itemnum: string;
  name: string;
  itemisliveonly: boolean;
  /** A fund-a-need item's levels (cents); empty for any other item. */
  paddlelevels: readonly Cents[];
  startingbid: Cents;
  quantity: number;
  quantitysold: number;
  unlimitedquantity: boolean;
}

export interface SaleBidderFacts {
  biddernumber: number;
  name: string;
  authorizebidder: boolean;
}

export interface SaleCheck {
  /** A refusal no one may overrule, at its field; null when there is none. */
  refusal: Problem | null;
  /** What staff may save anyway (`override`), each at its field. */
  warnings: Problem[];
}

/** Whether an item is a fund-a-need (paddle raise): it has giving levels. */
export const isFundANeed = (item: Pick<SaleItemFacts, 'paddlelevels'>): boolean => item.paddlelevels.length > 0;

/** Units of an item still to sell (an unlimited item never runs out). */
export function unitsLeft(item: Pick<SaleItemFacts, 'quantity' | 'quantitysold' | 'unlimitedquantity'>): number {
  return item.unlimitedquantity ? MAX_ITEM_UNITS : Math.max(0, item.quantity - item.quantitysold);
}

/** The checks of a live sale, in the order the clerk would fix them. */
export function checkLiveSale(
  item: SaleItemFacts,
  bidder: SaleBidderFacts,
  sale: { amount: Cents; quantity: number },
): SaleCheck {
  const left = unitsLeft(item);
  const refusal: Problem | null = isFundANeed(item)
    ? { path: 'itemnum', message: liveWords.fundANeed(item) }
    : left === 0
      ? { path: 'itemnum', message: liveWords.soldOut(item) }
      : sale.quantity > left
        ? { path: 'quantity', message: liveWords.tooMany(item, left) }
        : null;
  const warnings: Problem[] = [];
  if (!item.itemisliveonly) warnings.push({ path: 'itemnum', message: liveWords.notLive(item) });
  if (sale.amount < item.startingbid)
    warnings.push({ path: 'amount', message: liveWords.belowStart(sale.amount, item.startingbid) });
  if (!bidder.authorizebidder) warnings.push({ path: 'biddernumber', message: liveWords.notAuthorized(bidder) });
  return { refusal, warnings };
}
