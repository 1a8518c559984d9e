import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, failure, type TestApp } from './test/harness';

/**
 * Delivery to phones on venue Wi-Fi: the build's compressed copies are sent to browsers that
 * accept them, API answers over about 1 KB are compressed on the fly, and oversized bodies are
 * refused before they are read.
 */
const SCRIPT = 'export const gala = "Spring Gala";\n'.repeat(300);
const INDEX = `<!doctype html><html><head><title>Gavel</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gavel-delivery-'));
  mkdirSync(join(dist, 'assets'));
  // As web/precompress.ts leaves the build: each text file with its .br and .gz beside it.
  for (const [file, text] of [
    ['assets/main-1a2b.js', SCRIPT],
    ['index.html', INDEX],
  ] as const) {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built assets', () => {
  it('are sent as the brotli copy to a browser that accepts it, else gzip, else as they are, always immutable', async () => {
    const br = await get('/assets/main-1a2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/main-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/main-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the pages compressed too, and never lets a phone keep a stale copy', async () => {
    for (const url of ['/gala', '/gala/auction-items']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
  });
});

describe('API answers', () => {
  it('are compressed when over about 1 KB and the caller accepts it, and left alone when small', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const openapi = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toContain('/api/submitbid');

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'success' });
  });

  it('refuses a body over 100 KB from its length alone, with the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ eventcode: 'gala', padding: 'x'.repeat(101 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(failure('too_large', 'The request is too large.'));
    // The connection is closed, so the rest of a body that large is never read.
    expect(res.headers.connection).toBe('close');
  });

  it('refuses an oversized body before the rate limit, so a flood of them is never read even from an address over its budget', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1' });
    try {
      const send = (padding: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/submitbid',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ eventcode: 'gala', padding: 'x'.repeat(padding) }),
        });
      expect((await send(10)).statusCode).not.toBe(429);
      expect((await send(10)).statusCode).toBe(429);
      const big = await send(2 * 1024 * 1024);
      expect(big.statusCode).toBe(413);
      expect(big.headers.connection).toBe('close');
    } finally {
      await limited.close();
    }
  });

  it('still takes a large event document on the import, whose limit is its own', async () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      itemnum: String(i + 1),
      name: `Item ${i + 1}`,
      startingbid: 10,
      description: 'A lovely evening. '.repeat(30),
    }));
    const doc = {
      organization: { auctioncode: 'demo', name: 'Test Foundation' },
      event: {
        eventcode: 'big',
        eventname: 'Big Gala',
        eventopens: '2026-12-01T18:00:00Z',
        biddingopens: '2026-12-01T18:00:00Z',
        biddingcloses: '2026-12-02T18:00:00Z',
        eventcloses: '2026-12-03T18:00:00Z',
      },
      items,
    };
    const payload = JSON.stringify(doc);
    expect(payload.length).toBeGreaterThan(150 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});
