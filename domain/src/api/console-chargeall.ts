import { z } from 'zod';
import { plainText, rowId } from '../bounds';
import { CHARGE_RESULTS, CHARGE_SKIPS, PAY_LINKS_MAX } from '../console/charge-all';
import { money, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';
import { loginResponse } from './accounts';
import { consoleEventParams } from './console-events';

/**
 * The console's charge-all calls (the owner's): preview and start a run, follow it, the runs and
 * the follow-up list, pay links; and the bidder's side of a pay link (POST /paylink). `bidderid` is
 * the account id, the `userid` a bidder's sign-in answers; amounts in dollars on the wire.
 */

/** Bidders owing less than this (dollars) are skipped. */
const minimumDollars = moneyIn('minimum', MAX_ORDER_TOTAL);

export const chargeAllRequest = z.object({
  /** true: who would be charged and who not, nothing written; false: start the run. */
  preview: z.boolean({ error: 'must be true or false' }),
  minimum: minimumDollars.optional().default(0),
});
export type ChargeAllRequest = z.infer<typeof chargeAllRequest>;

const who = {
  bidderid: z.number().int(),
  name: z.string(),
  number: z.number().int(),
};

export const chargeAllPreview = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidders: z.array(z.object({ ...who, email: z.string(), due: money })),
  /** What the run would charge, in all. */
  total: money,
  skipped: z.array(z.object({ ...who, due: money, why: z.enum(CHARGE_SKIPS), reason: z.string() })),
});
export type ChargeAllPreview = z.infer<typeof chargeAllPreview>;

export const chargeAllStarted = z.object({
  status: z.literal('success'),
  message: z.string(),
  runid: z.number().int(),
});
export type ChargeAllStarted = z.infer<typeof chargeAllStarted>;

/** The preview, or the run started (preview false). */
export const chargeAllResponse = z.union([chargeAllStarted, chargeAllPreview]);

export const chargeRunParams = consoleEventParams.extend({ runid: z.coerce.number<string>().pipe(rowId) });

const runSummary = {
  runid: z.number().int(),
  state: z.enum(['running', 'done']),
  startedby: z.string(),
  createdat: z.string(),
  finishedat: z.string().nullable(),
  minimum: money,
  /** Bidders in the run. */
  count: z.number().int(),
  /** What the run set out to charge (the dues as previewed). */
  total: money,
  /** Bidders whose card was charged, and how much in all. */
  charged: z.number().int(),
  chargedamount: money,
  declined: z.number().int(),
  confirm: z.number().int(),
  skipped: z.number().int(),
  /** Bidders whose catch-up found a charge under their payment's key that is not theirs: never recorded paid. */
  review: z.number().int(),
  /** Not yet done: queued or being charged. */
  left: z.number().int(),
};

export const chargeRunResult = z.object({
  ...who,
  due: money,
  state: z.enum(CHARGE_RESULTS),
  /** The outcome in words: the processor's reason for a decline. */
  message: z.string(),
});
export type ChargeRunResult = z.infer<typeof chargeRunResult>;

export const chargeRunResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  ...runSummary,
  results: z.array(chargeRunResult),
});
export type ChargeRunResponse = z.infer<typeof chargeRunResponse>;

export const chargeFollowUp = z.object({
  ...who,
  email: z.string(),
  cellphone: z.string(),
  runid: z.number().int(),
  state: z.enum(['declined', 'confirm']),
  message: z.string(),
  /** What the bidder owes now (0 once they paid, through their link or at the desk). */
  due: money,
  /** When the last pay link was sent after the decline; null when none was. */
  paylinksentat: z.string().nullable(),
});
export type ChargeFollowUp = z.infer<typeof chargeFollowUp>;

export const chargeRunsResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  runs: z.array(z.object(runSummary)),
  followup: z.array(chargeFollowUp),
});
export type ChargeRunsResponse = z.infer<typeof chargeRunsResponse>;

export const payLinksRequest = z.object({
  bidderids: z
    .array(rowId)
    .min(1, 'must name at least one bidder')
    .max(PAY_LINKS_MAX, `must name at most ${PAY_LINKS_MAX} bidders`),
});
export type PayLinksRequest = z.infer<typeof payLinksRequest>;

export const payLinksResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  sent: z.array(z.number().int()),
  skipped: z.array(z.object({ bidderid: z.number().int(), reason: z.string() })),
});
export type PayLinksResponse = z.infer<typeof payLinksResponse>;

/** Following a pay link: its secret. */
export const payLinkRequest = z.object({ token: plainText(200).min(1, 'is required') });

/** A session limited to paying (the cart, checkout, the card on file, my orders), or why the link no longer works. */
export const payLinkResponse = z.union([
  loginResponse,
  z.object({ status: z.literal('expired'), message: z.string() }),
]);
export type PayLinkResponse = z.infer<typeof payLinkResponse>;

/** The preview's minimum as typed: dollars ('25', '$25.00'); empty is no minimum. */
export const chargeAllForm = z.object({
  minimum: z
    .string()
    .transform((text) => text.replace(/[$,\s]/g, '') || '0')
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be an amount in dollars, like 25'))
    .transform(Number)
    .pipe(minimumDollars),
});
export type ChargeAllFormInput = z.input<typeof chargeAllForm>;
