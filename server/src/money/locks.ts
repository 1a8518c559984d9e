import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bidders } from '../db/schema';

/**
 * A bidder's row lock: the lock every payer of their balance takes (a desk, the phone's checkout,
 * charge all), and so what serializes a refund or a hold with a payment of the same balance.
 */
export async function lockBidder(tx: Tx, bidderId: number): Promise<void> {
  await tx.select({ id: bidders.id }).from(bidders).where(eq(bidders.id, bidderId)).for('update');
}
