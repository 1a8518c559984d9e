import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, failure, type TestApp } from '../../test/harness';
import { galaDocument, item, PNG_BASE64, PNG_DATA_URL, SVG_DATA_URL, SVG_SOURCE } from '../../test/documents';
import { media } from '../../db/schema';
import { ImageCache } from './routes';
import { claimingSize, noisyJpeg } from '../../test/images';

// Images arrive inline (data: URLs) in an imported event document and are served at /media/{id}.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const doc = galaDocument({
    event: { logourl: PNG_DATA_URL, sponsorurl: [SVG_DATA_URL] },
    items: [item('101', { imageurl: PNG_DATA_URL, photos: [PNG_DATA_URL, SVG_DATA_URL] })],
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

describe('images', () => {
  it('stores each image once, whatever number of places use it', async () => {
    const rows = await t.ctx.db.select({ contentType: media.contentType }).from(media);
    expect(rows.map((r) => r.contentType).sort()).toEqual(['image/png', 'image/svg+xml']);
  });

  it('serves a stored image with its content type and cache and CSP headers', async () => {
    const rows = await t.ctx.db.select({ id: media.id, contentType: media.contentType }).from(media);
    const png = rows.find((r) => r.contentType === 'image/png');
    const svg = rows.find((r) => r.contentType === 'image/svg+xml');

    const res = await t.app.inject({ method: 'GET', url: `/media/${png?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);

    const svgRes = await t.app.inject({ method: 'GET', url: `/media/${svg?.id}` });
    expect(svgRes.headers['content-type']).toBe('image/svg+xml');
    expect(svgRes.headers['content-security-policy']).toContain('sandbox');
    expect(svgRes.body).toBe(SVG_SOURCE);
  });

  it('names each image by an ETag and answers 304 to a phone that already has it, from memory after the first read', async () => {
    const [row] = await t.ctx.db.select({ id: media.id }).from(media).limit(1);
    const first = await t.app.inject({ method: 'GET', url: `/media/${row?.id}` });
    expect(first.headers.etag).toBe(`"${row?.id}"`);
    expect(new Date(String(first.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const again = await t.app.inject({
      method: 'GET',
      url: `/media/${row?.id}`,
      headers: { 'if-none-match': `"other", ${first.headers.etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await t.app.inject({
      method: 'GET',
      url: `/media/${row?.id}`,
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    // Served from memory: the row's bytes are not read again.
    await t.ctx.db.update(media).set({ contentType: 'image/gif' });
    expect((await t.app.inject({ method: 'GET', url: `/media/${row?.id}` })).headers['content-type']).not.toBe(
      'image/gif',
    );
  });

  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/media/abcdefABCDEF0123456789_-abcdefgh' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'failure', code: 'not_found', message: 'No such image.' });
    const bad = await t.app.inject({ method: 'GET', url: '/media/a.b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      failure('bad_request', 'id: is not an image id', [{ path: 'id', message: 'is not an image id' }]),
    );
  });
});

describe('images inline in an imported document', () => {
  it('refuses one that is not what it says, a bomb or a damaged one, at its field; nothing is stored', async () => {
    const stored = async () => (await t.ctx.db.select({ id: media.id }).from(media)).length;
    const before = await stored();
    const jpeg = await noisyJpeg();
    const bomb = claimingSize(Buffer.from(PNG_BASE64, 'base64'), 10_000);
    const inline = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
    const doc = galaDocument({
      eventcode: 'spring',
      event: { logourl: inline('image/png', bomb) },
      items: [
        item('1', { photos: [PNG_DATA_URL, inline('image/jpeg', jpeg.subarray(0, jpeg.length / 2))] }),
        item('2', { imageurl: inline('image/jpeg', Buffer.from('not a picture at all')) }),
      ],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The event document has 3 problems; nothing was imported.', [
        {
          path: 'event.logourl',
          message: 'is 10000 x 10000 pixels (100 megapixels); an image may have at most 50 megapixels',
        },
        { path: 'items[0].photos[1]', message: 'could not be read as an image: it is damaged or cut short' },
        { path: 'items[1].imageurl', message: 'is not a JPEG, PNG, WebP or GIF image' },
      ]),
    );
    expect(await stored()).toBe(before);
  });
});

describe('the image cache', () => {
  it('keeps the most recently used images within its byte budget', () => {
    const cache = new ImageCache(10);
    const image = (n: number) => ({ contentType: 'image/png', bytes: Buffer.alloc(n), lastModified: '', etag: '"x"' });
    cache.set('a', image(4));
    cache.set('b', image(4));
    cache.get('a');
    cache.set('c', image(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toEqual({ images: 2, bytes: 8 });
    cache.set('huge', image(11));
    expect(cache.get('huge')).toBeUndefined();
  });
});
