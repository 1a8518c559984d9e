import { z } from 'zod';
import type { TotalPart } from '../display/board';
import { EVENT_FLAGS, type EventFlag } from '../event-state';
import { importEvent } from '../import/schema';
import { money } from '../money';
import { codeSchema } from './common';

/**
 * The console's events: the organization's list, creating or copying an event, an event's
 * settings (the import document's `event`), archiving, opening bidding and the export. The
 * settings are the import's own fields, so the console and the JSON import keep one set of rules.
 */

/** How the console names an event's state (eventFlag). */
export const eventStateLabels: Record<EventFlag, string> = {
  eventnotopen: 'Not open yet',
  biddingnotopen: 'Open, bidding not started',
  biddingopen: 'Bidding open',
  biddingclosed: 'Bidding closed',
  eventclosed: 'Closed',
};

/** One event of the organization's list. */
export const consoleEventSummary = z.object({
  eventcode: z.string(),
  eventname: z.string(),
  timezone: z.string(),
  eventopens: z.string(),
  eventcloses: z.string(),
  biddingopens: z.string(),
  biddingcloses: z.string(),
  eventflag: z.enum(EVENT_FLAGS),
  items: z.number().int(),
  bidders: z.number().int(),
  archived: z.boolean(),
});
export type ConsoleEventSummary = z.infer<typeof consoleEventSummary>;

export const consoleEventsResponse = z.object({
  status: z.literal('success'),
  events: z.array(consoleEventSummary),
});

export const consoleEventResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  event: consoleEventSummary,
});

/** What each part of the board's total raised counts, as the board settings say it. */
export const totalPartLabels: Record<TotalPart, string> = {
  bids: 'Leading bids and live auction sales',
  buyitnow: 'Buy It Now sales',
  store: 'Store sales (tickets and merchandise, after discounts)',
  donations: 'Donations: in the store and fund-a-need pledges',
};

/** A venue as the settings carry it; the import's own rules (importVenue) check it on the server. */
const settingsVenue = z
  .object({ name: z.string(), address: z.string(), starts: z.string(), ends: z.string().optional() })
  .strict();

/**
 * Every field of the import document's `event`, each with its own rule; the rules that span
 * fields (times in order, Stripe's keys) are importEvent's, checked on the server once the saved
 * secrets are filled in. A secret sent as '' keeps what is saved.
 */
export const eventSettingsFields = z
  .object({
    ...importEvent.shape,
    venue: settingsVenue.optional(),
    // Its lines are tidied by importEvent on the server; an answer carries it as saved.
    receiptaddress: z.string(),
  })
  .strict();
export type EventSettingsFields = z.output<typeof eventSettingsFields>;
export type EventSettingsInput = z.input<typeof eventSettingsFields>;

/** The fields of the settings that only an owner may change. */
export const PAYMENT_FIELDS = [
  'paymentprocessorcode',
  'processorpublickey',
  'processorsecretkey',
  'processorwebhooksecret',
  'processoraccountid',
  'currency',
] as const;

/** The settings as answered: secrets never ('' always), only whether one is saved. */
export const eventSettingsAnswer = eventSettingsFields.extend({
  processorsecretkeyset: z.boolean(),
  processorwebhooksecretset: z.boolean(),
});
export type EventSettingsAnswer = z.output<typeof eventSettingsAnswer>;

export const eventCounts = z.object({
  items: z.number().int(),
  bidders: z.number().int(),
  bids: z.number().int(),
  /** Everything raised so far: leading bids, Buy It Now, store sales and donations. */
  raised: money,
});

export const consoleEventDetail = z.object({
  status: z.literal('success'),
  event: eventSettingsAnswer,
  eventflag: z.enum(EVENT_FLAGS),
  archived: z.boolean(),
  counts: eventCounts,
});
export type ConsoleEventDetail = z.output<typeof consoleEventDetail>;

/**
 * A new event: its code, name, zone and four times (everything else the import's defaults), or a
 * copy of an event of the organization (`copyfrom`): its settings, items and store, without bids,
 * orders, bidders or carts, its other times moved with its opening.
 */
export const createEventRequest = z
  .object({
    eventcode: importEvent.shape.eventcode,
    eventname: importEvent.shape.eventname,
    timezone: importEvent.shape.timezone,
    eventopens: importEvent.shape.eventopens,
    eventcloses: importEvent.shape.eventcloses,
    biddingopens: importEvent.shape.biddingopens,
    biddingcloses: importEvent.shape.biddingcloses,
    copyfrom: codeSchema.optional(),
  })
  .strict();
export type CreateEventRequest = z.output<typeof createEventRequest>;

export const archiveEventRequest = z.object({ archived: z.boolean() }).strict();

export const consoleEventParams = z.object({ eventcode: codeSchema });

/**
 * The export: the import document itself (organization, event, items, store), which the import
 * takes back as it is. Secret keys are left empty.
 */
export const eventExport = z.object({
  organization: z.object({ auctioncode: z.string(), name: z.string() }),
  event: eventSettingsFields,
  items: z.array(z.looseObject({ itemnum: z.string(), name: z.string() })),
  store: z.looseObject({}),
});
