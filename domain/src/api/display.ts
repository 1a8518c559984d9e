import { z } from 'zod';
import { oneLine } from '../bounds';
import { money } from '../money';
import { codeSchema } from './common';
import { bidStatus } from './items';

/**
 * The display board's one call (spec store-and-display.md, section 7: "a GET of items by
 * auctioncode, eventcode and optional location"). It needs no sign-in and answers, besides the
 * items, a board token for the live hub (its event room only) and what the board shows around them.
 */
export const displayBoardQuery = z.lazy(() =>
  z.object({
    eventcode: codeSchema,
    auctioncode: codeSchema.optional(),
    location: z.string().trim().max(100, 'must be at most 100 characters').superRefine(oneLine).optional().default(''),
  }),
);
export type DisplayBoardQuery = z.infer<typeof displayBoardQuery>;

/** An item as the board shows it (spec section 3, "Auction display item", plus what its price line needs). */
export const displayItem = z.lazy(() =>
  z.object({
    itemid: z.number().int(),
    itemnum: z.string(),
    name: z.string(),
    imageurl: z.string(),
    donatedby: z.string(),
    description: z.string(),
    location: z.string(),
    startingbid: money,
    currentbid: money,
    lastbid: money,
    numberofbids: z.number().int(),
    /** The units the item is sold in (1 for a single item), so the board says what is left only where that tells something. */
    quantity: z.number().int(),
    quantityavailable: z.number().int(),
    quantityunlimited: z.boolean(),
    buyitnowonly: z.boolean(),
    buyitnowavailable: z.boolean(),
    buyitnowprice: money,
    fairmarketvalue: money,
    ispriceless: z.boolean(),
    itemisliveonly: z.boolean(),
    bidstatus: bidStatus,
    /** When the item closes: its own close, else the event's bidding close (ISO). */
    closing: z.string(),
  }),
);
export type DisplayItem = z.infer<typeof displayItem>;

/** A bid on the ticker: the bidder's number, or null when they bid anonymously. Never a name. */
export const displayBid = z.lazy(() =>
  z.object({
    itemid: z.number().int(),
    itemname: z.string(),
    biddernumber: z.number().int().nullable(),
    amount: money,
    bidtime: z.string(),
  }),
);
export type DisplayBid = z.infer<typeof displayBid>;

export const displayTotal = z.lazy(() =>
  z.object({
    /** False when the organizer hides the total. */
    show: z.boolean(),
    raised: money,
    /** 0 means no goal bar. */
    goal: money,
  }),
);
export type DisplayTotal = z.infer<typeof displayTotal>;

export const displayBoardResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    /** A board token of the event, for /hubs/auction: it opens the event's room and nothing else. */
    token: z.string(),
    eventname: z.string(),
    eventcode: z.string(),
    auctioncode: z.string(),
    logourl: z.string(),
    sponsorurl: z.array(z.string()),
    /** The location as the items spell it ('' for all). */
    location: z.string(),
    biddingopens: z.string(),
    biddingcloses: z.string(),
    /** The server's clock, so the countdown ends on time whatever the board's clock says. */
    servertime: z.string(),
    /** The server's version: a board reloads itself when it changes (a new release). */
    version: z.string(),
    /** Where a phone bids: the full address, the short one printed under the code, and the code (SVG). */
    bidurl: z.string(),
    bidurlshort: z.string(),
    qrsvg: z.string(),
    /** The organizer's line for the detail view ('' for none). */
    message: z.string(),
    total: displayTotal,
    /** The latest bids on these items, newest first. */
    recentbids: z.array(displayBid),
    items: z.array(displayItem),
  }),
);
export type DisplayBoardResponse = z.infer<typeof displayBoardResponse>;
