import { z } from 'zod';
import { moneyIn } from '../money';
import { tenantBody } from './common';
import { auctionItem } from './items';

/** Place a bid, an automatic bid, or Buy It Now. */
export const submitBidRequest = tenantBody.extend({
  itemid: z.number().int().positive(),
  userid: z.number().int().optional(),
  bid: moneyIn('bid').optional(),
  buyitnow: z.boolean().optional(),
  quantity: z.number().int().min(1, 'Quantity must be at least 1.').max(1_000_000).optional(),
  autobid: z.boolean().optional(),
  maxbid: moneyIn('maximum bid').optional(),
  increment: moneyIn('bid increment').optional(),
});
export type SubmitBidRequest = z.output<typeof submitBidRequest>;

export const submitBidResponse = z.object({
  status: z.literal('success'),
  /** Empty for a plain success; otherwise a note to show. */
  message: z.string(),
  historyid: z.number().int(),
  item: auctionItem,
});
export type SubmitBidResponse = z.infer<typeof submitBidResponse>;

export const maxBidRequest = tenantBody.extend({
  itemid: z.number().int().positive(),
  maxbid: moneyIn('maximum bid'),
  increment: moneyIn('bid increment'),
});
