import { z } from 'zod';
import type { Cents } from '../money';
import {
  amountCorrections,
  autoBidProblem,
  bidMessages,
  defaultIncrement,
  manualBidProblem,
  maxBidProblem,
  readTypedAmount,
} from './rules';

/**
 * The bid forms' schemas: what a bidder typed (text) to what /submitbid and /maxbid take (cents),
 * with the spec's messages. The web's forms validate with them before anything is sent; the
 * engine checks the same rules again on the locked item. An amount is never silently changed:
 * `corrections` says what reading it did (capped, rounded), for the confirmation step to show.
 */
const typed = z.string().max(40, 'That amount is too long.');

export interface PlaceBidLimits {
  minimumnextbid: Cents;
  minimumbidincrease: Cents;
}

export const placeBidFields = z.object({ amount: typed, auto: z.boolean(), max: typed, increment: typed });

export type PlaceBidValues = { autobid: false; bid: Cents } | { autobid: true; maxbid: Cents; increment: Cents };

/** A checked bid, ready to confirm: the request, and what the bidder must be told about their amounts. */
export interface Checked<T> {
  request: T;
  corrections: string[];
}

export function placeBidSchema(item: PlaceBidLimits) {
  const min = item.minimumnextbid;
  const minIncrement = defaultIncrement(item.minimumbidincrease);
  return placeBidFields.transform((v, ctx): Checked<PlaceBidValues> => {
    const fail = (path: string, message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v, path: [path] });
      return z.NEVER;
    };
    if (!v.auto) {
      const typed = readTypedAmount(v.amount);
      if (!typed) return fail('amount', bidMessages.noAmount());
      const problem = manualBidProblem(typed.cents, min);
      return problem
        ? fail('amount', problem)
        : { request: { autobid: false, bid: typed.cents }, corrections: amountCorrections('bid', typed) };
    }
    const max = readTypedAmount(v.max);
    const typedIncrement = readTypedAmount(v.increment);
    const maxbid = max?.cents ?? 0;
    const increment = typedIncrement?.cents ?? minIncrement;
    const problem = autoBidProblem(maxbid, increment, min, minIncrement);
    if (problem) return fail(maxbid < min ? 'max' : 'increment', problem);
    return {
      request: { autobid: true, maxbid, increment },
      corrections: [...amountCorrections('maximum bid', max), ...amountCorrections('bid increment', typedIncrement)],
    };
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
  return maxBidFields.transform((v, ctx): Checked<{ maxbid: Cents; increment: Cents }> => {
    const max = readTypedAmount(v.max);
    const typedIncrement = readTypedAmount(v.increment);
    const maxbid = max?.cents ?? currentMax;
    const increment = typedIncrement?.cents ?? currentIncrement;
    const problem = maxBidProblem(maxbid, increment, currentMax, currentIncrement);
    if (!problem)
      return {
        request: { maxbid, increment },
        corrections: [...amountCorrections('maximum bid', max), ...amountCorrections('bid increment', typedIncrement)],
      };
    ctx.issues.push({ code: 'custom', message: problem, input: v, path: [maxbid < currentMax ? 'max' : 'increment'] });
    return z.NEVER;
  });
}
