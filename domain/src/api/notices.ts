import { z } from 'zod';
import { NOTIFICATION_KINDS } from './event';

/**
 * A notice the live hub sent a bidder (outbid, won, closing soon), kept so a dismissed one can be
 * found again in the notices panel. `senttime` is ISO-8601 with an offset.
 */
export const bidderNotice = z.lazy(() =>
  z.object({
    itemid: z.number().int(),
    itemname: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    message: z.string(),
    senttime: z.string(),
  }),
);
export type BidderNotice = z.infer<typeof bidderNotice>;

export const noticesResponse = z.lazy(() => z.object({ status: z.literal('success'), notices: z.array(bidderNotice) }));
export type NoticesResponse = z.infer<typeof noticesResponse>;
