import { z } from 'zod';
import { codeSchema } from '../api/common';
import { notificationColumn, notificationRow } from '../api/event';
import { freeText, nameProblem, nameText, optionalNameText, plainText } from '../bounds';
import { MAX_ITEM_UNITS } from '../items/rules';
import { dollars, imageRef, totalDollars } from './schema-parts';
import { importStore } from './store';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../time';
import { PROCESSOR_STRIPE, PROCESSOR_TEST, processorCode } from '../api/payments';
import { eventTimeProblems } from '../event-state';
import { TOTAL_PARTS } from '../display/board';
import { RESERVED_EVENT_CODES } from '../console/roles';
import { deductibility } from './deductibility';

/**
 * The organizer's event document: one JSON file that describes an organization, one event and
 * its auction items. Importing it again with the same codes updates the event in place (items
 * are matched by itemnum). Money is in dollars with at most two decimals. See
 * docs/import-example.json for a complete example.
 */

/**
 * One line of text (codes, tags); names people read are nameText or optionalNameText (visible
 * text, not only invisible characters); `lines` below may hold line breaks and tabs (descriptions, HTML).
 */
const text = (max: number) => plainText(max);
const lines = (max: number) => freeText(max);
const html = lines(100_000).default('');

const instant = z.iso.datetime({
  offset: true,
  error: 'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
});

/** The most lines an address may have: enough for a building, a street, a city and a country. */
export const ADDRESS_LINES = 6;

/**
 * A postal address as typed, over several lines: each line trimmed, tabs as spaces, empty lines
 * dropped; visible text, at most ADDRESS_LINES lines.
 */
const address = freeText(500)
  .transform((a) =>
    a
      .split(/\r\n|\r|\n/)
      .map((line) => line.replace(/\t/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  )
  .superRefine((a, ctx) => {
    const problem = nameProblem(a, false);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: a });
    if (a.split('\n').length > ADDRESS_LINES)
      ctx.addIssue({ code: 'custom', message: `must have at most ${ADDRESS_LINES} lines`, input: a });
  });

/** The most giving levels a fund-a-need item may have: buttons the clerk can still see at once. */
export const MAX_PADDLE_LEVELS = 12;

const quantityInt = z
  .number()
  .int('must be a whole number')
  .min(0, 'cannot be negative')
  .max(MAX_ITEM_UNITS, 'must be at most 1,000,000');

export const importItem = z
  .object({
    itemnum: text(40).trim().min(1, 'is required'),
    name: nameText(200),
    description: lines(2_000).default(''),
    longdescription: html,
    donatedby: optionalNameText(200).default(''),
    fairmarketvalue: dollars.default(0),
    ispriceless: z.boolean().default(false),
    /**
     * How a payment for it is deductible on a tax receipt: 'value' (what was paid above the fair
     * market value), 'full' (nothing of value received) or 'none'. Absent means 'value', the rule
     * documents written before it had; the console's form asks for it on every new item.
     */
    deductible: deductibility.default('value'),
    imageurl: imageRef.optional(),
    photos: z.array(imageRef).max(20, 'at most 20 photos').default([]),
    tags: z
      .union([z.array(text(40).trim().min(1)), text(1_000)])
      .default([])
      .transform((t) => (Array.isArray(t) ? t : t.split(',')).map((s) => s.trim()).filter(Boolean)),
    location: optionalNameText(100).default(''),
    quantity: quantityInt.default(1),
    unlimitedquantity: z.boolean().default(false),
    maxpurchasequantity: quantityInt.default(0),
    buyitnowonly: z.boolean().default(false),
    buyitnowavailable: z.boolean().default(false),
    buyitnowprice: dollars.default(0),
    itemisliveonly: z.boolean().default(false),
    allowautobid: z.boolean().default(true),
    startingbid: dollars.default(0),
    minimumbidincrease: dollars.default(1),
    /** This item's own close; absent means the event's bidding close. */
    closing: instant.optional(),
    featured: z.number().int().min(0).max(1_000_000).default(0),
    /** Where and when this item is collected; empty means the event's pickup instructions. */
    pickupinstructions: lines(2_000).default(''),
    /**
     * A fund-a-need (paddle raise) item's giving levels in dollars, kept highest first; empty for
     * any other item. The live auction's clerk takes pledges at these levels (docs/console.md).
     */
    paddlelevels: z
      .array(dollars.refine((d) => d > 0, 'must be above 0'))
      .max(MAX_PADDLE_LEVELS, `must have at most ${MAX_PADDLE_LEVELS} levels`)
      .refine((levels) => new Set(levels).size === levels.length, 'names a level twice')
      .transform((levels) => [...levels].sort((a, b) => b - a))
      .default([]),
  })
  .strict()
  .superRefine((item, ctx) => {
    const sellsNow = item.buyitnowonly || item.buyitnowavailable;
    if (sellsNow && item.buyitnowprice <= 0)
      ctx.addIssue({ code: 'custom', path: ['buyitnowprice'], message: 'must be above 0 when Buy It Now is offered' });
    const biddable = !item.buyitnowonly && !item.itemisliveonly;
    if (biddable && item.startingbid <= 0)
      ctx.addIssue({ code: 'custom', path: ['startingbid'], message: 'must be above 0 for an item taking bids' });
    if (biddable && item.minimumbidincrease <= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['minimumbidincrease'],
        message: 'must be above 0 for an item taking bids',
      });
    if (item.unlimitedquantity && !item.buyitnowonly)
      ctx.addIssue({ code: 'custom', path: ['unlimitedquantity'], message: 'is only for Buy It Now only items' });
  });
