import { and, desc, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { IMAGE_COPY_WIDTHS } from '@gavel/domain';
import type { Db } from '../../db/client';
import { media, mediaVariants } from '../../db/schema';
import { SHARP_INPUT } from './inspect';

/**
 * The resized copies of stored images (issue 31): WebP at the spec's breakpoints and the card
 * thumbnail (domain/src/images.ts), each narrower than its original, made once per image by the
 * `images` job, never while a request waits. Until they are made, a copy's address answers the
 * original (routes.ts).
 */

/** WebP quality of the copies: at phone sizes no one sees the difference from 85, and the files are a third smaller. */
const QUALITY = 75;
/** Images handled per tick, one after another: a tick stays near a second even on a busy two-core machine. */
export const IMAGES_BATCH = 4;
export const IMAGES_EVERY_MS = 1_000;

export interface Copy {
  width: number;
  height: number;
  bytes: Buffer;
}

/** An image's size as shown (its EXIF orientation applied), null when it cannot be read; and its copies. */
export interface Copies {
  width: number | null;
  height: number | null;
  copies: Copy[];
}

const none: Copies = { width: null, height: null, copies: [] };

/**
 * The copies of one image, narrower than it: none for an SVG (it is drawn at any size), an
 * animated image (a copy would stand still) or one sharp cannot read (the original is served).
 */
export async function makeCopies(contentType: string, bytes: Buffer): Promise<Copies> {
  if (contentType === 'image/svg+xml') return none;
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, SHARP_INPUT).metadata();
    const { width, height } = meta.autoOrient;
    if ((meta.pages ?? 1) > 1) return { width, height, copies: [] };
    const copies: Copy[] = [];
    for (const w of IMAGE_COPY_WIDTHS.filter((copyWidth) => copyWidth < width)) {
      // One decode per width: a JPEG decodes at the smallest scale that still covers the copy.
      const { data, info } = await sharp(bytes, SHARP_INPUT)
        .autoOrient()
        .resize({ width: w })
        .webp({ quality: QUALITY })
        .toBuffer({ resolveWithObject: true });
      copies.push({ width: info.width, height: info.height, bytes: data });
    }
    return { width, height, copies };
  } catch {
    return none;
  }
}

/**
 * Makes the copies of the images not yet seen, a few per call; answers how many images it stored
 * copies for (or found it could not). A process's own images in the making are skipped by its
 * other calls (`working`). The copies are made outside any transaction (on PGlite a transaction
 * holds the whole database, and a picture takes a few hundred milliseconds); they are stored in a
 * short one that locks the image's row with SKIP LOCKED and rechecks that it is still due, so
 * every image's copies are stored once, whichever process gets there first. Processes take the
 * due images in random order, so two seldom make the same one.
 */
export function imageCopier(): { tick(db: Db, now: Date, batch?: number): Promise<number> } {
  const working = new Set<string>();
  const handle = async (db: Db, id: string, now: Date): Promise<number> => {
    const [row] = await db
      .select({ contentType: media.contentType, bytes: media.bytes })
      .from(media)
      .where(and(eq(media.id, id), isNull(media.variantsAt)));
    if (!row) return 0;
    const made = await makeCopies(row.contentType, Buffer.from(row.bytes));
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, id), isNull(media.variantsAt)))
        .for('update', { skipLocked: true });
      if (!due) return 0;
      if (made.copies.length > 0)
        await tx
          .insert(mediaVariants)
          .values(made.copies.map((c) => ({ mediaId: id, contentType: 'image/webp', ...c })))
          .onConflictDoNothing();
      await tx.update(media).set({ width: made.width, height: made.height, variantsAt: now }).where(eq(media.id, id));
      return 1;
    });
  };
  return {
    async tick(db, now, batch = IMAGES_BATCH) {
      const due = await db
        .select({ id: media.id })
        .from(media)
        .where(and(isNull(media.variantsAt), working.size > 0 ? notInArray(media.id, [...working]) : undefined))
        .orderBy(sql`random()`)
        .limit(batch);
      let stored = 0;
      for (const { id } of due) {
        if (working.has(id)) continue;
        working.add(id);
        try {
          stored += await handle(db, id, now);
        } finally {
          working.delete(id);
        }
      }
      return stored;
    },
  };
}

export interface StoredCopy {
  width: number;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}

/** The image's copy at `width`, or its widest narrower one; undefined when it has none that narrow. */
export async function copyAtMost(db: Db, id: string, width: number): Promise<StoredCopy | undefined> {
  const [row] = await db
    .select({
      width: mediaVariants.width,
      contentType: mediaVariants.contentType,
      bytes: mediaVariants.bytes,
      createdAt: mediaVariants.createdAt,
    })
    .from(mediaVariants)
    .where(and(eq(mediaVariants.mediaId, id), lte(mediaVariants.width, width)))
    .orderBy(desc(mediaVariants.width))
    .limit(1);
  return row ? { ...row, bytes: Buffer.from(row.bytes) } : undefined;
}

/** Whether an image's copies are settled (made, or found impossible): undefined for no such image. */
export async function copiesSettled(db: Db, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ at: media.variantsAt }).from(media).where(eq(media.id, id)).limit(1);
  return row ? row.at !== null : undefined;
}
