import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations } from '../schema';
import { importEventDocument } from '../../features/admin/import-service';
import { demoDocument } from './demo';
import { seedDemoBids } from './demo-bids';
import { seedDemoCards } from './demo-cards';

/**
 * Imports the demo event, with its bidders, their opening bids and cards on file (test cards signed
 * with `cardSecret`, the test gateway's secret), when the database holds no organization at all.
 * Returns true if it did.
 */
export async function seedDemoIfEmpty(db: Db, now: Date, cardSecret: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(organizations);
  if ((row?.n ?? 0) > 0) return false;
  // The demo runs on the test gateway, and is seeded only where asked for (SEED_DEMO, off in
  // production by default). Whether it takes cards is still decided when a card is used
  // (Payments.takesCards): in production without ALLOW_TEST_PAYMENTS it takes Bill Me only.
  await importEventDocument(db, demoDocument(now), { testPaymentsAllowed: true });
  await seedDemoBids(db, now);
  await seedDemoCards(db, cardSecret, now);
  return true;
}
