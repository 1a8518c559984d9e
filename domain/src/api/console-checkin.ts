import { z } from 'zod';
import { INT4_MAX, plainText, rowId } from '../bounds';
import { addConsoleBidderRequest, consoleBidderParams } from './console-bidders';
import { paymentProcessorInfo, processorCode, updateCardRequest } from './payments';

/**
 * The check-in desk (auction night): find a bidder by what they say or show (name, email, phone,
 * bidder number, the check-in code on their phone, the store receipt's order number), check them
 * in, add a walk-up, and get a card on file for those without one.
 */

/** What the bidder app's "My check-in code" QR holds: the bidder number, already public on the paddle. */
export const CHECKIN_CODE_PREFIX = 'gavel-bidder:';
export const checkinCode = (biddernumber: number) => `${CHECKIN_CODE_PREFIX}${biddernumber}`;

/** What a typed or scanned search names: a bidder number, a store order (S-12), or text to look for. */
export type CheckinSearch =
  | { kind: 'all' }
  | { kind: 'number'; number: number }
  | { kind: 'order'; orderid: number }
  | { kind: 'text'; text: string };

const wholeNumber = (digits: string): number | undefined => {
  const n = Number(digits);
  return n >= 1 && n <= INT4_MAX ? n : undefined;
};

/**
 * Reads what the desk typed or scanned. A check-in code (`gavel-bidder:12`) is the bidder
 * number; a store receipt's order number (`S-12`, storeOrderNumber) finds its buyer; anything else
 * is searched as text (a number typed alone is also a bidder number: the text search says so).
 */
export function readCheckinSearch(q: string): CheckinSearch {
  const text = q.trim();
  if (text === '') return { kind: 'all' };
  const code = new RegExp(`^${CHECKIN_CODE_PREFIX}(\\d{1,10})$`, 'i').exec(text);
  const number = code?.[1] === undefined ? undefined : wholeNumber(code[1]);
  if (number !== undefined) return { kind: 'number', number };
  const order = /^s-(\d{1,10})$/i.exec(text);
  const orderid = order?.[1] === undefined ? undefined : wholeNumber(order[1]);
  if (orderid !== undefined) return { kind: 'order', orderid };
  return { kind: 'text', text };
}

export const checkinsQuery = z.object({
  /** A name, an email, phone digits, a bidder number, a scanned check-in code or a store order number. */
  q: plainText(200).trim().optional().default(''),
});

/** A bidder as the check-in desk lists them. `bidderid` is the account id (the bidder sign-in's `userid`). */
export const checkinBidder = z.object({
  bidderid: z.number().int(),
  biddernumber: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Desk-added bidders are not verified until they follow their sign-in link. */
  emailverified: z.boolean(),
  /** When (ISO-8601 in the event's zone) and by whom; null when not checked in. */
  checkedin: z.object({ at: z.string(), by: z.string() }).nullable(),
  /** The card on file for the event's processor, or null. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type CheckinBidder = z.infer<typeof checkinBidder>;

export const checkinCounters = z.object({
  registered: z.number().int(),
  checkedin: z.number().int(),
  withcard: z.number().int(),
  withoutcard: z.number().int(),
});
export type CheckinCounters = z.infer<typeof checkinCounters>;

/** The most bidders one search answers: a desk reads a screenful, and the next key narrows it. */
export const CHECKIN_RESULTS_MAX = 25;

export const checkinsResponse = z.object({
  status: z.literal('success'),
  /** What the search found when it was not a plain text search ("Order S-12 was bought by …"), else ''. */
  message: z.string(),
  counters: checkinCounters,
  bidders: z.array(checkinBidder),
  /** More matched than are listed: type more to narrow the search. */
  more: z.boolean(),
  /** The event's zone, for showing check-in times. */
  timezone: z.string(),
  /** The event's card entry, for adding a card at the desk. */
  cards: z.object({
    takescards: z.boolean(),
    paymentprocessorcode: processorCode,
    paymentprocessorinfo: paymentProcessorInfo,
  }),
});
export type CheckinsResponse = z.infer<typeof checkinsResponse>;

export const checkinRequest = z.object({ bidderid: rowId });

/** A check-in's answer: the bidder as now listed. */
export const checkinResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidder: checkinBidder,
});
export type CheckinResponse = z.infer<typeof checkinResponse>;

export const checkinParams = consoleBidderParams;

/**
 * A walk-up: a new bidder at the door, checked in at once. The add-bidder rules and fields (a
 * look-alike is a 409 warning unless `confirm`), without choosing a number: the next free one.
 */
export const walkupRequest = addConsoleBidderRequest.omit({ bidderdisplaynumber: true });
export type WalkupRequest = z.infer<typeof walkupRequest>;

/** The walk-up form: what is typed (confirm is the warning's second press). */
export const walkupForm = walkupRequest.omit({ confirm: true });

export const walkupResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidderid: z.number().int(),
  biddernumber: z.number().int(),
});
export type WalkupResponse = z.infer<typeof walkupResponse>;

/** A card typed at the desk into the event's card form: its processor token. */
export const deskCardRequest = updateCardRequest.pick({ processortoken: true });

export const deskCardResponse = checkinResponse;

/** The check-in desk's sentences, shared by the server and the screen. */
export const checkinWords = {
  notRegistered: 'There is no such bidder in this event.',
  noCards: 'This event does not take cards yet: its payment processor is not set up.',
  confirmByPhone:
    'This card needs the bidder to confirm it with their bank. Send them the card link to add it on their phone.',
  orderNotBidder: (order: string, email: string) =>
    `Order ${order} was bought with ${email}, which is not a bidder in this event. Add them as a walk-up.`,
  orderFound: (order: string, email: string) => `Order ${order} was bought with ${email}.`,
  noOrder: (order: string) => `There is no order ${order} in this event's store.`,
} as const;
