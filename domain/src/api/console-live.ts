import { z } from 'zod';
import { rowId } from '../bounds';
import { BID_CAP, MAX_ITEM_UNITS } from '../items/rules';
import { formatMoney, money, moneyIn } from '../money';
import { bidderNumber } from './console-bidders';
import { consoleEventParams } from './console-events';
import { itemnumText } from './console-items';

/**
 * The live auction at the console: sales the auctioneer calls (a live-only item, a bidder's
 * paddle number, the hammer price) entered by a clerk, and the fund-a-need (paddle raise), whose
 * pledges go on each bidder's balance. Amounts are dollars on the wire, cents inside.
 */

/** The most units one live sale may take: as many as an item may have. */
export const liveQuantity = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_ITEM_UNITS, 'must be at most 1,000,000');

/** A hammer price or a pledge: above $0, two decimals, at most the bid cap. */
const amountIn = (what: string) => moneyIn(what, BID_CAP).refine((cents) => cents > 0, 'must be above $0');

export const liveSaleRequest = z.object({
  itemnum: itemnumText,
  biddernumber: bidderNumber,
  /** The price of one unit, as the auctioneer called it. */
  amount: amountIn('amount'),
  quantity: liveQuantity.default(1),
  /**
   * Save past the refusals staff may overrule (not a live item, below the starting bid, bidding
   * stopped); the audit log records that it was, and why. Never past an unknown item or bidder, nor
   * units the item no longer has.
   */
  override: z.boolean().default(false),
});
export type LiveSaleRequest = z.infer<typeof liveSaleRequest>;

export const pledgeRequest = z.object({
  itemnum: itemnumText,
  biddernumber: bidderNumber,
  /** Usually one of the item's levels; any amount above $0 is taken. */
  amount: amountIn('pledge'),
});
export type PledgeRequest = z.infer<typeof pledgeRequest>;

/** A saved sale or pledge. */
export const liveEntryResponse = z.object({ status: z.literal('success'), message: z.string(), id: z.number().int() });

/** A sale or pledge in a path. */
export const liveEntryParams = consoleEventParams.extend({ id: z.coerce.number<string>().pipe(rowId) });

export const pledgesQuery = z.object({
  /** The fund-a-need item to total; left out: the event's first. */
  itemnum: itemnumText.optional(),
});

/** Who a sale or pledge went to, and who entered it when. */
const entry = {
  id: z.number().int(),
  biddernumber: z.number().int(),
  biddername: z.string(),
  amount: money,
  /** The staff member who entered it ('' when they have left the staff). */
  enteredby: z.string(),
  /** When it was entered (ISO-8601). */
  at: z.string(),
};

export const liveSale = z.object({
  ...entry,
  itemnum: z.string(),
  itemname: z.string(),
  quantity: z.number().int(),
  /** In an order already (paid, or being paid): it can no longer be undone. */
  paid: z.boolean(),
});
export type LiveSale = z.infer<typeof liveSale>;

export const liveSaleItem = z.object({
  itemnum: z.string(),
  name: z.string(),
  location: z.string(),
  startingbid: money,
  fairmarketvalue: money,
  quantity: z.number().int(),
  /** Units still to sell. */
  left: z.number().int(),
  /** Every unit sold. */
  sold: z.boolean(),
  /** A sale entered for an item that is not live-only (saved anyway): listed so it can be seen and undone. */
  itemisliveonly: z.boolean(),
  sales: z.array(liveSale),
});
export type LiveSaleItem = z.infer<typeof liveSaleItem>;

export const liveSalesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  timezone: z.string(),
  /** The live-only items in item-number order (fund-a-need items are on their own page). */
  items: z.array(liveSaleItem),
  /** The queue: the first item with units left, null when every one is sold. */
  next: z.string().nullable(),
  /** The newest sales first, for undo. */
  recent: z.array(liveSale),
});
export type LiveSalesResponse = z.infer<typeof liveSalesResponse>;

