import { z } from 'zod';
import { plainText, optionalNameText } from '../bounds';
import type { ImportItem } from '../import/schema';
import { money } from '../money';
import { DEDUCTIBILITIES } from '../console/tax';
import { apiStatus, codeSchema } from './common';

/**
 * The console's items calls: the event's items as a table, one item as the import document's item
 * fields (dollars, as the import writes them) with its photos, the CSV import's preview, and the
 * bulk closing time. Item bodies are the import document's `importItem`, so the console and the
 * JSON import keep one set of rules.
 */

/** An item's number in a path, as the import document writes it. */
export const itemnumText = plainText(40).trim().min(1, 'is required');

export const consoleItemParams = z.object({ eventcode: codeSchema, itemnum: itemnumText });

/** One row of the items table. Amounts in cents inside, dollars on the wire. */
export const consoleItemRow = z.object({
  itemnum: z.string(),
  name: z.string(),
  location: z.string(),
  tags: z.array(z.string()),
  startingbid: money,
  fairmarketvalue: money,
  ispriceless: z.boolean(),
  /** The leading bid; 0 before the first. */
  currentbid: money,
  numberofbids: z.number().int(),
  /** When the item closes: its own close, else the event's bidding close (ISO-8601). */
  closing: z.string(),
  /** Whether the item has a close of its own. */
  ownclosing: z.boolean(),
  /** Whether bidding on it has ended. */
  closed: z.boolean(),
  buyitnowonly: z.boolean(),
  buyitnowavailable: z.boolean(),
  buyitnowprice: money,
  itemisliveonly: z.boolean(),
  quantity: z.number().int(),
  quantitysold: z.number().int(),
  unlimitedquantity: z.boolean(),
  photos: z.number().int(),
  /** The image on the item's card; '' for none. */
  imageurl: z.string(),
});
export type ConsoleItemRow = z.infer<typeof consoleItemRow>;

/** The event's times the items screens show and check against, with its zone. */
const eventTimes = {
  timezone: z.string(),
  biddingopens: z.string(),
  biddingcloses: z.string(),
};

export const consoleItemsResponse = z.object({
  status: apiStatus,
  ...eventTimes,
  items: z.array(consoleItemRow),
});

/**
 * An item as the import document writes it (dollars as plain numbers), as the console answers it.
 * The same fields as importItem's output; a compile-time check below keeps the two equal.
 */
export const importItemFields = z.object({
  itemnum: z.string(),
  name: z.string(),
  description: z.string(),
  longdescription: z.string(),
  donatedby: z.string(),
  fairmarketvalue: z.number(),
  ispriceless: z.boolean(),
  deductible: z.enum(DEDUCTIBILITIES),
  imageurl: z.string().optional(),
  photos: z.array(z.string()),
  tags: z.array(z.string()),
  location: z.string(),
  quantity: z.number(),
  unlimitedquantity: z.boolean(),
  maxpurchasequantity: z.number(),
  buyitnowonly: z.boolean(),
  buyitnowavailable: z.boolean(),
  buyitnowprice: z.number(),
  itemisliveonly: z.boolean(),
  allowautobid: z.boolean(),
  startingbid: z.number(),
  minimumbidincrease: z.number(),
  closing: z.string().optional(),
  featured: z.number(),
  pickupinstructions: z.string(),
  paddlelevels: z.array(z.number()),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFields: Same<z.infer<typeof importItemFields>, ImportItem> = true;
void sameFields;

/** What an item's photos may be: each upload's size, how many one request carries, how many an item has (the import's limit). */
export const ITEM_PHOTO_LIMITS = { fileBytes: 10 * 1024 * 1024, perRequest: 10, perItem: 20 };

/** An item's photo: its address and place (0 first). */
export const consoleItemPhoto = z.object({ url: z.string(), position: z.number().int() });

/** An item's photos in order, and the one on its card. */
export const consoleItemPhotosResponse = z.object({
  status: apiStatus,
  photos: z.array(consoleItemPhoto),
  imageurl: z.string(),
});

/** One item for its form: its import fields, its photos, and what bidding has done to it. */
export const consoleItemResponse = z.object({
  status: apiStatus,
  ...eventTimes,
  item: importItemFields,
  photos: z.array(consoleItemPhoto),
  numberofbids: z.number().int(),
  quantitysold: z.number().int(),
  closed: z.boolean(),
});
export type ConsoleItemResponse = z.infer<typeof consoleItemResponse>;

/** Photos put in order (the list's order), removed (left out of it), and the card's image chosen ('' for none). */
export const consoleItemPhotosRequest = z.object({
  photos: z.array(z.string().max(3_000)).max(ITEM_PHOTO_LIMITS.perItem, `at most ${ITEM_PHOTO_LIMITS.perItem} photos`),
  imageurl: z.string().max(3_000),
});

const instant = z.iso.datetime({
  offset: true,
  error: 'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
});

/** The closing time of some items, or of every item at a location; null gives them the event's close again. */
export const consoleClosingRequest = z
  .object({
    closing: instant.nullable(),
    itemnums: z.array(itemnumText).min(1, 'names no item').max(5_000).optional(),
    location: optionalNameText(100).optional(),
  })
  .strict()
  .refine((b) => (b.itemnums === undefined) !== (b.location === undefined), {
    message: 'name either the items (itemnums) or a location, not both',
    path: ['itemnums'],
  });

export const consoleClosingResponse = z.object({
  status: apiStatus,
  message: z.string(),
  /** The items whose closing time was set. */
  itemnums: z.array(z.string()),
});

/** The CSV import's query: `dryrun=1` checks and previews, writing nothing. */
export const consoleImportQuery = z.object({
  dryrun: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).optional(),
});

export const csvProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const csvItemRow = z.object({
  row: z.number().int(),
  itemnum: z.string(),
  action: z.enum(['create', 'update']),
  cells: z.record(z.string(), z.string()),
  item: importItemFields.nullable(),
});

/** What a CSV import found and did: the rows as they will be (or were) imported, and every problem by row and column. */
export const consoleImportResponse = z.object({
  status: apiStatus,
  message: z.string(),
  dryrun: z.boolean(),
  /** Whether the items were written: never with a problem, never on a dry run. */
  imported: z.boolean(),
  columns: z.array(z.string()),
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(csvItemRow),
  errors: z.array(csvProblem),
});
export type ConsoleImportResponse = z.infer<typeof consoleImportResponse>;
