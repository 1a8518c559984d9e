import { type Cents, type ChargeSkip, bidderWords, chargeDecision } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import type { EventRow } from '../../../tenancy';
import { balancesOf } from '../../../money/ledger';
import { type ChargeBidderRow, chargeBidders } from './queries';

/** A bidder a run would charge: what they owe now. */
export interface ToCharge {
  bidder: ChargeBidderRow;
  due: Cents;
}

/** A bidder with a balance that a run would not charge, and why. */
export interface Skipped {
  bidder: ChargeBidderRow;
  due: Cents;
  why: ChargeSkip;
}

export interface Preview {
  charge: ToCharge[];
  skipped: Skipped[];
  total: Cents;
}

export const nameOf = (b: Pick<ChargeBidderRow, 'firstname' | 'lastname' | 'email'>) => bidderWords.nameOf(b);

/**
 * Who a run charges now and who it skips (domain chargeDecision): every bidder's balance from the
 * one ledger, read for all of them at once, and their cards on file. Bidders who never owed
 * anything are not listed.
 */
export async function previewCharges(db: Db | Tx, event: EventRow, minimum: Cents): Promise<Preview> {
  const [list, balances] = await Promise.all([chargeBidders(db, event), balancesOf(db, event)]);
  const charge: ToCharge[] = [];
  const skipped: Skipped[] = [];
  for (const bidder of list) {
    const balance = balances.get(bidder.bidderId);
    if (!balance) continue;
    const { charged, due, inProgress } = balance;
    const decision = chargeDecision({ charged, due, inProgress, hasCard: bidder.hasCard }, minimum);
    if (decision === 'charge') charge.push({ bidder, due });
    else if (decision !== null) skipped.push({ bidder, due: Math.max(0, due), why: decision });
  }
  return { charge, skipped, total: charge.reduce((sum, c) => sum + c.due, 0) };
}
