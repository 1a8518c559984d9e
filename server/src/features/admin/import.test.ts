import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImportDocumentInput } from '@gavel/domain';
import { ADMIN, type TestApp } from '../../test/harness';
import { dbState } from '../../test/db-state';
import { fullGalaDocument, galaDocument, item, PNG_BASE64 } from '../../test/documents';
import { useEmptiedApp } from '../../test/hooks';
import { auctionItems, itemPhotos } from '../../db/schema';

// Each test starts from an empty database, so counts and ids are its own.
let t: TestApp;
useEmptiedApp(new Date('2026-12-06T01:00:00Z'), (app) => (t = app));

const importDoc = (payload: unknown, headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'POST', url: '/api/admin/import', headers, payload: payload as object });

async function importOk(doc: ImportDocumentInput) {
  const res = await importDoc(doc);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function itemsByNum() {
  const rows = await t.ctx.db.select().from(auctionItems).orderBy(auctionItems.id);
  return new Map(rows.map((r) => [r.itemnum.toLowerCase(), r]));
}

describe('admin token', () => {
  it('answers 401 without a token and 403 with a wrong one, and changes nothing', async () => {
    const before = await dbState(t.ctx.db);
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{}, 401, 'unauthorized', 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.'],
      [
        { authorization: 'Basic dGVzdDp0ZXN0' },
        401,
        'unauthorized',
        'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.',
      ],
      [{ authorization: 'Bearer wrong-token' }, 403, 'forbidden', 'The admin token is not valid.'],
      [{ authorization: 'Bearer test-admin-token-0123456789x' }, 403, 'forbidden', 'The admin token is not valid.'],
    ];
    for (const [headers, status, code, message] of cases) {
      const res = await importDoc(fullGalaDocument(), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      expect(res.json()).toEqual({ status: 'failure', code, message });
    }
    // Checked before the body is read: a wrong token with a broken body is still 403.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(403);
    expect(await dbState(t.ctx.db)).toEqual(before);
    expect(before.organizations).toEqual([]);
  });

  it('accepts the scheme in any case', async () => {
    const res = await importDoc(galaDocument(), { authorization: 'bearer test-admin-token-0123456789' });
    expect(res.statusCode).toBe(200);
  });
});

describe('a valid import', () => {
  it('creates the organization, event, items, photos and images', async () => {
    const result = await importOk(fullGalaDocument());
    expect(result).toEqual({
      status: 'success',
      message: 'Imported Spring Gala: 4 new item(s), 0 updated.',
      auctioncode: 'acme',
      eventcode: 'gala',
      eventcreated: true,
      itemscreated: 4,
      itemsupdated: 0,
      itemsuntouched: 0,
    });
    const state = await dbState(t.ctx.db);
    expect(state.organizations).toMatchObject([{ auctioncode: 'acme', name: 'Acme Schools Foundation' }]);
    expect(state.events).toHaveLength(1);
    const event = state.events[0];
    expect(event).toMatchObject({
      organizationId: state.organizations[0]?.id,
      eventcode: 'gala',
      eventname: 'Spring Gala',
      timezone: 'America/Chicago',
      eventopens: new Date('2026-12-05T23:00:00Z'),
      biddingcloses: new Date('2026-12-06T03:00:00Z'),
    });
    // One PNG (logo, sponsor, image, photo) and one SVG: each stored once.
    expect(state.media.map((m) => m.contentType).sort()).toEqual(['image/png', 'image/svg+xml']);
    const png = state.media.find((m) => m.contentType === 'image/png');
    const svg = state.media.find((m) => m.contentType === 'image/svg+xml');
    expect(png?.bytes).toBe(PNG_BASE64);
    expect(event?.logourl).toBe(`/media/${png?.id}`);
    expect(event?.sponsorurl).toEqual([`/media/${png?.id}`, `/media/${svg?.id}`, 'https://cdn.example.org/s.png']);

    const items = await itemsByNum();
    expect([...items.keys()]).toEqual(['101', '102', 'a-7', 'l1']);
    expect(items.get('101')).toMatchObject({
      eventId: event?.id,
      name: 'Wine Tasting',
      fairmarketvalue: 25050,
      startingbid: 5000,
      minimumbidincrease: 500,
      tags: ['wine', 'travel'],
      quantity: 1,
      quantitysold: 0,
      imageurl: `/media/${png?.id}`,
      longdescription: '<p>Six <em>wines</em></p>',
      closing: null,
    });
    expect(items.get('a-7')).toMatchObject({
      itemnum: 'A-7',
      buyitnowonly: true,
      buyitnowavailable: true,
      unlimitedquantity: true,
      quantity: 0,
      buyitnowprice: 2500,
      maxpurchasequantity: 4,
    });
    expect(items.get('l1')).toMatchObject({ itemisliveonly: true, closing: new Date('2026-12-06T02:00:00Z') });
    expect(state.photos.map((p) => [p.itemId, p.position, p.photourl])).toEqual([
      [items.get('101')?.id, 0, `/media/${png?.id}`],
      [items.get('101')?.id, 1, 'https://cdn.example.org/p.jpg'],
    ]);
  });

  it('is answered by POST /api/event/ on the organization host', async () => {
    await importOk(fullGalaDocument());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { host: 'acme.localhost' },
      payload: { eventcode: 'gala' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      eventname: 'Spring Gala',
      auctioncode: 'acme',
      organizationname: 'Acme Schools Foundation',
    });
  });
});

