import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations } from '../schema';
import { importEventDocument } from '../../features/admin/import-service';
import { demoDocument } from './demo';
import { seedDemoBids } from './demo-bids';

/** Imports the demo event, with its bidders and opening bids, when the database holds no organization at all. Returns true if it did. */
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(organizations);
  if ((row?.n ?? 0) > 0) return false;
  await importEventDocument(db, demoDocument(now));
  await seedDemoBids(db, now);
  return true;
}
