import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';

/** A dollar amount: not negative, at most two decimals, at most 100,000,000. */
export const dollars = z
  .number({ error: 'must be a number of dollars' })
  .min(0, 'cannot be negative')
  .max(100_000_000, 'must be at most 100,000,000')
  .refine(hasAtMostTwoDecimals, 'must have at most two decimals');

/**
 * An image: a path on this server ('/media/...'), an https address, or an inline
 * data: URL (png, jpeg, gif, webp or svg, base64) that the import stores and serves itself.
 */
export const imageRef = z
  .string()
  .max(3_000_000, 'is too large (at most about 2 MB of image data)')
  .refine(
    (s) => s.startsWith('/') || /^https:\/\/[^\s]+$/.test(s) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(s),
    'must be a path on this server (/...), an https:// address, or a base64 data:image URL',
  );

