import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auctionItems, events, itemPhotos, media, organizations } from '../db/schema';

/**
 * Every row the import can touch, in a stable order, so a test can prove that a refused request
 * changed nothing: take one before, one after, and compare them whole.
 */
export async function dbState(db: Db) {
  const mediaRows = await db.select().from(media).orderBy(asc(media.id));
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    items: await db.select().from(auctionItems).orderBy(asc(auctionItems.id)),
    photos: await db.select().from(itemPhotos).orderBy(asc(itemPhotos.id)),
    // Bytes as text: the two drivers hand back Buffer or Uint8Array for the same column.
    media: mediaRows.map((m) => ({ ...m, bytes: Buffer.from(m.bytes).toString('base64') })),
  };
}
