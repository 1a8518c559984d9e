import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaVariants } from '../../db/schema';
import { call } from '../../test/call';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';
import { eventDocument, item, SVG_DATA_URL } from '../../test/documents';
import { imageCopier } from './variants';

/** The images job: WebP copies at the breakpoints narrower than each stored image, made once; their addresses. */
let t: TestApp;
let photo: Buffer;
const ids = { photo: '', small: '', svg: '' };
const now = new Date('2026-12-01T18:00:00Z');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({}, now);
  // An 800 x 600 photo: copies at 400, 480, 576 and 768; a 300 x 200 PNG is narrower than any.
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4b1f73' } })
    .jpeg()
    .toBuffer();
  const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#3fa7a0' } })
    .png()
    .toBuffer();
  const doc = eventDocument(now, {
    items: [
      item('1', { imageurl: dataUrl('image/jpeg', photo) }),
      item('2', { imageurl: dataUrl('image/png', small) }),
      item('3', { imageurl: SVG_DATA_URL }),
    ],
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await t.ctx.db.select({ id: media.id, type: media.contentType }).from(media);
  for (const r of rows) ids[r.type === 'image/jpeg' ? 'photo' : r.type === 'image/png' ? 'small' : 'svg'] = r.id;
});
afterAll(async () => t.close());

describe('a copy not made yet', () => {
  it('answers the original, for the phone to ask again (no-cache), never an error or a wait', async () => {
    const res = await get(`/media/${ids.photo}/480.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe(`"${ids.photo}"`);
    expect(res.rawPayload.equals(photo)).toBe(true);
    expect(await t.ctx.db.select().from(mediaVariants)).toEqual([]);
  });
});

describe('the images job', () => {
  it('makes each image once, even with ticks running side by side, at the breakpoints narrower than it', async () => {
    const one = imageCopier();
    const other = imageCopier();
    const done = await Promise.all([one.tick(t.ctx.db, now), one.tick(t.ctx.db, now), other.tick(t.ctx.db, now)]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(3);
    const copies = await t.ctx.db.select().from(mediaVariants).orderBy(mediaVariants.width);
    expect(copies.map((c) => [c.mediaId, c.width, c.height])).toEqual(
      [400, 480, 576, 768].map((w) => [ids.photo, w, (w * 3) / 4]),
    );
    for (const c of copies) {
      const meta = await sharp(Buffer.from(c.bytes)).metadata();
      expect([c.contentType, meta.format, meta.width]).toEqual(['image/webp', 'webp', c.width]);
    }
    const seen = await t.ctx.db
      .select({ id: media.id, width: media.width, height: media.height, at: media.variantsAt })
      .from(media);
    expect(Object.fromEntries(seen.map((m) => [m.id, [m.width, m.height, m.at?.toISOString()]]))).toEqual({
      [ids.photo]: [800, 600, now.toISOString()],
      [ids.small]: [300, 200, now.toISOString()],
      // An SVG is drawn at any size: no copies, and nothing to read.
      [ids.svg]: [null, null, now.toISOString()],
    });
    expect(await one.tick(t.ctx.db, now)).toBe(0);
    expect(await t.ctx.db.select().from(mediaVariants)).toHaveLength(4);
  });
});

describe('GET /media/{id}/{width}.webp', () => {
  it('answers the WebP copy, kept for good, by its ETag, with a 304 for a phone that has it', async () => {
    const res = await get(`/media/${ids.photo}/480.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${ids.photo}-480"`);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    const again = await get(`/media/${ids.photo}/480.webp`, { 'if-none-match': `"${ids.photo}-480"` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers the widest narrower copy, or the original, for a width the image has no copy at', async () => {
    const wide = await get(`/media/${ids.photo}/1200.webp`);
    expect([wide.headers.etag, wide.headers['content-type']]).toEqual([`"${ids.photo}-768"`, 'image/webp']);
    for (const id of [ids.small, ids.svg]) {
      const res = await get(`/media/${id}/400.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(`"${id}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(`/media/${ids.svg}/768.webp`)).headers['content-type']).toBe('image/svg+xml');
  });

  it('refuses a width that is not a copy width, and knows no unknown image', async () => {
    const odd = await get(`/media/${ids.photo}/500.webp`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('file: must be one of 400, 480, 576, 768, 992, 1200 (.webp)');
    expect((await get(`/media/${ids.photo}/480.png`)).statusCode).toBe(400);
    const missing = await get('/media/abcdefABCDEF0123456789_-abcdefgh/480.webp');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No such image.');
  });
});

describe('POST /auctionitems with includethumbnail', () => {
  it("answers each card's thumbnail; the item keeps its imageurl", async () => {
    const guest = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
    if (!guest.ok) throw new Error(guest.failure.message);
    const headers = { authorization: `Bearer ${guest.answer.token}` };
    const list = await call(t.app, 'POST /auctionitems', { eventcode: 'gala', includethumbnail: true }, { headers });
    if (!list.ok) throw new Error(list.failure.message);
    const first = list.answer.auctionitems.find((i) => i.itemnum === '1');
    expect(first?.imageurl).toBe(`/media/${ids.photo}`);
    expect(first?.thumbnailurl).toBe(`/media/${ids.photo}/400.webp`);
    const plain = await call(t.app, 'POST /auctionitems', { eventcode: 'gala' }, { headers });
    expect(plain.ok && plain.answer.auctionitems.every((i) => i.thumbnailurl === undefined)).toBe(true);
  });
});
