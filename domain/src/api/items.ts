import { z } from 'zod';
import { tenantBody } from './common';

export const bidStatus = z.enum(['biddingopen', 'biddingclosed', 'biddingnotopen']);

/** An auction item as the bidder sees it, with the caller's own fields. Money in dollars. */
export const auctionItem = z.object({
  itemid: z.number().int(),
  name: z.string(),
  description: z.string(),
  longdescription: z.string(),
  itemnum: z.string(),
  donatedby: z.string(),
  fairmarketvalue: z.number(),
  ispriceless: z.boolean(),
  imageurl: z.string(),
  tags: z.string(),
  location: z.string(),
  quantity: z.number().int(),
  quantityavailable: z.number().int(),
  unlimitedquantity: z.boolean(),
  maxpurchasequantity: z.number().int(),
  buyitnowonly: z.boolean(),
  buyitnowavailable: z.boolean(),
  buyitnowprice: z.number(),
  itemisliveonly: z.boolean(),
  allowautobid: z.boolean(),
  startingbid: z.number(),
  lastbid: z.number(),
  currentbid: z.number(),
  minimumbidincrease: z.number(),
  /** The least the next bid may be. */
  minimumnextbid: z.number(),
  numberofbids: z.number().int(),
  bidstatus: bidStatus,
  /** ISO-8601 close, and the same in the event's zone as 'MM-DD-YYYY h:mm A'. */
  closing: z.string(),
  closingcst: z.string(),
  featured: z.number().int(),
  watchlist: z.boolean(),
  currentlywinningbid: z.boolean(),
  accountbiddingon: z.boolean(),
  accountisautobid: z.boolean(),
  accountautobidamount: z.number(),
  accountautobidincrement: z.number(),
  needscardtobid: z.boolean(),
  /** The caller's won-item id for this item, 0 when none. */
  historyid: z.number().int(),
});
export type AuctionItem = z.infer<typeof auctionItem>;

export const auctionItemsRequest = tenantBody.extend({ includethumbnail: z.boolean().optional() });
export const auctionItemsResponse = z.object({ status: z.literal('success'), auctionitems: z.array(auctionItem) });
export type AuctionItemsResponse = z.infer<typeof auctionItemsResponse>;

export const itemRequest = tenantBody.extend({ itemid: z.number().int().positive() });
export const itemDetailsResponse = z.object({ status: z.literal('success'), item: auctionItem });
export type ItemDetailsResponse = z.infer<typeof itemDetailsResponse>;

export const itemPhotosResponse = z.object({ status: z.literal('success'), itemphotos: z.array(z.object({ photourl: z.string() })) });

export const bidHistoryEntry = z.object({
  biddername: z.string(),
  /** ISO-8601 time of the bid, and the same in the event's zone. */
  bidtime: z.string(),
  bidtimecst: z.string(),
  amount: z.number(),
  isauto: z.boolean(),
  /** True for the caller's own bids. */
  mine: z.boolean(),
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntry>;
export const bidHistoryResponse = z.object({ status: z.literal('success'), entries: z.array(bidHistoryEntry) });

export const watchlistResponse = z.object({ status: z.literal('success'), itemid: z.number().int(), watchlist: z.boolean() });

export const itemOverviewResponse = z.object({
  status: z.literal('success'),
  totalitems: z.number().int(),
  biddingon: z.number().int(),
  winning: z.number().int(),
  watching: z.number().int(),
  won: z.number().int(),
});

const dollarsIn = z.number().min(0, 'must not be negative');

/** Place a bid, an automatic bid, or Buy It Now. */
export const submitBidRequest = tenantBody.extend({
  itemid: z.number().int().positive(),
  userid: z.number().int().optional(),
  bid: dollarsIn.optional(),
  buyitnow: z.boolean().default(false),
  quantity: z.number().int().min(1, 'Quantity must be at least 1.').max(1_000_000).optional(),
  autobid: z.boolean().default(false),
  maxbid: dollarsIn.optional(),
  increment: dollarsIn.optional(),
});
export type SubmitBidRequest = z.input<typeof submitBidRequest>;

export const submitBidResponse = z.object({
  status: z.literal('success'),
  /** Empty for a plain success; otherwise a note to show. */
  message: z.string(),
  historyid: z.number().int(),
  item: auctionItem,
});
export type SubmitBidResponse = z.infer<typeof submitBidResponse>;

export const maxBidRequest = tenantBody.extend({
  itemid: z.number().int().positive(),
  maxbid: dollarsIn,
  increment: dollarsIn,
});

export const cartItem = z.object({
  historyid: z.number().int(),
  itemid: z.number().int(),
  name: z.string(),
  itemnum: z.string(),
  imageurl: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  checked: z.boolean(),
  kind: z.enum(['bid', 'buynow']),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartResponse = z.object({
  status: z.literal('success'),
  auctionswon: z.array(cartItem),
  auctionsopen: z.array(auctionItem),
});
export type CartResponse = z.infer<typeof cartResponse>;

export const orderItem = z.object({
  checkoutid: z.number().int(),
  itemid: z.number().int(),
  name: z.string(),
  pickupinstructions: z.string(),
  itemnum: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  location: z.string(),
});
export type OrderItem = z.infer<typeof orderItem>;
export const ordersResponse = z.object({ status: z.literal('success'), orderitems: z.array(orderItem) });
export type OrdersResponse = z.infer<typeof ordersResponse>;
