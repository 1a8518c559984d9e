import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { auctionItems, itemPhotos, media } from '../../../db/schema';
import { failure } from '../../../test/harness';
import { imageSize, imageTypeOf } from '../../media/inspect';
import { checkImage } from '../../media/upload';
import { auditCount, auditOf, type ItemsWorld, itemsWorld, multipart, pngOf, send } from './items-fixtures';
import { claimingSize, noisyJpeg } from '../../../test/images';

/** Photos: uploaded from a computer or a phone, checked by their bytes, stored as imported images are; ordered, removed, one on the card. */
const now = new Date('2026-12-01T18:00:00Z');
let w: ItemsWorld;
beforeAll(async () => {
  w = await itemsWorld(now);
});
afterAll(async () => w.t.close());

const red = pngOf(3, 2, [255, 0, 0]);
const blue = pngOf(2, 3, [0, 0, 255]);
const upload = (headers: object, parts: Parameters<typeof multipart>[0], itemnum = '101') => {
  const body = multipart(parts);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/console/events/gala/items/${itemnum}/photos`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const mediaCount = async () => (await w.t.ctx.db.select({ id: media.id }).from(media)).length;

describe('POST /console/events/:eventcode/items/:itemnum/photos', () => {
  it('stores two uploaded PNGs as imported images are, in order; the first goes on the card', async () => {
    const res = await upload(w.staffer.headers, [
      { name: 'file', filename: 'red.png', type: 'image/png', body: red },
      { name: 'file', filename: 'blue.png', type: 'application/octet-stream', body: blue },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { photos, imageurl } = res.json();
    expect(photos).toHaveLength(2);
    expect(photos.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    expect(imageurl).toBe(photos[0].url);
    const served = await w.t.app.inject({ method: 'GET', url: photos[1].url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(blue)).toBe(true);
    const phone = await w.t.app.inject({
      method: 'POST',
      url: '/api/itemphotos',
      headers: w.bidder.auth,
      payload: { eventcode: 'gala', itemid: (await itemId('101')) ?? 0 },
    });
    expect(phone.json().itemphotos.map((p: { photourl: string }) => p.photourl)).toEqual(
      photos.map((p: { url: string }) => p.url),
    );
    const [entry] = await auditOf(w.t, 'item.photos');
    expect(entry).toMatchObject({
      summary: 'Added 2 photos to item 101 (Wine Tasting)',
      before: { photos: [], imageurl: '' },
      after: { photos: photos.map((p: { url: string }) => p.url), imageurl },
    });
    // The table counts each item's own photos (a subquery once compared the photo's id with itself).
    const table = await w.t.app.inject({
      method: 'GET',
      url: '/api/console/events/gala/items',
      headers: w.staffer.headers,
    });
    const counts = Object.fromEntries(
      table.json().items.map((i: { itemnum: string; photos: number }) => [i.itemnum, i.photos]),
    );
    expect(counts['101']).toBe(2);
    expect(Object.values(counts).filter((n) => n !== 0)).toEqual([2]);
  });

  it('adds an image the item already has only once', async () => {
    const res = await upload(w.owner.headers, [
      { name: 'file', filename: 'again.png', body: red },
      { name: 'file', filename: 'green.png', body: pngOf(1, 1, [0, 255, 0]) },
      { name: 'file', filename: 'green-again.png', body: pngOf(1, 1, [0, 255, 0]) },
    ]);
    expect(res.json().photos).toHaveLength(3);
    expect((await auditOf(w.t, 'item.photos'))[0]?.summary).toBe('Added 1 photo to item 101 (Wine Tasting)');
    const [, , green] = res.json().photos.map((p: { url: string }) => p.url);
    const removed = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.owner.headers,
      payload: {
        photos: res
          .json()
          .photos.slice(0, 2)
          .map((p: { url: string }) => p.url),
        imageurl: res.json().imageurl,
      },
    });
    expect(removed.json().photos.map((p: { url: string }) => p.url)).not.toContain(green);
  });

  it('refuses what is not an image we take, whatever its name, and stores nothing', async () => {
    const [stored, entries] = [await mediaCount(), await auditCount(w.t)];
    const text = await upload(w.owner.headers, [
      { name: 'file', filename: 'red.png', type: 'image/png', body: red },
      { name: 'file', filename: 'notes.png', type: 'image/png', body: 'not a picture' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(failure('bad_request', 'notes.png is not a JPEG, PNG, WebP or GIF image.'));
    const svg = await upload(w.owner.headers, [
      { name: 'file', filename: 'logo.svg', type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]);
    expect(svg.json().message).toBe('logo.svg is not a JPEG, PNG, WebP or GIF image.');
    const cut = await upload(w.owner.headers, [{ name: 'file', filename: 'cut.png', body: red.subarray(0, 12) }]);
    expect(cut.json().message).toBe('cut.png could not be read as an image.');
    const misnamed = await upload(w.owner.headers, [{ name: 'photo', filename: 'red.png', body: red }]);
    expect(misnamed.json().message).toBe('Send each image in a part named file (not photo).');
    const none = await upload(w.owner.headers, [{ name: 'note', body: 'hello' }]);
    expect(none.json()).toEqual(failure('bad_request', 'No image was sent: add one or more parts named file.'));
    const json = await send(w.t, { method: 'POST', path: '/items/101/photos', headers: w.owner.headers, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the images as multipart/form-data, each in a part named file.');
    expect([await mediaCount(), await auditCount(w.t)]).toEqual([stored, entries]);
  });

  it('refuses a 40 MB photo, a damaged one and an image bomb, each named, and stores nothing', async () => {
    const before = [await mediaCount(), (await itemPhotosOf('102')).length];
    const big = Buffer.concat([red, Buffer.alloc(40 * 1024 * 1024)]);
    const huge = await upload(w.owner.headers, [{ name: 'file', filename: 'big.jpg', body: big }], '102');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual(failure('bad_request', 'big.jpg is larger than 10 MB; send a smaller one.'));
    // A whole header and half a body: only decoding it tells.
    const jpeg = await noisyJpeg();
    const cut = await upload(
      w.owner.headers,
      [
        { name: 'file', filename: 'red.png', body: red },
        { name: 'file', filename: 'cut.jpg', body: jpeg.subarray(0, jpeg.length / 2) },
      ],
      '102',
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('cut.jpg could not be read as an image: it is damaged or cut short.');
    // A few hundred bytes that declare 64 million pixels.
    const bomb = claimingSize(red, 8_000);
    const opened = await upload(w.owner.headers, [{ name: 'file', filename: 'bomb.png', body: bomb }], '102');
    expect(opened.json().message).toBe(
      'bomb.png is 8000 x 8000 pixels (64 megapixels); an image may have at most 50 megapixels.',
    );
    expect([await mediaCount(), (await itemPhotosOf('102')).length]).toEqual(before);
  });

  it('refuses a volunteer, a bidder, and an unknown item', async () => {
    const volunteer = await upload(w.volunteer.headers, [{ name: 'file', filename: 'r.png', body: red }]);
    expect(volunteer.statusCode).toBe(403);
    expect(volunteer.json().message).toBe(roleNeeded('staff'));
    expect((await upload(w.bidder.auth, [{ name: 'file', filename: 'r.png', body: red }])).statusCode).toBe(401);
    const missing = await upload(w.owner.headers, [{ name: 'file', filename: 'r.png', body: red }], '999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /console/events/:eventcode/items/:itemnum/photos', () => {
  const current = async () => (await send(w.t, { method: 'GET', path: '/items/101', headers: w.owner.headers })).json();

  it('reorders, removes and picks the card image; audited', async () => {
    const { photos } = await current();
    const [first, second] = photos.map((p: { url: string }) => p.url);
    const res = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.staffer.headers,
      payload: { photos: [second, first], imageurl: second },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      photos: [
        { url: second, position: 0 },
        { url: first, position: 1 },
      ],
      imageurl: second,
    });
    const removed = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.staffer.headers,
      payload: { photos: [second], imageurl: second },
    });
    expect(removed.json().photos).toEqual([{ url: second, position: 0 }]);
    const [entry] = await auditOf(w.t, 'item.photos');
    expect(entry).toMatchObject({
      summary: 'Arranged the photos of item 101 (Wine Tasting): 1 removed',
      before: { photos: [second, first], imageurl: second },
      after: { photos: [second], imageurl: second },
    });
    expect((await w.t.ctx.db.select().from(auctionItems).where(eq(auctionItems.itemnum, '101')))[0]?.imageurl).toBe(
      second,
    );
  });

  it("refuses a photo that is not the item's, a card image not kept, and a volunteer; nothing changes", async () => {
    const before = await current();
    const entries = await auditCount(w.t);
    const foreign = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.owner.headers,
      payload: { photos: ['https://cdn.example.org/x.jpg'], imageurl: '' },
    });
    expect(foreign.json()).toEqual(
      failure('bad_request', "photos[0]: is not one of this item's photos", [
        { path: 'photos[0]', message: "is not one of this item's photos" },
      ]),
    );
    const card = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.owner.headers,
      payload: { photos: [], imageurl: before.photos[0].url },
    });
    expect(card.json().errors).toEqual([
      { path: 'imageurl', message: 'must be one of the photos kept, or empty for none' },
    ]);
    const volunteer = await send(w.t, {
      method: 'PUT',
      path: '/items/101/photos',
      headers: w.volunteer.headers,
      payload: { photos: [], imageurl: '' },
    });
    expect(volunteer.statusCode).toBe(403);
    expect(await current()).toEqual(before);
    expect(await auditCount(w.t)).toBe(entries);
  });
});

describe('an upload is checked by its bytes', () => {
  it('knows JPEG, PNG, WebP and GIF by their headers, with their sizes', () => {
    expect(imageTypeOf(red)).toBe('image/png');
    expect(imageSize(red, 'image/png')).toEqual({ width: 3, height: 2 });
    const gif = Buffer.from('474946383961050007000000', 'hex');
    expect(imageTypeOf(gif)).toBe('image/gif');
    expect(imageSize(gif, 'image/gif')).toEqual({ width: 5, height: 7 });
    // A JPEG's start, an APP0 segment, then its frame header: 16 rows of 32 pixels.
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080010002001011100', 'hex');
    expect(imageTypeOf(jpeg)).toBe('image/jpeg');
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 32, height: 16 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(639, 24, 3);
    webp.writeUIntLE(479, 27, 3);
    expect(imageTypeOf(webp)).toBe('image/webp');
    expect(imageSize(webp, 'image/webp')).toEqual({ width: 640, height: 480 });
  });

  it('refuses an image too large in pixels, whatever its bytes', () => {
    expect(() => checkImage('wide.png', pngOf(1, 1, [0, 0, 0]))).not.toThrow();
    const huge = Buffer.from(red);
    huge.writeUInt32BE(20_000, 16);
    expect(() => checkImage('huge.png', huge)).toThrow(
      'huge.png is 20000 x 2 pixels; an image may be at most 12000 pixels on a side.',
    );
  });
});

async function itemId(itemnum: string): Promise<number | undefined> {
  const [row] = await w.t.ctx.db
    .select({ id: auctionItems.id })
    .from(auctionItems)
    .where(eq(auctionItems.itemnum, itemnum));
  return row?.id;
}

async function itemPhotosOf(itemnum: string): Promise<unknown[]> {
  return w.t.ctx.db
    .select({ url: itemPhotos.photourl })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, (await itemId(itemnum)) ?? 0));
}