export type ImportItem = z.infer<typeof importItem>;

/** The display board's settings: the total raised (shown or not, what it counts, the goal) and a line for the detail view. */
export const importDisplay = z
  .object({
    showtotal: z.boolean().default(true),
    /** What the total counts: leading bids, Buy It Now sales, store sales (tickets and merchandise, after discounts), store donations. */
    totalincludes: z
      .array(z.enum(TOTAL_PARTS, { error: `must be one of ${TOTAL_PARTS.join(', ')}` }))
      .max(TOTAL_PARTS.length)
      .default([...TOTAL_PARTS])
      .refine((parts) => new Set(parts).size === parts.length, 'names a part twice'),
    goal: totalDollars.default(0),
    message: text(200).trim().default(''),
  })
  .strict();
export type ImportDisplay = z.infer<typeof importDisplay>;

/** The most lines a venue's address may have. */
export const VENUE_ADDRESS_LINES = ADDRESS_LINES;

/**
 * Where and when the event itself happens (the gala night, not the online bidding): shown on the
 * store's landing page, the guest page, the ticket receipt and the guest's email. The address may
 * have line breaks; each line is trimmed and empty ones dropped.
 */
export const importVenue = z
  .object({
    name: nameText(200),
    address: address.default(''),
    starts: instant,
    ends: instant.optional(),
  })
  .strict()
  .superRefine((venue, ctx) => {
    if (venue.ends && new Date(venue.ends) <= new Date(venue.starts))
      ctx.addIssue({ code: 'custom', path: ['ends'], message: 'must be after starts' });
  });
export type ImportVenue = z.infer<typeof importVenue>;

/** The event's notification columns and rows as the organizer writes them: their text on one line. */
const importNotificationColumn = notificationColumn.extend({ title: optionalNameText(100), value: text(40) });
const importNotificationRow = notificationRow.extend({ title: nameText(200), flags: z.record(text(40), z.boolean()) });

