import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { makePickupCode } from '@gavel/domain';
import type { Db, Tx } from '../db/client';
import { pickupCodes } from '../db/schema';
import { chunks } from './batches';

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

/** The pickup codes the bidders have now (none made): what a preview shows. */
export async function existingPickupCodes(db: Db | Tx, bidderIds: number[]): Promise<Map<number, string>> {
  const codes = new Map<number, string>();
  for (const part of chunks(bidderIds)) {
    const rows = await db
      .select({ bidderId: pickupCodes.bidderId, code: pickupCodes.code })
      .from(pickupCodes)
      .where(inArray(pickupCodes.bidderId, part));
    for (const r of rows) codes.set(r.bidderId, r.code);
  }
  return codes;
}

/**
 * The bidders' pickup codes, the missing ones made: pickupCodeOf's rule (made once, the same ever
 * after; a code taken by another bidder is drawn again) for many bidders in a few statements
 * (a message to every winner).
 */
export async function pickupCodesFor(tx: Tx, eventId: number, bidderIds: number[]): Promise<Map<number, string>> {
  const codes = await existingPickupCodes(tx, bidderIds);
  for (let i = 0; i < TRIES; i++) {
    const missing = bidderIds.filter((id) => !codes.has(id));
    if (missing.length === 0) return codes;
    for (const part of chunks(missing))
      await tx
        .insert(pickupCodes)
        .values(part.map((bidderId) => ({ bidderId, eventId, code: makePickupCode(randomInt) })))
        .onConflictDoNothing();
    const made = await existingPickupCodes(tx, missing);
    for (const [id, code] of made) codes.set(id, code);
  }
  if (bidderIds.some((id) => !codes.has(id))) throw new Error(`no free pickup code after ${TRIES} draws`);
  return codes;
}

/** Where a pickup code's QR is drawn (GET /api/pickupqr), on the organization's own address. */
export function pickupQrUrl(origin: string, code: string): string {
  return `${origin}/api/pickupqr?code=${encodeURIComponent(code)}`;
}
