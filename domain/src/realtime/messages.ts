import { z } from 'zod';
import { money } from '../money';
import { auctionItem } from '../api/items';
import { NOTIFICATION_KINDS } from '../api/event';

/**
 * Messages of the live hub (/hubs/auction). The server emits them as 'ReceiveJSON' with a `type`;
 * clients may send 'SendJSON'. Item changes carry the event and auction codes so a client applies
 * only its own event's; bid answers go only to the bidder concerned.
 */
export const HUB_PATH = '/hubs/auction';
export const RECEIVE = 'ReceiveJSON';
export const SEND = 'SendJSON';

const codes = { eventcode: z.string(), auctioncode: z.string() };

/** Why the hub refuses a connection: the client sees the words as its connect_error's message. */
export const hubRefusals = {
  tokenRequired: 'A login token is required.',
  tokenExpired: 'Token has expired',
  tokenInvalid: 'The token is not valid.',
  unavailable: 'The live connection is unavailable. Please try again.',
  tooManyForToken: 'Too many live connections with this sign-in. Please close another tab or screen and try again.',
  tooManyForAddress: 'Too many live connections from this network. Please try again in a moment.',
} as const;

/**
 * A refusal that passes with time (a socket of the same token still closing, a busy network, a
 * database restarting): a client tries again a while later. Socket.IO does not retry a
 * connection the server refused, so the clients do it themselves.
 */
export function isPassingRefusal(message: string): boolean {
  return (
    message === hubRefusals.unavailable ||
    message === hubRefusals.tooManyForToken ||
    message === hubRefusals.tooManyForAddress
  );
}

/** The public part of an item that changes with bids: what everyone in the event may see. */
export const liveItem = z.object({
  itemid: z.number().int(),
  currentbid: money,
  lastbid: money,
  minimumnextbid: money,
  numberofbids: z.number().int(),
  closing: z.string(),
  closingcst: z.string(),
  bidstatus: z.enum(['biddingopen', 'biddingclosed', 'biddingnotopen']),
  quantityavailable: z.number().int(),
  buyitnowavailable: z.boolean(),
});
export type LiveItem = z.infer<typeof liveItem>;

/**
 * A bid as everyone in the event sees it: the bidder's public name and their number for the
 * display board, both as the public rules give them (publicBidderName, boardBidderNumber: an
 * anonymous bidder is 'Anonymous Bidder' with no number). Never an internal id: the event's room
 * reaches every guest and every display board, and an id would link an anonymous bidder's bids
 * to each other and to their named ones. A phone learns which bids are its own from `mybids`.
 */
export const liveBidEntry = z.object({
  biddername: z.string(),
  /** The bidder's number for the display board's ticker; null when they bid anonymously. */
  biddernumber: z.number().int().nullable(),
  bidtime: z.string(),
  bidtimecst: z.string(),
  amount: money,
  isauto: z.boolean(),
});
export type LiveBidEntry = z.infer<typeof liveBidEntry>;

/**
 * A bid of an `itemupdate`'s history, with its number on its item (`bidno`: 1 for the item's
 * first bid), by which `mybids` names a bidder's own. The number says nothing the item's count of
 * bids does not already say, and nothing of who placed it.
 */
export const liveHistoryEntry = liveBidEntry.extend({ bidno: z.number().int().positive() });
export type LiveHistoryEntry = z.infer<typeof liveHistoryEntry>;

/** The night's desks a console screen follows live (consolerefresh's `area`). */
export const CONSOLE_AREAS = ['checkin', 'close', 'live', 'desk', 'chargeall', 'pickup'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export const hubMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('eventrefresh'), ...codes }),
  z.object({ type: z.literal('cartrefresh'), ...codes }),
  z.object({ type: z.literal('eventcode'), ...codes }),
  z.object({ type: z.literal('emailValidation'), valid: z.boolean(), ...codes }),
  z.object({ type: z.literal('forcelogout'), message: z.string(), ...codes }),
  /** To everyone in the event: an item changed; `history` holds the bids it gained, newest first. */
  z.object({ type: z.literal('itemupdate'), item: liveItem, history: z.array(liveHistoryEntry).optional(), ...codes }),
  /**
   * To one bidder, after the `itemupdate` that carried them: which of its new bids are theirs
   * (automatic bids the engine placed for them included), so their pages mark them as their own.
   */
  z.object({
    type: z.literal('mybids'),
    itemid: z.number().int(),
    bidnos: z.array(z.number().int().positive()),
    ...codes,
  }),
  /** To one bidder: their standing on an item changed (outbid, leading, won); pages patch from it. */
  z.object({
    type: z.literal('itembid'),
    itemid: z.number().int(),
    status: z.enum(['leading', 'outbid', 'won', 'lost']),
    currentlywinningbid: z.boolean(),
    ...codes,
  }),
  /** To one bidder: the answer to their own bid with their own view of the item, for their other open tabs. */
  z.object({
    type: z.literal('submitbid'),
    itemid: z.number().int(),
    message: z.string(),
    item: auctionItem,
    ...codes,
  }),
  z.object({ type: z.literal('eventclosing'), closesat: z.string(), ...codes }),
  /** To the console screens open on the event: what one of the night's desks shows changed; they fetch it again. */
  z.object({ type: z.literal('consolerefresh'), area: z.enum(CONSOLE_AREAS), ...codes }),
  /** To everyone in the event: the total raised changed (the display board's total and goal bar). */
  z.object({ type: z.literal('eventtotal'), raised: money, ...codes }),
  z.object({ type: z.literal('updateUser'), ...codes }),
  z.object({ type: z.literal('itemmessage'), itemid: z.number().int(), message: z.string(), ...codes }),
  /**
   * To one bidder: a notice shown until dismissed. Item notices carry the item, their kind (so an
   * outbid notice can offer 'Bid again') and when they were sent; organizer notices need none.
   */
  z.object({
    type: z.literal('notification'),
    title: z.string(),
    message: z.string(),
    itemid: z.number().int().optional(),
    itemname: z.string().optional(),
    kind: z.enum(NOTIFICATION_KINDS).optional(),
    senttime: z.string().optional(),
    ...codes,
  }),
]);
export type HubMessage = z.infer<typeof hubMessage>;
export type HubMessageType = HubMessage['type'];

/** What a client may send. Anything else is ignored (and logged). */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('eventcode'), eventcode: z.string().max(40) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Does a message belong to this event? Codes compare case-insensitively. */
export function isForEvent(
  message: { eventcode: string; auctioncode: string },
  eventcode: string,
  auctioncode: string,
): boolean {
  return (
    message.eventcode.toLowerCase() === eventcode.toLowerCase() &&
    message.auctioncode.toLowerCase() === auctioncode.toLowerCase()
  );
}
