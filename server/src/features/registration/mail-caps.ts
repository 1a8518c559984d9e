import { and, count, eq, gt, sql } from 'drizzle-orm';
import { GUEST_LINK_WINDOW_MS, guestLinkMailAllowed, normalizeEmail } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { guestLinkMails } from '../../db/schema';

/**
 * The class of the advisory locks taken on a recipient ("GLM"), so that another use of advisory
 * locks never waits on these by chance.
 */
const RECIPIENT_LOCK_CLASS = 0x474c4d;

/** How guest-link mails are kept: one address however it was capitalized or padded. */
export const recipientKey = normalizeEmail;

/**
 * Claims one guest-link mail for `recipient` from the purchase's and the recipient's daily caps
 * (domain `guestLinkMailAllowed`), in the caller's transaction, which must hold the purchase's
 * seat rows (`lockSeats`): true, and the mail is counted; false, and nothing is written.
 *
 * The counts are of rows written in the same transaction as the mail is queued, so a mail exists
 * only with its row. Saves of one purchase already wait for each other on its seat rows; saves of
 * different purchases to one address wait on the address's advisory lock, held until commit, so
 * concurrent saves cannot both see the last free place under either cap.
 */
export async function claimGuestLinkMail(
  tx: Tx,
  claim: { orderId: number; seats: number; recipient: string; now: Date },
): Promise<boolean> {
  const recipient = recipientKey(claim.recipient);
  await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_CLASS}::int4, hashtext(${recipient}))`);
  const since = new Date(claim.now.getTime() - GUEST_LINK_WINDOW_MS);
  const [byPurchase] = await tx
    .select({ n: count() })
    .from(guestLinkMails)
    .where(and(eq(guestLinkMails.orderId, claim.orderId), gt(guestLinkMails.createdAt, since)));
  const [toRecipient] = await tx
    .select({ n: count() })
    .from(guestLinkMails)
    .where(and(eq(guestLinkMails.recipient, recipient), gt(guestLinkMails.createdAt, since)));
  if (!guestLinkMailAllowed({ seats: claim.seats, byPurchase: byPurchase?.n ?? 0, toRecipient: toRecipient?.n ?? 0 }))
    return false;
  await tx.insert(guestLinkMails).values({ orderId: claim.orderId, recipient, createdAt: claim.now });
  return true;
}
