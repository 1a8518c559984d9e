import { z } from 'zod';
import type { Cents } from '../money';
import { autoBidProblem, bidInputCents, defaultIncrement, manualBidProblem, maxBidProblem } from './rules';

/**
 * The bid forms' schemas: what a bidder typed (text) to what /submitbid and /maxbid take (cents),
 * with the spec's messages. The web's forms validate with them before anything is sent; the
 * engine checks the same rules again on the locked item.
 */
const typed = z.string().max(40, 'That amount is too long.');

export interface PlaceBidLimits {
  minimumnextbid: Cents;
  minimumbidincrease: Cents;
}

export const placeBidFields = z.object({ amount: typed, auto: z.boolean(), max: typed, increment: typed });

export type PlaceBidValues = { autobid: false; bid: Cents } | { autobid: true; maxbid: Cents; increment: Cents };

export function placeBidSchema(item: PlaceBidLimits) {
  const min = item.minimumnextbid;
  const minIncrement = defaultIncrement(item.minimumbidincrease);
  return placeBidFields.transform((v, ctx): PlaceBidValues => {
    const fail = (path: string, message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v, path: [path] });
      return z.NEVER;
    };
    if (!v.auto) {
      // An empty amount bids the minimum shown as the placeholder.
      const bid = bidInputCents(v.amount) ?? min;
      const problem = manualBidProblem(bid, min);
      return problem ? fail('amount', problem) : { autobid: false, bid };
    }
    const maxbid = bidInputCents(v.max) ?? 0;
    const increment = bidInputCents(v.increment) ?? minIncrement;
    const problem = autoBidProblem(maxbid, increment, min, minIncrement);
    return problem ? fail(maxbid < min ? 'max' : 'increment', problem) : { autobid: true, maxbid, increment };
  });
}

export interface MaxBidLimits {
  accountautobidamount: Cents;
  accountautobidincrement: Cents;
  minimumbidincrease: Cents;
}

export const maxBidFields = z.object({ max: typed, increment: typed });

/** The leader's own maximum and increment are the least they may set; empty keeps them. */
export function maxBidSchema(item: MaxBidLimits) {
  const currentMax = item.accountautobidamount;
  const currentIncrement = item.accountautobidincrement || defaultIncrement(item.minimumbidincrease);
  return maxBidFields.transform((v, ctx) => {
    const maxbid = bidInputCents(v.max) ?? currentMax;
    const increment = bidInputCents(v.increment) ?? currentIncrement;
    const problem = maxBidProblem(maxbid, increment, currentMax, currentIncrement);
    if (!problem) return { maxbid, increment };
    ctx.issues.push({ code: 'custom', message: problem, input: v, path: [maxbid < currentMax ? 'max' : 'increment'] });
    return z.NEVER;
  });
}
