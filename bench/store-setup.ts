import { eq } from 'drizzle-orm';
import { eventDocument, storeItem } from '../testkit/documents';
import { events, storeItems } from '../server/src/db/schema';
import { importEventDocument } from '../server/src/features/admin/import-service';
import { freshDatabase, type Postgres } from './lib';

/** The store benchmark's shape (bench/store.ts): its numbers, its two events with a store, and what its runs count. */
export const BUYERS = 200;
export const ROUNDS = 5;
export const HOT = 100;
export const CATALOGUE = 20;
export const DURATION_MS = 10_000;
export const HOLD_MINUTES = 240;
export const billing = {
  first: 'Ann',
  last: 'Lee',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  email: 'ann@example.org',
};

export type Failures = Map<string, number>;

export const note = (failures: Failures, what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
export const count = (failures: Failures) => [...failures.values()].reduce((a, b) => a + b, 0);
export const pick = (ids: number[]) => ids[Math.floor(Math.random() * ids.length)] ?? 0;

export interface Items {
  hot: number[];
  rawHot: number[];
  catalogue: number[];
  rawCatalogue: number[];
}

/**
 * Two events with a store: "bench" for the server (its hot tickets and catalogue) and "rawbench" for
 * the raw SQL (the same again), so neither side's carts weigh on the other's sums.
 */
export async function seedStore(
  pg: Postgres | undefined,
  name: string,
): Promise<{ items: Items; url: string | undefined; dataDir: string }> {
  const fresh = await freshDatabase(pg, name);
  const hot = Array.from({ length: ROUNDS }, (_, i) => storeItem(`hot${i + 1}`, { price: 50, quantity: HOT }));
  const catalogue = Array.from({ length: CATALOGUE }, (_, i) =>
    storeItem(`c${i + 1}`, { tab: 'Merchandise', section: 'Shop', price: 5 + i, quantity: 1_000_000, seats: 0 }),
  );
  const ids: Record<string, number[]> = {};
  for (const eventcode of ['bench', 'rawbench']) {
    await importEventDocument(
      fresh.db.db,
      eventDocument(new Date(), {
        auctioncode: 'demo',
        eventcode,
        store: { billme: true, holdminutes: HOLD_MINUTES, items: [...hot, ...catalogue] },
      }),
      { testPaymentsAllowed: true },
    );
    const [event] = await fresh.db.db.select({ id: events.id }).from(events).where(eq(events.eventcode, eventcode));
    if (!event) throw new Error(`no event ${eventcode}`);
    const rows = await fresh.db.db
      .select({ id: storeItems.id, code: storeItems.code })
      .from(storeItems)
      .where(eq(storeItems.eventId, event.id))
      .orderBy(storeItems.id);
    ids[`${eventcode}hot`] = rows.filter((r) => r.code.startsWith('hot')).map((r) => r.id);
    ids[`${eventcode}c`] = rows.filter((r) => r.code.startsWith('c')).map((r) => r.id);
  }
  await fresh.db.close();
  const items = {
    hot: ids.benchhot ?? [],
    rawHot: ids.rawbenchhot ?? [],
    catalogue: ids.benchc ?? [],
    rawCatalogue: ids.rawbenchc ?? [],
  };
  return { items, url: fresh.url, dataDir: fresh.dataDir };
}

export interface Burst {
  sold: number[];
  refused: number;
  adds: number[];
  wallMs: number;
}

export const emptyBurst = (): Burst => ({ sold: [], refused: 0, adds: [], wallMs: 0 });

export interface Journeys {
  checkouts: number;
  elapsedMs: number;
  setup: number[];
  adds: number[];
  cart: number[];
  checkout: number[];
  journey: number[];
}
