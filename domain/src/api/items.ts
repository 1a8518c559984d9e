import { z } from 'zod';
import { rowId } from '../bounds';
import { money } from '../money';
import { tenantBody } from './common';

export const bidStatus = z.enum(['biddingopen', 'biddingclosed', 'biddingnotopen']);

/** An auction item as the bidder sees it, with the caller's own fields. Money in cents (dollars on the wire). */
export const auctionItem = z.lazy(() =>
  z.object({
    itemid: z.number().int(),
    name: z.string(),
    description: z.string(),
    longdescription: z.string(),
    itemnum: z.string(),
    donatedby: z.string(),
    fairmarketvalue: money,
    ispriceless: z.boolean(),
    imageurl: z.string(),
    /**
     * Only when the list is asked with includethumbnail: the card's small copy of imageurl (a WebP
     * 400 pixels wide, domain/src/images.ts; the original until it is made); '' without an image.
     */
    thumbnailurl: z.string().optional(),
    tags: z.string(),
    location: z.string(),
    quantity: z.number().int(),
    quantityavailable: z.number().int(),
    unlimitedquantity: z.boolean(),
    /**
     * The most one bidder may buy, across all their purchases, 0 for no limit; to a signed-in bidder,
     * what they may still buy (buyNowView in items/rules.ts), with buyitnowavailable false once none.
     */
    maxpurchasequantity: z.number().int(),
    /** The item's own Buy It Now limit per bidder, 0 for none: with maxpurchasequantity it says why the quantity stops where it does. */
    maxpurchaseperbidder: z.number().int(),
    buyitnowonly: z.boolean(),
    buyitnowavailable: z.boolean(),
    buyitnowprice: money,
    itemisliveonly: z.boolean(),
    allowautobid: z.boolean(),
    startingbid: money,
    lastbid: money,
    currentbid: money,
    minimumbidincrease: money,
    /** The least the next bid may be. */
    minimumnextbid: money,
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
    accountautobidamount: money,
    accountautobidincrement: money,
    needscardtobid: z.boolean(),
    /** The caller's won-item id for this item, 0 when none. */
    historyid: z.number().int(),
  }),
);
export type AuctionItem = z.infer<typeof auctionItem>;

export const auctionItemsRequest = z.lazy(() => tenantBody.extend({ includethumbnail: z.boolean().optional() }));
export const auctionItemsResponse = z.lazy(() =>
  z.object({ status: z.literal('success'), auctionitems: z.array(auctionItem) }),
);
export type AuctionItemsResponse = z.infer<typeof auctionItemsResponse>;

export const itemRequest = z.lazy(() => tenantBody.extend({ itemid: rowId }));
export const itemDetailsResponse = z.lazy(() => z.object({ status: z.literal('success'), item: auctionItem }));
export type ItemDetailsResponse = z.infer<typeof itemDetailsResponse>;

export const itemPhotosResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    itemphotos: z.array(z.object({ photourl: z.string() })),
  }),
);

export const bidHistoryEntry = z.lazy(() =>
  z.object({
    biddername: z.string(),
    /** ISO-8601 time of the bid, and the same in the event's zone. */
    bidtime: z.string(),
    bidtimecst: z.string(),
    amount: money,
    isauto: z.boolean(),
    /** True for the caller's own bids. */
    mine: z.boolean(),
  }),
);
export type BidHistoryEntry = z.infer<typeof bidHistoryEntry>;
export const bidHistoryResponse = z.lazy(() =>
  z.object({ status: z.literal('success'), entries: z.array(bidHistoryEntry) }),
);

export const watchlistResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    itemid: z.number().int(),
    watchlist: z.boolean(),
  }),
);

export const itemOverviewResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    totalitems: z.number().int(),
    biddingon: z.number().int(),
    winning: z.number().int(),
    watching: z.number().int(),
    won: z.number().int(),
  }),
);
