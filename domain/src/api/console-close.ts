import { z } from 'zod';
import { plainText } from '../bounds';
import { CLOSE_SCOPES, type CloseTarget, EXTEND_MINUTES } from '../console/close';
import { money } from '../money';
import { apiStatus } from './common';
import { itemnumText } from './console-items';

/**
 * The console's close calls (auction night): the close panel, closing now, extending, and
 * reopening an item closed by mistake. Times are ISO-8601 in the event's zone; amounts dollars.
 */

/** One item as the close panel shows it: its close, its state, and who is winning it. */
export const consoleCloseItem = z.object({
  itemnum: z.string(),
  name: z.string(),
  location: z.string(),
  /** When it closes (or closed): its own close, else the event's bidding close. */
  closing: z.string(),
  ownclosing: z.boolean(),
  /** Closed: bidding on it has ended (recorded, or past its close and being recorded now). */
  state: z.enum(['open', 'closed']),
  /** When the close was recorded; null while open or until the closing job records it. */
  closedat: z.string().nullable(),
  /** The leading bid; 0 before the first. */
  currentbid: money,
  numberofbids: z.number().int(),
  /** Who leads (or won): their full name and bidder number. */
  leader: z.object({ name: z.string(), biddernumber: z.number().int() }).nullable(),
  buyitnowonly: z.boolean(),
  /** Whether an owner may reopen it now: closed less than 30 minutes ago, not paid for or collected. */
  reopenable: z.boolean(),
  /** The last moment it may be reopened, while it may. */
  reopenuntil: z.string().nullable(),
});
export type ConsoleCloseItem = z.infer<typeof consoleCloseItem>;

/** A location's card: when its open items close (the first and the last), and how many are open. */
export const consoleCloseLocation = z.object({
  /** '' for the items without a location. */
  location: z.string(),
  closing: z.string().nullable(),
  lastclosing: z.string().nullable(),
  open: z.number().int(),
  closed: z.number().int(),
});
export type ConsoleCloseLocation = z.infer<typeof consoleCloseLocation>;

export const consoleCloseResponse = z.object({
  status: apiStatus,
  timezone: z.string(),
  /** The server's clock when it answered: countdowns run on it, not on the device's. */
  servertime: z.string(),
  biddingcloses: z.string(),
  eventcloses: z.string(),
  /** The total raised, as the display board counts it. */
  raised: money,
  /** Bids a minute over the last `ratewindow` minutes. */
  bidsperminute: z.number(),
  ratewindow: z.number().int(),
  /** Open items taking bids that have none yet. */
  withoutbids: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  locations: z.array(consoleCloseLocation),
  items: z.array(consoleCloseItem),
});
export type ConsoleCloseResponse = z.infer<typeof consoleCloseResponse>;

/** Minutes to push a close by, or to a reopened item's new close. */
export const closeMinutes = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(EXTEND_MINUTES.min, `must be at least ${EXTEND_MINUTES.min}`)
  .max(EXTEND_MINUTES.max, `must be at most ${EXTEND_MINUTES.max}`);

const targetFields = {
  scope: z.enum(CLOSE_SCOPES, { error: "must be 'all', 'location' or 'item'" }),
  /** The location of scope 'location' ('' for the items without one). */
  location: plainText(100).trim().optional(),
  /** The item of scope 'item'. */
  itemnum: itemnumText.optional(),
};

type TargetFields = { scope: CloseTarget['scope']; location?: string; itemnum?: string };

const namesItsTarget = (b: TargetFields, ctx: z.RefinementCtx) => {
  if (b.scope === 'location' && b.location === undefined)
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'name the location' });
  if (b.scope === 'item' && b.itemnum === undefined)
    ctx.addIssue({ code: 'custom', path: ['itemnum'], message: 'name the item' });
};

/** What a request's scope takes (the schema made sure the location or item is named). */
export function closeTargetOf(b: TargetFields): CloseTarget {
  if (b.scope === 'location') return { scope: 'location', location: b.location ?? '' };
  if (b.scope === 'item') return { scope: 'item', itemnum: b.itemnum ?? '' };
  return { scope: 'all' };
}

/** Close now; `preview` only counts what would close (for the confirmation) and writes nothing. */
export const consoleCloseRequest = z
  .object({ ...targetFields, preview: z.boolean().optional() })
  .strict()
  .superRefine(namesItsTarget);

export const consoleCloseAnswer = z.object({
  status: apiStatus,
  message: z.string(),
  preview: z.boolean(),
  /** How many items closed (or, in a preview, would close). */
  count: z.number().int(),
  itemnums: z.array(z.string()),
});
export type ConsoleCloseAnswer = z.infer<typeof consoleCloseAnswer>;

/** Push the close of the open items taken by the scope `minutes` later. */
export const consoleExtendRequest = z
  .object({ ...targetFields, minutes: closeMinutes })
  .strict()
  .superRefine(namesItsTarget);

export const consoleExtendAnswer = z.object({
  status: apiStatus,
  message: z.string(),
  count: z.number().int(),
  itemnums: z.array(z.string()),
  /** Items of the scope that had closed and were left as they were. */
  closed: z.array(z.string()),
});

/** Reopen an item: its new close is `minutes` from now (10 unless given). */
export const consoleReopenRequest = z.object({ minutes: closeMinutes.optional() }).strict();

/** The minutes as typed in the screen's confirmation (extend, reopen), read as the calls take them. */
export const closeMinutesForm = z.object({
  minutes: z
    .string()
    .trim()
    .min(1, 'Enter the minutes.')
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(closeMinutes),
});

export const consoleReopenAnswer = z.object({
  status: apiStatus,
  message: z.string(),
  /** Its new close (ISO-8601 in the event's zone). */
  closing: z.string(),
});
