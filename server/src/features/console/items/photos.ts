import { eq, sql } from 'drizzle-orm';
import { ITEM_PHOTO_LIMITS, type Problem } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { auctionItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import { publishEventRefresh } from '../../../realtime/publish';
import { storeUploadedImage, type UploadedImage } from '../../media/upload';
import { recordAudit } from '../../../lib/audit';
import { presentPhotos } from './presenter';
import { itemOrNotFound, photosOf, replacePhotos } from './queries';
import { refuse } from './service';

/** As many photos as the import document lets an item have. */
const MAX_ITEM_PHOTOS = ITEM_PHOTO_LIMITS.perItem;

const photosAnswer = (photos: string[], imageurl: string) => ({
  status: 'success' as const,
  photos: presentPhotos(photos),
  imageurl,
});

/**
 * Adds uploaded images after an item's photos, in the order sent (an image it already has is not
 * added again). An item without a card image gets the first of them on its card.
 */
export async function addPhotos(
  ctx: AppContext,
  caller: StaffEventCaller,
  { itemnum, images }: { itemnum: string; images: UploadedImage[] },
) {
  const { event, organization } = caller.tenant;
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await itemOrNotFound(tx, event.id, itemnum, true);
    const before = await photosOf(tx, row.id);
    if (before.length + images.length > MAX_ITEM_PHOTOS)
      throw new AppError(
        'bad_request',
        `An item may have at most ${MAX_ITEM_PHOTOS} photos; item ${row.itemnum} has ${before.length}, so add at most ${Math.max(0, MAX_ITEM_PHOTOS - before.length)}.`,
      );
    const added: string[] = [];
    for (const image of images) {
      // Images are kept by content: one the item already shows is not shown twice.
      const url = await storeUploadedImage(tx, organization.id, image);
      if (!before.includes(url) && !added.includes(url)) added.push(url);
    }
    const photos = await replacePhotos(tx, {
      organizationId: organization.id,
      itemId: row.id,
      refs: [...before, ...added],
    });
    const imageurl = row.imageurl || (added[0] ?? '');
    if (imageurl !== row.imageurl)
      await tx
        .update(auctionItems)
        .set({ imageurl, updatedAt: sql`now()` })
        .where(eq(auctionItems.id, row.id));
    const n = added.length;
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.photos',
      summary: `Added ${n} photo${n === 1 ? '' : 's'} to item ${row.itemnum} (${row.name})`,
      before: { photos: before, imageurl: row.imageurl },
      after: { photos, imageurl },
    });
    return photosAnswer(photos, imageurl);
  });
  publishEventRefresh(ctx, codesOf(caller.tenant));
  return answer;
}

/**
 * Puts an item's photos in the order given, removes those left out, and sets the card's image: one
 * of the photos kept, '' for none, or the card image it already has when that is not among its
 * photos (an imported item may have one of its own). Only the item's own photos may be named.
 */
export async function arrangePhotos(
  ctx: AppContext,
  caller: StaffEventCaller,
  { itemnum, photos: wanted, imageurl }: { itemnum: string; photos: string[]; imageurl: string },
) {
  const { event, organization } = caller.tenant;
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await itemOrNotFound(tx, event.id, itemnum, true);
    const before = await photosOf(tx, row.id);
    const problems: Problem[] = [];
    wanted.forEach((url, i) => {
      if (!before.includes(url)) problems.push({ path: `photos[${i}]`, message: "is not one of this item's photos" });
      else if (wanted.indexOf(url) !== i) problems.push({ path: `photos[${i}]`, message: 'is named twice' });
    });
    const ownCard = row.imageurl !== '' && !before.includes(row.imageurl) ? row.imageurl : null;
    if (imageurl !== '' && !wanted.includes(imageurl) && imageurl !== ownCard)
      problems.push({ path: 'imageurl', message: 'must be one of the photos kept, or empty for none' });
    if (problems.length > 0) throw refuse(problems);
    const photos = await replacePhotos(tx, { organizationId: organization.id, itemId: row.id, refs: wanted });
    await tx
      .update(auctionItems)
      .set({ imageurl, updatedAt: sql`now()` })
      .where(eq(auctionItems.id, row.id));
    const removed = before.length - photos.length;
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.photos',
      summary: `Arranged the photos of item ${row.itemnum} (${row.name})${removed > 0 ? `: ${removed} removed` : ''}`,
      before: { photos: before, imageurl: row.imageurl },
      after: { photos, imageurl },
    });
    return photosAnswer(photos, imageurl);
  });
  publishEventRefresh(ctx, codesOf(caller.tenant));
  return answer;
}
