import { z } from 'zod';
import { optionalNameText, rowId } from '../bounds';
import { consoleBidderParams } from './console-bidders';

/**
 * The console's printables (issue 30): bid sheets, badges, table cards, receipts and statements,
 * each a PDF made on the server. Their calls answer application/pdf; the schema below only names
 * that answer for the API description (a file is sent as it is, code-style 18).
 */
export const pdfFileResponse = z.string().meta({ description: 'A PDF file (application/pdf), to save or print' });

/** Bid sheets of every item, or of one location's items only. */
export const bidSheetsQuery = z
  .object({
    /** A location's name, as the items have it; empty or left out: every item. */
    location: optionalNameText(100).optional(),
  })
  .strict();

/** A statement covers this event's giving, or the whole calendar year's (every event of the organization that year). */
export const STATEMENT_SCOPES = ['event', 'year'] as const;
export const statementScope = z.enum(STATEMENT_SCOPES, { error: 'must be event or year' });

export const statementQuery = z.object({ scope: statementScope.default('event') }).strict();

export const printableBidderParams = consoleBidderParams;

/**
 * Email statements now: to one bidder (`bidderid`), or to every bidder of the event who gave
 * something; `preview` only counts who would get one (the screen's confirmation), writing nothing.
 */
export const emailStatementsRequest = z
  .object({
    bidderid: rowId.optional(),
    scope: statementScope.default('event'),
    preview: z.boolean().default(false),
  })
  .strict();
export type EmailStatementsRequest = z.input<typeof emailStatementsRequest>;

export const emailStatementsResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** Who gets (or, previewed, would get) a statement. */
  recipients: z.number().int(),
  /** How many emails were queued, each with its statement attached (0 for a preview). */
  queued: z.number().int(),
});
export type EmailStatementsResponse = z.infer<typeof emailStatementsResponse>;

/**
 * How long a badge's sign-in link lasts: a badge is printed before the night and scanned at it, so
 * its link outlives the emailed one (30 minutes): until a day after bidding closes, and at least
 * BADGE_LINK_MIN_HOURS from printing. It signs in once (like every sign-in link); a badge is a
 * credential and is kept like one.
 */
export const BADGE_LINK_MIN_HOURS = 24;
export const BADGE_LINK_AFTER_CLOSE_HOURS = 24;

export function badgeLinkExpires(now: Date, biddingcloses: Date): Date {
  const hour = 3_600_000;
  const afterClose = biddingcloses.getTime() + BADGE_LINK_AFTER_CLOSE_HOURS * hour;
  return new Date(Math.max(afterClose, now.getTime() + BADGE_LINK_MIN_HOURS * hour));
}