export const importEvent = z
  .object({
    eventcode: codeSchema.refine(
      (c) => !RESERVED_EVENT_CODES.has(c),
      'is a word the site keeps for itself; choose another code',
    ),
    eventname: nameText(200),
    timezone: text(100)
      .default(DEFAULT_TIME_ZONE)
      .refine(isValidTimeZone, 'must be an IANA time zone such as America/Chicago'),
    logourl: imageRef.optional(),
    sponsorurl: z.array(imageRef).max(30, 'at most 30 sponsor images').default([]),
    welcomemessage: html,
    homemessage: html,
    preeventtext: html,
    contactus: html,
    privacypolicy: html,
    organizationphone: text(40).default(''),
    organizationemail: z.union([z.literal(''), z.email('must be an email address')]).default(''),
    eventopens: instant,
    eventcloses: instant,
    biddingopens: instant,
    biddingcloses: instant,
    allowbillme: z.boolean().default(false),
    allowpayccfees: z.boolean().default(true),
    ccfeespercent: z.number().min(0, 'cannot be negative').max(20, 'must be at most 20').default(3),
    eventallowanonymousbidding: z.boolean().default(true),
    eventallowguestentry: z.boolean().default(true),
    addressrequired: z.boolean().default(false),
    ziprequired: z.boolean().default(true),
    notificationcolumns: z
      .array(importNotificationColumn)
      .max(5)
      .default([
        { title: 'Email', value: 'email' },
        { title: 'Text', value: 'text' },
      ]),
    notificationrows: z
      .array(importNotificationRow)
      .max(20)
      .default([
        { notificationrowid: 1, title: 'When I am outbid', kind: 'outbid', flags: { email: true, text: true } },
        { notificationrowid: 2, title: 'When I win an item', kind: 'won', flags: { email: true, text: true } },
        {
          notificationrowid: 3,
          title: 'When bidding is about to close',
          kind: 'closingsoon',
          flags: { email: true, text: false },
        },
      ]),
    shownotificationsmenuitem: z.boolean().default(true),
    /** Extended bidding: a bid in an item's last N minutes pushes its close to N minutes after the bid. 0 = off. */
    extendedbiddingminutes: z
      .number()
      .int('must be a whole number')
      .min(0, 'cannot be negative')
      .max(60, 'must be at most 60')
      .default(0),
    /** The latest time an extension may push a close to; absent = no limit. */
    extendedbiddinglatest: instant.optional(),
    /** Card payments: 0 none, 1 the built-in test gateway (no money moves), 2 Stripe. See docs/payments.md. */
    paymentprocessorcode: processorCode.default(PROCESSOR_TEST),
    /** Stripe's publishable key (pk_...), secret key (sk_... or rk_...), webhook signing secret (whsec_...) and optional connected account (acct_...). */
    processorpublickey: text(300).default(''),
    processorsecretkey: text(300).default(''),
    processorwebhooksecret: text(300).default(''),
    processoraccountid: text(100).default(''),
    currency: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code in lowercase, such as usd')
      .default('usd'),
    /** A bidder must have a card on file to register (sign in), or to bid. */
    needscardtoregister: z.boolean().default(false),
    needscardtobid: z.boolean().default(false),
    /** Where and when won items are collected (shown in order history and the receipt). */
    pickupinstructions: lines(2_000).default(''),
    /** The venue display board (docs/display.md). */
    display: importDisplay.prefault({}),
    /** Where and when the event happens; absent = none (a re-import without it removes it). */
    venue: importVenue.optional(),
    /**
     * Tax receipts (docs/console.md, "After the night: tax receipts"): the organization's legal
     * name, its tax id (a US EIN, 12-3456789), its mailing address and the receipt's disclosure
     * text (its tax-exempt status, or 'no goods or services were provided'). '' = not set.
     */
    legalname: optionalNameText(200).default(''),
    taxid: text(40)
      .trim()
      .regex(/^[\p{L}\p{N} ./-]*$/u, 'must be letters, digits, spaces, dots, dashes or slashes, like 12-3456789')
      .default(''),
    receiptaddress: address.default(''),
    receiptdisclosure: lines(2_000).trim().default(''),
  })
  .strict()
  .superRefine((ev, ctx) => {
    if (ev.extendedbiddinglatest && new Date(ev.extendedbiddinglatest) < new Date(ev.biddingcloses))
      ctx.addIssue({
        code: 'custom',
        path: ['extendedbiddinglatest'],
        message: "cannot be before the event's bidding close",
      });
    const times = {
      eventopens: new Date(ev.eventopens),
      eventcloses: new Date(ev.eventcloses),
      biddingopens: new Date(ev.biddingopens),
      biddingcloses: new Date(ev.biddingcloses),
    };
    if (ev.paymentprocessorcode === PROCESSOR_STRIPE) {
      if (!/^pk_/.test(ev.processorpublickey))
        ctx.addIssue({
          code: 'custom',
          path: ['processorpublickey'],
          message: 'must be a Stripe publishable key (pk_...) when paymentprocessorcode is 2',
        });
      if (!/^(sk|rk)_/.test(ev.processorsecretkey))
        ctx.addIssue({
          code: 'custom',
          path: ['processorsecretkey'],
          message: 'must be a Stripe secret key (sk_... or rk_...) when paymentprocessorcode is 2',
        });
      if (ev.processoraccountid && !/^acct_/.test(ev.processoraccountid))
        ctx.addIssue({
          code: 'custom',
          path: ['processoraccountid'],
          message: 'must be a Stripe account id (acct_...)',
        });
    }
    for (const [field, message] of eventTimeProblems(times)) ctx.addIssue({ code: 'custom', path: [field], message });
    const columns = new Set(ev.notificationcolumns.map((c) => c.value));
    const seen = new Set<number>();
    ev.notificationrows.forEach((row, i) => {
      if (seen.has(row.notificationrowid))
        ctx.addIssue({ code: 'custom', path: ['notificationrows', i, 'notificationrowid'], message: 'is used twice' });
      seen.add(row.notificationrowid);
      for (const key of Object.keys(row.flags)) {
        if (!columns.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['notificationrows', i, 'flags', key],
            message: 'is not one of the notification columns',
          });
      }
    });
  });
export type ImportEvent = z.infer<typeof importEvent>;
export { dollars, imageRef };

export const importDocument = z
  .object({
    organization: z.object({ auctioncode: codeSchema, name: nameText(200) }).strict(),
    event: importEvent,
    items: z.array(importItem).max(5_000, 'at most 5,000 items').default([]),
    /** The event store (docs/import.md, "The store"). */
    store: importStore.prefault({}),
  })
  .strict()
  .superRefine((doc, ctx) => {
    const seen = new Map<string, number>();
    doc.items.forEach((item, i) => {
      const key = item.itemnum.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'itemnum'],
          message: `repeats the itemnum of items[${first}]`,
        });
      else seen.set(key, i);
      if (item.closing && new Date(item.closing) > new Date(doc.event.biddingcloses))
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'closing'],
          message: "cannot be after the event's bidding close",
        });
      if (item.closing && new Date(item.closing) <= new Date(doc.event.biddingopens))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'closing'], message: 'must be after bidding opens' });
    });
  });
export type ImportDocument = z.infer<typeof importDocument>;
export type ImportDocumentInput = z.input<typeof importDocument>;
