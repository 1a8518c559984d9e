import { z } from 'zod';
import { plainText, rowId } from '../bounds';
import { isPickupCode, normalPickupCode } from '../console/pickup-code';
import { consoleEventParams } from './console-events';

/**
 * The pickup desk (auction night): a bidder's pickup code (on their receipt) opens the items to hand
 * over; the desk marks them collected; the pickup list shows every won item by location.
 */

/** A pickup code as typed or scanned: spaces, dashes and small letters are forgiven. */
export const pickupCode = plainText(40)
  .transform(normalPickupCode)
  .refine(isPickupCode, 'is not a pickup code: 6 letters and digits, as on the receipt');

export const consolePickupParams = consoleEventParams.extend({ code: pickupCode });

/** A won item at the pickup desk. `historyid` is the won item's id (the cart's and checkout's). */
export const pickupItem = z.object({
  historyid: z.number().int(),
  itemnum: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Where it waits ('' when the item names no location). */
  location: z.string(),
  /** The item's pickup instructions, else the event's. */
  pickupinstructions: z.string(),
  /** Paid for: by card on the phone, at the checkout desk, or a Bill Me order since paid. */
  paid: z.boolean(),
  /** When it was handed over (ISO-8601 in the event's zone), and by whom; null and '' while it waits. */
  collectedat: z.string().nullable(),
  collectedby: z.string(),
});
export type PickupItem = z.infer<typeof pickupItem>;

export const pickupBidder = z.object({
  bidderid: z.number().int(),
  biddernumber: z.number().int(),
  name: z.string(),
});

/** GET pickups/:code: the bidder and their won items, by location then item number. */
export const consolePickupResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  code: z.string(),
  /** The event's time zone, in which the desk shows when items were collected. */
  timezone: z.string(),
  bidder: pickupBidder,
  items: z.array(pickupItem),
});
export type ConsolePickupResponse = z.infer<typeof consolePickupResponse>;

/** The most items one hand-over marks: more than any bidder wins. */
export const PICKUP_MAX_ITEMS = 500;

export const collectPickupRequest = z.object({
  /** The won items handed over (their historyids). */
  itemids: z
    .array(rowId)
    .min(1, 'choose at least one item')
    .max(PICKUP_MAX_ITEMS, `must be at most ${PICKUP_MAX_ITEMS} items`),
  /** Hand over items not paid for yet (staff or owner; recorded in the audit log). */
  override: z.boolean().default(false),
});
export type CollectPickupRequest = z.infer<typeof collectPickupRequest>;

/** POST pickups/:code: the items now as after the hand-over, which were marked now and which were already. */
export const collectPickupResponse = consolePickupResponse.extend({
  collected: z.array(z.number().int()),
  already: z.array(z.number().int()),
});
export type CollectPickupResponse = z.infer<typeof collectPickupResponse>;

export const PICKUP_COLLECTED_STATES = ['all', 'yes', 'no'] as const;

export const pickupListQuery = z.object({
  /** One location ('' = items without one); left out, every location. */
  location: plainText(200).optional(),
  /** Collected ('yes'), still waiting ('no'), or both. */
  collected: z.enum(PICKUP_COLLECTED_STATES, { error: 'must be all, yes or no' }).default('all'),
});

/** A won item on the pickup list: the item, whose it is, paid or not, collected or not. */
export const pickupListItem = pickupItem.omit({ pickupinstructions: true }).extend({
  bidderid: z.number().int(),
  biddernumber: z.number().int(),
  biddername: z.string(),
});
export type PickupListItem = z.infer<typeof pickupListItem>;

export const pickupListResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  timezone: z.string(),
  /** Every location that has won items, for the filter (whatever the filter chose). */
  locations: z.array(z.string()),
  items: z.array(pickupListItem),
});
export type PickupListResponse = z.infer<typeof pickupListResponse>;

/** GET /pickupqr?code=: the QR of a pickup code, as a PNG (receipts and the bidder's order history show it). */
export const pickupQrQuery = z.object({ code: pickupCode });

const itemsNamed = (items: Array<{ itemnum: string; name: string }>) =>
  items.map((i) => `${i.name} (#${i.itemnum})`).join(', ');

/** The pickup desk's sentences, shared by the server's answers and the screen. */
export const pickupWords = {
  unknownCode: (code: string) => `No bidder in this event has the pickup code ${code}. Check the code on the receipt.`,
  notTheirs: (ids: number[]) =>
    `${ids.length === 1 ? 'Item' : 'Items'} ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not this bidder's.`,
  notPaid: (items: Array<{ itemnum: string; name: string }>) =>
    `Not paid yet: ${itemsNamed(items)}. Send the bidder to the checkout desk first.`,
  collected: (n: number) => (n === 1 ? 'Marked 1 item collected.' : `Marked ${n} items collected.`),
  already: (items: Array<{ itemnum: string; name: string }>) => `Already collected: ${itemsNamed(items)}.`,
  noLocation: 'No location',
} as const;
