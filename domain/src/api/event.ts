import { z } from 'zod';
import { processorCode } from './payments';
import { EVENT_FLAGS } from '../event-state';
import { tenantBody } from './common';
import { freeText, plainText } from '../bounds';

export const notificationColumn = z.object({ title: z.string(), value: z.string() });
export type NotificationColumn = z.infer<typeof notificationColumn>;

/** A notification row: its id, its title, and one flag per notification column value. */
export const NOTIFICATION_KINDS = ['outbid', 'won', 'closingsoon'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationRow = z.object({
  notificationrowid: z.number().int().min(1),
  title: z.string().min(1).max(200),
  /** Which notice this row controls; a row without a kind is shown but sends nothing. */
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  flags: z.record(z.string(), z.boolean()),
});
export type NotificationRow = z.infer<typeof notificationRow>;

/** POST /api/event/ — email and password are accepted as the spec sends them, and ignored. */
export const eventRequest = tenantBody.extend({
  email: plainText(320).optional(),
  password: freeText(1000).optional(),
});
export type EventRequest = z.infer<typeof eventRequest>;

/**
 * Where and when the event itself happens (the import's `venue`), as the store's landing page, the
 * guest page and the event answer carry it; null when the organizer gave none.
 */
export const eventVenue = z.object({
  name: z.string(),
  /** Its lines joined by line breaks; '' when none was given. */
  address: z.string(),
  /** ISO-8601 instants with offset; `ends` is '' when none was given. */
  starts: z.string(),
  ends: z.string(),
  /** The two in the event's own zone: 'Saturday, December 5, 2026, 7:00 PM – 11:00 PM CST' (formatTimeSpan). */
  when: z.string(),
  /** The same in two parts, for a page that shows them on two lines: 'Saturday, December 5, 2026' and '7:00 PM – 11:00 PM CST'. */
  date: z.string(),
  time: z.string(),
});
export type EventVenue = z.infer<typeof eventVenue>;

export const eventData = z.object({
  eventname: z.string(),
  eventcode: z.string(),
  auctioncode: z.string(),
  organizationname: z.string(),
  logourl: z.string(),
  sponsorurl: z.array(z.string()),
  welcomemessage: z.string(),
  homemessage: z.string(),
  preeventtext: z.string(),
  contactus: z.string(),
  organizationphone: z.string(),
  organizationemail: z.string(),
  timezone: z.string(),
  /** ISO-8601 instants with offset. */
  eventopendate: z.string(),
  eventclosedate: z.string(),
  eventbiddingopen: z.string(),
  eventbiddingclosed: z.string(),
  /** The same bidding times in the event's own zone, 'MM-DD-YYYY h:mm A', as the spec's *cst fields. */
  eventbiddingopencst: z.string(),
  eventbiddingclosedcst: z.string(),
  eventflag: z.enum(EVENT_FLAGS),
  allowbillme: z.boolean(),
  allowpayccfees: z.boolean(),
  ccfeespercent: z.number(),
  eventallowanonymousbidding: z.boolean(),
  eventallowguestentry: z.boolean(),
  addressrequired: z.boolean(),
  ziprequired: z.boolean(),
  notificationcolumns: z.array(notificationColumn),
  notificationrows: z.array(notificationRow),
  shownotificationsmenuitem: z.boolean(),
  /** The card processor (0 none, 1 hosted card form, 2 Stripe): the setup wizard has a card step for 2. */
  paymentprocessorcode: processorCode,
  /** A card on file is needed to bid. */
  needscardtobid: z.boolean(),
  /** The server's clock, so countdowns on a phone with a wrong clock still end on time. */
  servertime: z.string(),
  /** Where and when the event happens, or null. */
  venue: eventVenue.nullable(),
});
export type EventData = z.infer<typeof eventData>;

export const eventResponse = eventData.extend({ status: z.literal('success') });
export type EventResponse = z.infer<typeof eventResponse>;

export const privacyPolicyRequest = tenantBody;
export const privacyPolicyResponse = z.object({ status: z.literal('success'), privacypolicy: z.string() });
export type PrivacyPolicyResponse = z.infer<typeof privacyPolicyResponse>;

export const healthResponse = z.object({
  status: z.literal('success'),
  version: z.string(),
  database: z.enum(['ok', 'unavailable']),
  databasekind: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
