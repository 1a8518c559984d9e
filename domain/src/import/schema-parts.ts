import { z } from 'zod';
import { siteLink } from '../bounds';
import { BID_CAP } from '../items/rules';
import { formatMoney, hasAtMostTwoDecimals } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';

/** A dollar amount up to `max` cents: not negative, at most two decimals. */
const dollarsUpTo = (max: number) =>
  z
    .number({ error: 'must be a number of dollars' })
    .min(0, 'cannot be negative')
    .max(max / 100, `must be at most ${formatMoney(max)}`)
    .refine(hasAtMostTwoDecimals, 'must have at most two decimals');

/** A price of one thing (a starting bid, an increment, a Buy It Now or store price, a promo amount): at most the bid cap. */
export const dollars = dollarsUpTo(BID_CAP);

/** A total of many things (the display board's goal): at most what any order may total. */
export const totalDollars = dollarsUpTo(MAX_ORDER_TOTAL);

/**
 * An image: a path on this server ('/media/...', kept to sitePathProblem's rules), an https
 * address, or an inline data: URL (png, jpeg, gif, webp or svg, base64) that the import stores and
 * serves itself.
 */
export const imageRef = z
  .string()
  .max(3_000_000, 'is too large (at most about 2 MB of image data)')
  .superRefine(
    siteLink(
      (s) =>
        /^https:\/\/[^\s]+$/.test(s) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(s),
      'must be a path on this server (/...), an https:// address, or a base64 data:image URL',
    ),
  );

/** A link the organizer gives (the store's auction button): a path on this site or an https address; '' for none. */
export const siteHref = z
  .string()
  .max(2_000, 'must be at most 2000 characters')
  .superRefine((link, ctx) => {
    if (link !== '')
      siteLink((s) => /^https:\/\/\S*$/.test(s), 'must be a path on this site (/...) or an https:// address')(
        link,
        ctx,
      );
  });
