import { z } from 'zod';
import { plainText, rowId } from '../bounds';
import { consoleEventParams } from './console-events';

/**
 * Disputes at the checkout desk (staff): a bidder says a line is not theirs, or wrong. Holding it
 * keeps every payer (the desk, the phone, charge all) from taking money for it until it is resolved:
 * released (owed again) or removed from the bidder (owed by nobody), each with a reason.
 */
export const holdWords = {
  reason: 'Please say why.',
  notOpen: 'Only a line not yet paid can be held; give money back for a paid one.',
  notFound: 'There is no such line on this balance.',
  already: 'This line is on hold already.',
  noHold: 'There is no such hold in this event.',
  resolved: 'This hold was resolved already.',
  held: (label: string) => `${label} is on hold: nobody is charged for it until it is released or removed.`,
  released: (label: string) => `${label} is owed again.`,
  removed: (label: string) => `${label} was removed from the balance.`,
  /** The phone's checkout, for a line on hold. */
  onHold: 'One of these items is on hold at the checkout desk. Please see the checkout desk.',
} as const;

export const holdRequest = z.object({
  /** An item won (won_items.id) or a fund-a-need pledge (pledges.id). */
  kind: z.enum(['item', 'pledge'], { error: 'must be item or pledge' }),
  lineid: rowId,
  reason: plainText(200)
    .trim()
    .refine((r) => r.length > 0, holdWords.reason),
});
export type HoldRequest = z.output<typeof holdRequest>;

export const holdResolveRequest = z.object({
  /** release: owed again; remove: taken off the bidder's balance for good. */
  action: z.enum(['release', 'remove'], { error: 'must be release or remove' }),
  reason: plainText(200)
    .trim()
    .refine((r) => r.length > 0, holdWords.reason),
});
export type HoldResolveRequest = z.output<typeof holdResolveRequest>;

export const holdParams = consoleEventParams.extend({ holdid: z.coerce.number<string>().pipe(rowId) });

export const holdResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  holdid: z.number().int(),
});
export type HoldResponse = z.infer<typeof holdResponse>;
