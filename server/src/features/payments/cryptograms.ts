import { lt } from 'drizzle-orm';
import { testCryptograms } from '../../db/schema';
import type { Db } from '../../db/client';

/**
 * Spends a test gateway cryptogram (payments/test-gateway.ts): one insert of its nonce, which only
 * the first of any number of processes can make, so a cryptogram pays or saves a card once. Answers
 * false when it was spent before. Run outside any transaction, like every processor call.
 */
export async function spendTestCryptogram(db: Db, nonce: string, now: Date): Promise<boolean> {
  const spent = await db
    .insert(testCryptograms)
    .values({ nonce, spentAt: now })
    .onConflictDoNothing()
    .returning({ nonce: testCryptograms.nonce });
  return spent.length > 0;
}

/**
 * Spent cryptograms kept: a cryptogram is good for an hour after it was made (test-gateway.ts), so
 * one spent longer ago than that, and a margin, could never be tried again: its row can go.
 */
const SPENT_KEPT_MS = 2 * 60 * 60 * 1000;

/** Forgets spent cryptograms past their use (the reconcile job runs it). Answers how many went. */
export async function forgetSpentCryptograms(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(testCryptograms)
    .where(lt(testCryptograms.spentAt, new Date(now.getTime() - SPENT_KEPT_MS)))
    .returning({ nonce: testCryptograms.nonce });
  return gone.length;
}
