import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImportDocumentInput } from '@gavel/domain';
import { ADMIN, type TestApp } from '../../test/harness';
import { dbState } from '../../test/db-state';
import { galaDocument, item } from '../../test/documents';
import { useEmptiedApp } from '../../test/hooks';
import { events, media, organizations } from '../../db/schema';

let t: TestApp;
useEmptiedApp(new Date('2026-12-06T01:00:00Z'), (app) => (t = app));

async function importOk(doc: ImportDocumentInput) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('body limits', () => {
  it('lets the import take more than 1 MB (inline images)', async () => {
    // A real photo (each inline image is decoded): noise, which JPEG cannot make small.
    const bytes = await sharp({
      create: {
        width: 800,
        height: 640,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    const photo = `data:image/jpeg;base64,${bytes.toString('base64')}`;
    const doc = galaDocument({ items: [item('BIG', { photos: [photo] })] });
    expect(JSON.stringify(doc).length).toBeGreaterThan(1.5 * 1024 * 1024);
    await importOk(doc);
    const rows = await t.ctx.db.select({ n: sql<number>`octet_length(${media.bytes})::int` }).from(media);
    expect(rows).toEqual([{ n: bytes.length }]);
  });

  it('answers 413 for an import over 50 MB and changes nothing', async () => {
    const before = await dbState(t.ctx.db);
    const payload = JSON.stringify({ ...galaDocument(), padding: 'x'.repeat(50 * 1024 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'failure', code: 'too_large', message: 'The request is too large.' });
    expect(await dbState(t.ctx.db)).toEqual(before);
  });

  it('answers 413 for any other call over 100 KB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      payload: { eventcode: 'gala', email: 'x'.repeat(100 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'failure', code: 'too_large', message: 'The request is too large.' });
    const justUnder = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      payload: { eventcode: 'gala', padding: 'x'.repeat(100 * 1000) },
    });
    // Read and answered (no such event here), not refused for its size.
    expect(justUnder.statusCode).toBe(404);
    expect(justUnder.json().code).toBe('event_not_found');
  });
});

describe('organizations in the database', () => {
  it('keeps auctioncodes unique across imports', async () => {
    await importOk(galaDocument({ auctioncode: 'ACME' }));
    await importOk(galaDocument({ auctioncode: 'acme', eventcode: 'other' }));
    const orgs = await t.ctx.db.select().from(organizations);
    expect(orgs.map((o) => o.auctioncode)).toEqual(['acme']);
    expect(await t.ctx.db.select({ code: events.eventcode }).from(events).orderBy(events.id)).toEqual([
      { code: 'gala' },
      { code: 'other' },
    ]);
  });
});
