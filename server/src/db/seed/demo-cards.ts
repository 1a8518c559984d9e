import { eq, inArray } from 'drizzle-orm';
import { type CardOutcome, PROCESSOR_TEST } from '@gavel/domain';
import type { Db } from '../client';
import { accounts, bidders, paymentMethods } from '../schema';
import { issueTestStoredCard } from '../../payments/test-gateway';
import { findTenant } from '../../tenancy';

/**
 * Cards on file for the demo's bidders (test cards: no money moves), so the checkout desk's "card
 * on file" and charge all can be tried from `npm start`: three Visa cards that pay, one that is
 * refused for insufficient funds when charged (it lands in charge all's follow-up list), and Casey
 * with no card (skipped: no card on file).
 */
const DEMO_CARDS: Array<[email: string, last4: string, outcome: CardOutcome]> = [
  ['demo.bidder1@example.org', '4242', 'success'],
  ['demo.bidder2@example.org', '4242', 'success'],
  ['demo.bidder4@example.org', '4242', 'success'],
  ['demo.bidder5@example.org', '9995', 'insufficient_funds'],
];

export async function seedDemoCards(db: Db, secret: string, now: Date): Promise<void> {
  const tenant = await findTenant(db, 'demo', 'demo');
  const rows = await db
    .select({ id: bidders.id, email: accounts.email })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(
      inArray(
        accounts.email,
        DEMO_CARDS.map(([email]) => email),
      ),
    );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const expyear = now.getUTCFullYear() + 3;
  const values = DEMO_CARDS.flatMap(([email, last4, outcome]) => {
    const bidderId = byEmail.get(email);
    if (bidderId === undefined) return [];
    const card = issueTestStoredCard(
      secret,
      tenant.event.id,
      { brand: 'Visa', last4, expmonth: 12, expyear, outcome },
      now,
    );
    return [{ bidderId, processorcode: PROCESSOR_TEST, ...card }];
  });
  if (values.length > 0) await db.insert(paymentMethods).values(values).onConflictDoNothing();
}
