import { z } from 'zod';
import { zonedInputValue } from '../time';
import { importItem, type ImportItem } from '../import/schema';
import { amountInput, dollarsToCents } from '../money';
import {
  type BiddingWindow,
  type ItemField,
  itemClosingProblem,
  itemFieldFromText,
  reservedItemnumProblem,
} from './csv-items';

/**
 * The console's item form: every field of the import document's item but its photos (the form's
 * photo section sends those), typed as text and check boxes, read by the same rules as a CSV cell
 * and checked by the import's own schema, so the form, the CSV import and the JSON import agree.
 */

/** The fields typed as text (money in dollars, whole numbers, the close in the event's zone). */
export const ITEM_TEXT_FIELDS = [
  'itemnum',
  'name',
  'description',
  'longdescription',
  'donatedby',
  'fairmarketvalue',
  'tags',
  'location',
  'quantity',
  'maxpurchasequantity',
  'buyitnowprice',
  'startingbid',
  'minimumbidincrease',
  'closing',
  'featured',
  'pickupinstructions',
  'paddlelevels',
  'deductible',
] as const satisfies readonly ItemField[];

/** The yes-or-no fields, as check boxes. */
export const ITEM_FLAG_FIELDS = [
  'ispriceless',
  'unlimitedquantity',
  'buyitnowonly',
  'buyitnowavailable',
  'itemisliveonly',
  'allowautobid',
] as const satisfies readonly ItemField[];

type TextField = (typeof ITEM_TEXT_FIELDS)[number];
type FlagField = (typeof ITEM_FLAG_FIELDS)[number];
export type ItemFormValues = Record<TextField, string> & Record<FlagField, boolean>;

const MONEY: ReadonlySet<ItemField> = new Set([
  'fairmarketvalue',
  'buyitnowprice',
  'startingbid',
  'minimumbidincrease',
]);

/** An item's form as it starts: the item's fields as text (a new item: the import's defaults). */
export function itemFormValues(item: ImportItem | undefined, timezone: string): ItemFormValues {
  const base = item ?? importItem.parse({ itemnum: 'x', name: 'x', startingbid: 1 });
  const text = (field: TextField): string => {
    // A new item's deductibility starts unchosen: the organizer says it, it is never guessed (tax.ts).
    if (!item && (field === 'itemnum' || field === 'name' || field === 'startingbid' || field === 'deductible'))
      return '';
    const value = base[field];
    if (field === 'closing') return base.closing ? zonedInputValue(base.closing, timezone) : '';
    if (MONEY.has(field) && typeof value === 'number') return amountInput(dollarsToCents(value) ?? 0);
    if (Array.isArray(value)) return value.join(', ');
    return String(value ?? '');
  };
  return {
    ...(Object.fromEntries(ITEM_TEXT_FIELDS.map((f) => [f, text(f)])) as Record<TextField, string>),
    ...(Object.fromEntries(ITEM_FLAG_FIELDS.map((f) => [f, base[f]])) as Record<FlagField, boolean>),
  };
}

export interface ItemFormContext {
  /** The event's zone: the close is typed in it. */
  timezone: string;
  bidding: BiddingWindow;
  /** The item's number now (undefined for a new item): a new number must not be one the console keeps. */
  itemnum?: string;
}

/** The form's values to the import document's item (photos aside), with each problem at its field. */
export function itemFormSchema({ timezone, bidding, itemnum }: ItemFormContext) {
  const shape = {
    ...(Object.fromEntries(ITEM_TEXT_FIELDS.map((f) => [f, z.string()])) as Record<TextField, z.ZodString>),
    ...(Object.fromEntries(ITEM_FLAG_FIELDS.map((f) => [f, z.boolean()])) as Record<FlagField, z.ZodBoolean>),
  };
  return z
    .object(shape)
    .transform((values, ctx) => {
      const input: Record<string, unknown> = { ...values };
      for (const field of ITEM_TEXT_FIELDS) {
        const read = itemFieldFromText(field, values[field], timezone);
        // An unchosen deductibility stays '' for the import's schema to refuse: the form never takes its default.
        if (read === 'empty') {
          if (field !== 'deductible') delete input[field];
        } else if ('problem' in read) {
          ctx.addIssue({ code: 'custom', path: [field], message: read.problem, input: values[field] });
          delete input[field];
        } else input[field] = read.value;
      }
      return input;
    })
    .pipe(importItem)
    .superRefine((item, ctx) => {
      const closing = itemClosingProblem(item.closing, bidding);
      if (closing) ctx.addIssue({ code: 'custom', path: ['closing'], message: closing });
      const renumbered = itemnum === undefined || itemnum.toLowerCase() !== item.itemnum.toLowerCase();
      const reserved = renumbered ? reservedItemnumProblem(item.itemnum) : null;
      if (reserved) ctx.addIssue({ code: 'custom', path: ['itemnum'], message: reserved });
    });
}
