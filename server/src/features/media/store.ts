import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { media } from '../../db/schema';

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,(.+)$/;

/**
 * Stores an inline data: image and answers its path on this server; other references (paths and
 * https addresses) pass through. Images are keyed by content, so importing twice stores once.
 */
export async function storeImageRef(tx: Tx, organizationId: number, ref: string | undefined): Promise<string> {
  if (!ref) return '';
  const match = DATA_URL.exec(ref);
  if (!match) return ref;
  const contentType = match[1] ?? 'application/octet-stream';
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  // Keyed by organization and content: each organization owns its copy, and re-imports reuse it.
  const id = createHash('sha256')
    .update(`${organizationId}:${contentType}:`)
    .update(bytes)
    .digest('base64url')
    .slice(0, 32);
  await tx.insert(media).values({ id, organizationId, contentType, bytes }).onConflictDoNothing();
  return `/media/${id}`;
}

/** An imported image by its id, or undefined. */
export async function storedImage(db: Db, id: string): Promise<typeof media.$inferSelect | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}
