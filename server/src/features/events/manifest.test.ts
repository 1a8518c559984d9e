import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { shortName } from './manifest';

// Each event's web app manifest and icons (issue 31, item 3), and the service worker's file as the
// server serves it.
const now = new Date('2026-12-01T18:00:00Z');
/** A wide vector logo, as the demo's: a logo may be any shape, size and kind. */
const WIDE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200"><rect width="320" height="200" fill="#1d6b3a"/></svg>`;
const logoUrl = `data:image/svg+xml;base64,${Buffer.from(WIDE_LOGO).toString('base64')}`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gavel-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Gavel</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  t = await createTestApp({ WEB_DIST: dist }, now);
  await importEvent(
    t,
    eventDocument(now, { eventcode: 'gala', eventname: 'Riverbend Spring Gala 2026', event: { logourl: logoUrl } }),
  );
  await importEvent(t, eventDocument(now, { eventcode: 'plain', eventname: 'Book Fair' }));
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** An icon's size and the colour of its top-left pixel (alpha 0 is see-through). */
async function iconAt(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, corner: [...data.subarray(0, 4)] };
}

describe("an event's manifest", () => {
  it('installs the event under its name, opening on its home, with its icons', async () => {
    const res = await get('/gala/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      id: '/gala',
      name: 'Riverbend Spring Gala 2026',
      short_name: 'Riverbend',
      description: 'Bid on auction items for a good cause.',
      lang: 'en',
      start_url: '/gala',
      scope: '/gala',
      display: 'standalone',
      theme_color: '#4b1f73',
      background_color: '#f7f4fa',
      icons: [
        { src: '/gala/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/gala/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/gala/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it('draws the icons from the logo, whole and square on white, at the sizes it names', async () => {
    for (const [name, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['maskable-512.png', 512],
      ['apple-touch-icon.png', 180],
    ] as const) {
      const icon = await iconAt(`/gala/icons/${name}`);
      expect([icon.width, icon.height]).toEqual([size, size]);
      expect(icon.corner).toEqual([255, 255, 255, 255]);
    }
    // In the middle, the logo's own green.
    const res = await get('/gala/icons/icon-512.png');
    const { data } = await sharp(res.rawPayload)
      .extract({ left: 256, top: 256, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x1d, 0x6b, 0x3a]);
  });

  it("gives an event without a logo Gavel's mark, opaque where a phone needs it", async () => {
    const any = await iconAt('/plain/icons/icon-192.png');
    expect([any.width, any.corner[3]]).toEqual([192, 0]);
    const apple = await iconAt('/plain/icons/apple-touch-icon.png');
    expect(apple.corner).toEqual([0x4b, 0x1f, 0x73, 255]);
    const maskable = await iconAt('/plain/icons/maskable-512.png');
    expect(maskable.corner).toEqual([0x4b, 0x1f, 0x73, 255]);
    expect((await get('/plain/manifest.webmanifest')).json()).toMatchObject({
      name: 'Book Fair',
      short_name: 'Book Fair',
    });
  });

  it('answers an icon asked again with 304 by its ETag', async () => {
    const first = await get('/gala/icons/icon-192.png');
    const etag = String(first.headers.etag);
    expect((await get('/gala/icons/icon-192.png', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/plain/icons/icon-192.png', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('has none for an event that does not exist, nor an icon it does not name', async () => {
    const missing = await get('/nosuch/manifest.webmanifest');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'event_not_found', message: 'Event Not Found' });
    const icon = await get('/gala/icons/favicon.png');
    expect(icon.statusCode).toBe(404);
    expect(icon.json()).toMatchObject({ code: 'not_found', message: 'No such icon.' });
  });

  it('shortens a long name at a word for the launcher', () => {
    expect(shortName('Gala')).toBe('Gala');
    expect(shortName('Riverbend Spring Gala')).toBe('Riverbend');
    expect(shortName('A Night of Stars')).toBe('A Night of');
    expect(shortName('Extraordinarily')).toBe('Extraordinarily');
  });
});

describe('the service worker file', () => {
  it('is served never stale, so a new deployment is found at once', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });
});
