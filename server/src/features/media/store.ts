import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { media } from '../../db/schema';
import { AppError } from '../../errors';
import { inspectImage } from './inspect';

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,(.+)$/;

/** The type and bytes of an inline data: image, or null for any other reference. */
export function dataImage(ref: string): { contentType: string; bytes: Buffer } | null {
  const match = DATA_URL.exec(ref);
  if (!match) return null;
  return { contentType: match[1] ?? 'application/octet-stream', bytes: Buffer.from(match[2] ?? '', 'base64') };
}

/**
 * Stores an inline data: image and answers its path on this server; other references (paths and
 * https addresses) pass through. Images are keyed by content, so importing twice stores once.
 * A raster image is checked by its header first (what it is, its sides and pixels), so nothing
 * that is not an image we take is stored, whoever sends it; SVG is served as it is, never opened
 * here. The import and the upload also decode each image whole before they get here.
 */
export async function storeImageRef(tx: Tx, organizationId: number, ref: string | undefined): Promise<string> {
  if (!ref) return '';
  const image = dataImage(ref);
  if (!image) return ref;
  const { contentType, bytes } = image;
  if (contentType !== 'image/svg+xml') {
    const inspected = inspectImage(bytes);
    if (inspected.problem !== undefined) throw new AppError('bad_request', `An inline image ${inspected.problem}.`);
  }
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