export const pledge = z.object({
  ...entry,
  /** Paid at the checkout desk: it can no longer be undone. */
  settled: z.boolean(),
});
export type Pledge = z.infer<typeof pledge>;

export const fundANeedItem = z.object({
  itemnum: z.string(),
  name: z.string(),
  /** Highest first. */
  levels: z.array(money),
});
export type FundANeedItem = z.infer<typeof fundANeedItem>;

export const pledgesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  timezone: z.string(),
  /** The event's fund-a-need items. */
  items: z.array(fundANeedItem),
  /** The item totalled below; null when the event has none. */
  itemnum: z.string().nullable(),
  total: money,
  count: z.number().int(),
  /** How many pledges each level had, highest first; pledges of another amount are `othercount`. */
  levels: z.array(z.object({ amount: money, count: z.number().int() })),
  othercount: z.number().int(),
  /** The newest first. */
  recent: z.array(pledge),
});
export type PledgesResponse = z.infer<typeof pledgesResponse>;

/** The most recent sales and pledges the screens list (for undo). */
export const RECENT_LIVE_ENTRIES = 20;

interface Named {
  itemnum: string;
  name: string;
}
const itemName = (item: Named) => `item ${item.itemnum} (${item.name})`;
const bidderName = (b: { biddernumber: number; name: string }) => `bidder ${b.biddernumber} (${b.name})`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The live auction's sentences, shared by the server's refusals and the screens. */
export const liveWords = {
  noItem: (itemnum: string) => `There is no item ${itemnum} in this event.`,
  noBidder: (n: number) => `There is no bidder number ${n} in this event.`,
  fundANeed: (item: Named) => `${capital(itemName(item))} is a fund-a-need: take its paddles on the Fund-a-need page.`,
  notFundANeed: (item: Named) =>
    `${capital(itemName(item))} is not a fund-a-need item: give it levels in its item settings first.`,
  soldOut: (item: Named) => `${capital(itemName(item))} is already sold.`,
  tooMany: (item: Named, left: number) =>
    `Only ${left} of ${itemName(item)} ${left === 1 ? 'is' : 'are'} left to sell.`,
  notLive: (item: Named) => `${capital(itemName(item))} is not a live auction item.`,
  notAuthorized: (b: { biddernumber: number; name: string }) =>
    `${capital(bidderName(b))} may not bid: their bidding was stopped.`,
  belowStart: (amount: number, startingbid: number) =>
    `${formatMoney(amount)} is below the starting bid of ${formatMoney(startingbid)}.`,
  /** The last problem of a refusal staff may overrule: the screen offers "Save anyway". */
  saveAnyway: 'Staff may save it anyway.',
  sold: (item: Named, b: { biddernumber: number; name: string }, amount: number, quantity: number) =>
    `Sold ${quantity > 1 ? `${quantity} × ` : ''}${itemName(item)} to ${bidderName(b)} for ${formatMoney(amount)}${quantity > 1 ? ' each' : ''}.`,
  noSale: 'There is no such live sale in this event.',
  salePaid: 'This sale is in an order already (paid, or being paid), so it can no longer be undone.',
  undone: (item: Named, b: { biddernumber: number; name: string }) =>
    `Undid the sale of ${itemName(item)} to ${bidderName(b)}.`,
  pledged: (b: { biddernumber: number; name: string }, amount: number) =>
    `${capital(bidderName(b))} pledged ${formatMoney(amount)}.`,
  noPledge: 'There is no such pledge in this event.',
  pledgeSettled: 'This pledge has been paid at the desk, so it can no longer be undone.',
  pledgeUndone: (b: { biddernumber: number; name: string }, amount: number) =>
    `Undid the ${formatMoney(amount)} pledge of ${bidderName(b)}.`,
} as const;

/** The path of the problem that marks a refusal staff may overrule (with `override: true`). */
export const OVERRIDE_PATH = 'override';
