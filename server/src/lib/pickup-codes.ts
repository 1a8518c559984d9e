import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { makePickupCode } from '@gavel/domain';
import type { Db, Tx } from '../db/client';
import { pickupCodes } from '../db/schema';

/** Draws past which two codes taken in a row (1 in 887 million each) mean something else is wrong. */
const TRIES = 5;

/**
 * A bidder's pickup code, made the first time it is needed (their first receipt, their order
 * history, ...) and the same ever after. Safe when two requests make it at once: the insert does
 * nothing on a conflict (the bidder's row, or another bidder's code in the event), and the read that
 * follows finds the code whichever request made it.
 */
export async function pickupCodeOf(
  db: Db | Tx,
  { eventId, bidderId }: { eventId: number; bidderId: number },
  draw: (max: number) => number = randomInt,
): Promise<string> {
  for (let i = 0; i < TRIES; i++) {
    const [have] = await db
      .select({ code: pickupCodes.code })
      .from(pickupCodes)
      .where(eq(pickupCodes.bidderId, bidderId));
    if (have) return have.code;
    const [made] = await db
      .insert(pickupCodes)
      .values({ bidderId, eventId, code: makePickupCode(draw) })
      .onConflictDoNothing()
      .returning({ code: pickupCodes.code });
    if (made) return made.code;
  }
  throw new Error(`no free pickup code after ${TRIES} draws`);
}

/** Where a pickup code's QR is drawn (GET /api/pickupqr), on the organization's own address. */
export function pickupQrUrl(origin: string, code: string): string {
  return `${origin}/api/pickupqr?code=${encodeURIComponent(code)}`;
}
