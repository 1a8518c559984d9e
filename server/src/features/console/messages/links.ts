import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { makePickupCode, PAY_LINK_HOURS } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { authLinks, pickupCodes } from '../../../db/schema';
import { newLinkSecret } from '../../../lib/tokens';
import type { Tenant } from '../../../tenancy';
import { payLinkUrl } from '../chargeall/paylinks';

/** Rows a statement inserts at once: a message to thousands is a few statements, not thousands. */
export const BATCH = 500;

export function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * A pay link per bidder (the charge-all follow-up's kind, chargeall/paylinks.ts: it opens that
 * bidder's checkout on their phone, pay-only, until paid or PAY_LINK_HOURS pass), made in batches
 * inside the message's transaction. Only the links' hashes are kept.
 */
export async function makePayLinks(
  tx: Tx,
  { tenant, origin, now }: { tenant: Tenant; origin: string; now: Date },
  bidders: Array<{ bidderId: number; accountId: number }>,
): Promise<Map<number, string>> {
  const urls = new Map<number, string>();
  const expiresAt = new Date(now.getTime() + PAY_LINK_HOURS * 3_600_000);
  for (const part of chunks(bidders)) {
    const rows = part.map((b) => {
      const { secret, hash } = newLinkSecret();
      urls.set(b.bidderId, payLinkUrl(origin, tenant, secret));
      return {
        kind: 'pay' as const,
        tokenHash: hash,
        accountId: b.accountId,
        eventId: tenant.event.id,
        expiresAt,
        createdAt: now,
      };
    });
    await tx.insert(authLinks).values(rows);
  }
  return urls;
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

/** Draws past which codes still missing mean something else is wrong (lib/pickup-codes.ts has the same bound for one). */
const TRIES = 5;

/**
 * The bidders' pickup codes, the missing ones made: lib/pickup-codes.ts's rule (made once, the
 * same ever after; a code taken by another bidder is drawn again) for many bidders in a few
 * statements, where that one makes one bidder's in two.
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
