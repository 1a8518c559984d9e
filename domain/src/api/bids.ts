import { z } from 'zod';
import { int4, rowId } from '../bounds';
import { BID_CAP, bidMessages, MAX_ITEM_UNITS } from '../items/rules';
import { moneyIn } from '../money';
import { tenantBody } from './common';
import { auctionItem } from './items';

/** Bids and maxima are refused above the cap in the engine's words; an increment has its own. */
const bidAmount = (what: string) => moneyIn(what, BID_CAP, bidMessages.aboveCap());
const increment = moneyIn('bid increment', BID_CAP, bidMessages.incrementAboveCap());

/** Place a bid, an automatic bid, or Buy It Now. */
export const submitBidRequest = z.lazy(() =>
  tenantBody
    .extend({
      itemid: rowId,
      userid: int4.optional(),
      bid: bidAmount('bid').optional(),
      buyitnow: z.boolean().optional(),
      /** Buy It Now's units: at most what any item holds (MAX_ITEM_UNITS); the room left in the item's sold count is checked under its lock. */
      quantity: z
        .number()
        .int()
        .min(1, 'Quantity must be at least 1.')
        .max(MAX_ITEM_UNITS, 'Quantity must be at most 1,000,000.')
        .optional(),
      autobid: z.boolean().optional(),
      maxbid: bidAmount('maximum bid').optional(),
      increment: increment.optional(),
    })
    .superRefine((body, ctx) => {
      // A missing amount is asked for, in a sentence of its own (not a field's type error).
      if (body.buyitnow) return;
      if (!body.autobid && body.bid === undefined)
        ctx.addIssue({ code: 'custom', path: ['bid'], message: bidMessages.noAmount(), params: { sentence: true } });
      if (body.autobid && body.maxbid === undefined && body.bid === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['maxbid'],
          message: bidMessages.noMaximum(),
          params: { sentence: true },
        });
    }),
);
export type SubmitBidRequest = z.output<typeof submitBidRequest>;

export const submitBidResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    /** Empty for a plain success; otherwise a note to show. */
    message: z.string(),
    historyid: z.number().int(),
    item: auctionItem,
  }),
);
export type SubmitBidResponse = z.infer<typeof submitBidResponse>;

export const maxBidRequest = z.lazy(() =>
  tenantBody.extend({
    itemid: rowId,
    maxbid: bidAmount('maximum bid'),
    increment,
  }),
);
