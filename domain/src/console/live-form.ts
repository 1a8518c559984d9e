import { z } from 'zod';
import { bidderNumber } from '../api/console-bidders';
import { itemnumText } from '../api/console-items';
import { liveQuantity, liveSaleRequest, pledgeRequest } from '../api/console-live';

/**
 * The live auction's entry forms, as the clerk types them: text read into the requests' own
 * fields, so the screen and the server refuse with the same words.
 */

/** Whole numbers as typed (a paddle, units): digits only, so '12.5' is refused as typed. */
const wholeText = z.string().trim().min(1, 'is required').regex(/^\d+$/, 'must be a whole number').transform(Number);

/** Dollars as typed: '2500', '$2,500.00'. */
export const dollarsText = z
  .string()
  .transform((text) => text.replace(/[$,\s]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .regex(/^\d+(\.\d+)?$/, 'must be an amount in dollars, like 2500'),
  )
  .transform(Number);

/** A live sale as typed: the item, the paddle, the price of one unit and how many (empty: one). */
export const liveSaleForm = z.object({
  itemnum: itemnumText,
  biddernumber: wholeText.pipe(bidderNumber),
  amount: dollarsText.pipe(liveSaleRequest.shape.amount),
  quantity: z
    .string()
    .transform((text) => (text.trim() === '' ? '1' : text))
    .pipe(wholeText)
    .pipe(liveQuantity),
});
export type LiveSaleFormInput = z.input<typeof liveSaleForm>;

/** A paddle raised at a fund-a-need: its number and the amount (the level chosen, or another). */
export const pledgeForm = z.object({
  biddernumber: wholeText.pipe(bidderNumber),
  amount: dollarsText.pipe(pledgeRequest.shape.amount),
});
export type PledgeFormInput = z.input<typeof pledgeForm>;