describe('re-import', () => {
  it('updates the event and items in place, matching items by itemnum in any case', async () => {
    await importOk(fullGalaDocument());
    const firstState = await dbState(t.ctx.db);
    const firstItems = await itemsByNum();

    const second = galaDocument({
      orgname: 'Acme Foundation',
      event: {
        eventname: 'Spring Gala 2026',
        biddingcloses: '2026-12-05T22:00:00-06:00',
        homemessage: '<p>Now with dessert</p>',
        allowbillme: true,
      },
      items: [
        item('a-7', {
          name: 'Raffle Ticket',
          buyitnowonly: true,
          unlimitedquantity: true,
          buyitnowprice: 20,
          startingbid: 0,
        }),
        item('101', { name: 'Wine Tasting for Eight', startingbid: 75, photos: ['https://cdn.example.org/q.jpg'] }),
        item('NEW-1', { name: 'Pottery Class' }),
      ],
    });
    const result = await importOk(second);
    expect(result).toEqual({
      status: 'success',
      message: 'Imported Spring Gala 2026: 1 new item(s), 2 updated.',
      auctioncode: 'acme',
      eventcode: 'gala',
      eventcreated: false,
      itemscreated: 1,
      itemsupdated: 2,
      itemsuntouched: 2,
    });

    const state = await dbState(t.ctx.db);
    expect(state.organizations).toEqual([{ ...firstState.organizations[0], name: 'Acme Foundation' }]);
    expect(state.events).toHaveLength(1);
    expect(state.events[0]).toMatchObject({
      id: firstState.events[0]?.id,
      eventname: 'Spring Gala 2026',
      biddingcloses: new Date('2026-12-06T04:00:00Z'),
      homemessage: '<p>Now with dessert</p>',
      allowbillme: true,
      // Fields the second document leaves out take their documented defaults again.
      logourl: '',
      sponsorurl: [],
    });

    const items = await itemsByNum();
    expect(items.size).toBe(5);
    expect(items.get('101')).toMatchObject({
      id: firstItems.get('101')?.id,
      name: 'Wine Tasting for Eight',
      startingbid: 7500,
    });
    expect(items.get('a-7')).toMatchObject({ id: firstItems.get('a-7')?.id, itemnum: 'a-7', buyitnowprice: 2000 });
    expect(items.get('new-1')?.id).toBeGreaterThan(Math.max(...[...firstItems.values()].map((r) => r.id)));
    // Items the file does not name are left exactly as they were.
    expect(items.get('102')).toEqual(firstItems.get('102'));
    expect(items.get('l1')).toEqual(firstItems.get('l1'));
    // Photos follow the file: the old ones of item 101 are replaced.
    const photos = await t.ctx.db
      .select()
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, firstItems.get('101')?.id ?? -1));
    expect(photos.map((p) => p.photourl)).toEqual(['https://cdn.example.org/q.jpg']);
    // Images are kept by content: nothing was added, nothing lost.
    expect(state.media).toEqual(firstState.media);
  });

  it('imports the same document twice without creating anything new', async () => {
    await importOk(fullGalaDocument());
    const before = await dbState(t.ctx.db);
    const again = await importOk(fullGalaDocument());
    expect(again).toMatchObject({ eventcreated: false, itemscreated: 0, itemsupdated: 4, itemsuntouched: 0 });
    const after = await dbState(t.ctx.db);
    expect(after.media).toEqual(before.media);
    expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
    expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
  });
});
