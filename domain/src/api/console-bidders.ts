import { z } from 'zod';
import { isDeliverableEmail, phoneError } from '../accounts/validation';
import { nameText, plainText, rowId } from '../bounds';
import { consoleEventParams } from './console-events';

/**
 * The console's bidders calls: the event's bidders, authorizing or stopping one, giving a new
 * bidder number, adding a bidder who has no phone, and resending a sign-in link.
 */

/** The highest bidder number: a paddle shows six digits at most. */
export const BIDDER_NUMBER_MAX = 999_999;

/** A bidder number as staff give it. */
export const bidderNumber = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(BIDDER_NUMBER_MAX, `must be at most ${BIDDER_NUMBER_MAX}`);

/** A bidder as the console lists them. `bidderid` is the account id, the `userid` a bidder's sign-in answers. */
export const consoleBidder = z.object({
  bidderid: z.number().int(),
  bidderdisplaynumber: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  cellphone: z.string(),
  emailverified: z.boolean(),
  cardonfile: z.boolean(),
  authorizebidder: z.boolean(),
  /** Without a password (added at the desk, or claimed by link) they sign in by an emailed link. */
  haspassword: z.boolean(),
});
export type ConsoleBidder = z.infer<typeof consoleBidder>;

export const consoleBiddersQuery = z.object({
  /** Part of a name, an email or a phone number (digits), or a bidder number. */
  q: plainText(100).trim().optional().default(''),
});

export const consoleBiddersResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidders: z.array(consoleBidder),
  /** The number a bidder added now would get: never given to anyone in the event. */
  nextnumber: z.number().int(),
});
export type ConsoleBiddersResponse = z.infer<typeof consoleBiddersResponse>;

/** A path's bidder: the account id (the path holds it as text). */
export const consoleBidderParams = consoleEventParams.extend({ bidderid: z.coerce.number<string>().pipe(rowId) });

export const updateConsoleBidderRequest = z
  .object({
    authorizebidder: z.boolean().optional(),
    bidderdisplaynumber: bidderNumber.optional(),
  })
  .refine((b) => b.authorizebidder !== undefined || b.bidderdisplaynumber !== undefined, {
    message: 'must give authorizebidder or bidderdisplaynumber',
  });
export type UpdateConsoleBidderRequest = z.infer<typeof updateConsoleBidderRequest>;

export const consoleBidderResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidder: consoleBidder,
});
export type ConsoleBidderResponse = z.infer<typeof consoleBidderResponse>;

/** An email we will mail a sign-in link and the receipt to. */
const bidderEmail = plainText(254)
  .trim()
  .min(1, 'is required')
  .refine(isDeliverableEmail, 'must be a valid email address');

/** A bidder added at the desk, who has no phone to sign up with: a name, an email and maybe a number. */
export const addConsoleBidderRequest = z.object({
  firstname: nameText(100),
  lastname: nameText(100),
  email: bidderEmail,
  /** Optional: when given, a look-alike is one with the same name and phone. */
  cellphone: plainText(40)
    .trim()
    .default('')
    .refine((p) => phoneError(p) === null, 'must have 10 digits'),
  /** Left out: the next free number. */
  bidderdisplaynumber: bidderNumber.optional(),
  /** Add even though the event has a bidder of the same name (the 409 answer's warning). */
  confirm: z.boolean().default(false),
});
export type AddConsoleBidderRequest = z.infer<typeof addConsoleBidderRequest>;

/** A bidder number typed in a form: digits (as text, so "12.5" is refused as typed). */
const bidderNumberText = z.string().trim().regex(/^\d*$/, 'must be a whole number');

/** The change-number form: the number typed (sent as PUT's bidderdisplaynumber). */
export const bidderNumberForm = z.object({
  newnumber: bidderNumberText.min(1, 'is required').transform(Number).pipe(bidderNumber),
});

/** The add-bidder form: the request's fields, the number typed (empty: the next free one). */
export const addBidderForm = addConsoleBidderRequest.omit({ bidderdisplaynumber: true, confirm: true }).extend({
  bidderdisplaynumber: bidderNumberText
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(bidderNumber.optional()),
});

const nameOf = (p: { firstname: string; lastname: string; email: string }) =>
  `${p.firstname} ${p.lastname}`.trim() || p.email;

/** The console's sentences about bidders, shared by the server's refusals and the screen. */
export const bidderWords = {
  notFound: 'There is no such bidder in this event.',
  numberHeld: (n: number, holder: { firstname: string; lastname: string; email: string }) =>
    `Bidder number ${n} belongs to ${nameOf(holder)}.`,
  numberHeldBefore: (n: number, holder: { firstname: string; lastname: string; email: string }) =>
    `Bidder number ${n} was given to ${nameOf(holder)} before; a number is never given to another person.`,
  alreadyBidder: (b: { firstname: string; lastname: string; email: string; bidderdisplaynumber: number }) =>
    `${b.email} is already bidder ${b.bidderdisplaynumber} (${nameOf(b)}) in this event.`,
  emailOfAnother: (email: string, owner: { firstname: string; lastname: string; email: string }) =>
    `${email} belongs to ${nameOf(owner)}. Use another email, or add ${nameOf(owner)} with it.`,
  lookAlike: (b: { firstname: string; lastname: string; email: string; bidderdisplaynumber: number }) =>
    `This looks like ${nameOf(b)}, already bidder ${b.bidderdisplaynumber} (${b.email}). Add anyway if this is another person.`,
  nameOf,
} as const;
