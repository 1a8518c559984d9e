import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportDocumentInput } from '@gavel/domain';
import { ADMIN, failure, type TestApp } from '../../test/harness';
import { dbState } from '../../test/db-state';
import { galaDocument, item, PNG_BASE64, PNG_DATA_URL, SVG_DATA_URL } from '../../test/documents';
import { useEmptiedApp } from '../../test/hooks';
import { auctionItems, events, itemPhotos } from '../../db/schema';

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

const fullDocument = (): ImportDocumentInput =>
  galaDocument({
    event: {
      eventname: 'Spring Gala',
      logourl: PNG_DATA_URL,
      sponsorurl: [PNG_DATA_URL, SVG_DATA_URL, 'https://cdn.example.org/s.png'],
    },
    items: [
      item('101', {
        name: 'Wine Tasting',
        fairmarketvalue: 250.5,
        startingbid: 50,
        minimumbidincrease: 5,
        tags: 'wine, travel ,',
        photos: [PNG_DATA_URL, 'https://cdn.example.org/p.jpg'],
        imageurl: PNG_DATA_URL,
        longdescription: '<p>Six <em>wines</em><script>x()</script></p>',
      }),
      item('102', { name: 'Signed Ball', quantity: 5 }),
      item('A-7', {
        name: 'Raffle Ticket',
        buyitnowonly: true,
        unlimitedquantity: true,
        buyitnowprice: 25,
        maxpurchasequantity: 4,
        startingbid: 0,
      }),
      item('L1', {
        name: 'Live: Cabin Week',
        itemisliveonly: true,
        startingbid: 0,
        closing: '2026-12-05T20:00:00-06:00',
      }),
    ],
  });

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
      const res = await importDoc(fullDocument(), headers);
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
    const result = await importOk(fullDocument());
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
    await importOk(fullDocument());
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
    await importOk(fullDocument());
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
    await importOk(fullDocument());
    const before = await dbState(t.ctx.db);
    const again = await importOk(fullDocument());
    expect(again).toMatchObject({ eventcreated: false, itemscreated: 0, itemsupdated: 4, itemsuntouched: 0 });
    const after = await dbState(t.ctx.db);
    expect(after.media).toEqual(before.media);
    expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
    expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
  });
});

describe('an invalid document', () => {
  it('answers 400 listing every problem with its JSON path, and changes nothing', async () => {
    await importOk(fullDocument());
    const before = await dbState(t.ctx.db);
    const bad = galaDocument({
      orgname: 'Renamed',
      event: { eventname: 'Renamed Gala', biddingcloses: '2026-12-05T17:30:00-06:00', colour: 'red' } as Partial<
        ImportDocumentInput['event']
      >,
      items: [
        item('X1', { fairmarketvalue: 10.005 }),
        item('x1'),
        item('X3', { startingbid: 'ten' as unknown as number }),
        item('X4', { startingbid: -1, donor: 'Ann' } as Partial<ReturnType<typeof item>>),
        item('X5', { quantity: 1.5, closing: 'tomorrow' }),
      ],
    });
    const res = await importDoc(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The event document has 10 problems; nothing was imported.', [
        { path: 'event.colour', message: 'is not a known field' },
        { path: 'event.biddingcloses', message: 'Bidding must close after it opens.' },
        { path: 'items[0].fairmarketvalue', message: 'must have at most two decimals' },
        { path: 'items[2].startingbid', message: 'must be a number' },
        { path: 'items[3].startingbid', message: 'cannot be negative' },
        { path: 'items[3].donor', message: 'is not a known field' },
        { path: 'items[3].startingbid', message: 'must be above 0 for an item taking bids' },
        { path: 'items[4].quantity', message: 'must be a whole number' },
        {
          path: 'items[4].closing',
          message: 'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
        },
        { path: 'items[1].itemnum', message: 'repeats the itemnum of items[0]' },
      ]),
    );
    expect(await dbState(t.ctx.db)).toEqual(before);
  });

  it('names missing fields and wrong types plainly', async () => {
    const res = await importDoc({
      organization: { auctioncode: 'acme' },
      event: { eventcode: 'gala', eventname: 7 },
      items: {},
    });
    expect(res.statusCode).toBe(400);
    const errors: Array<{ path: string; message: string }> = res.json().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'organization.name', message: 'is required' },
        { path: 'event.eventname', message: 'must be a string' },
        { path: 'event.eventopens', message: 'is required' },
        { path: 'event.biddingcloses', message: 'is required' },
        { path: 'items', message: 'must be an array' },
      ]),
    );
    expect(await dbState(t.ctx.db)).toMatchObject({ organizations: [], events: [], items: [] });
  });

  it('refuses a document that is not an object, or not JSON at all', async () => {
    await importOk(fullDocument());
    const before = await dbState(t.ctx.db);
    const res = await importDoc([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The event document has 1 problem; nothing was imported.', [
        { path: '(document)', message: 'must be an object' },
      ]),
    );
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...ADMIN, 'content-type': 'text/plain' },
      payload: JSON.stringify(fullDocument()),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      status: 'failure',
      code: 'bad_request',
      message: 'Send the request body as application/json.',
    });
    expect(await dbState(t.ctx.db)).toEqual(before);
  });

  it('refuses a quantity below the already-sold count and rolls back everything', async () => {
    await importOk(fullDocument());
    await t.ctx.db.update(auctionItems).set({ quantitysold: 3 }).where(eq(auctionItems.itemnum, '102'));
    const before = await dbState(t.ctx.db);

    const doc = fullDocument();
    doc.organization.name = 'Renamed Org';
    doc.event.eventname = 'Renamed Gala';
    doc.event.biddingcloses = '2026-12-05T22:00:00-06:00';
    doc.items = [...(doc.items ?? []), item('NEW-9')];
    const second = doc.items[1];
    if (second) second.quantity = 2;
    const res = await importDoc(doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The event document has 1 problem; nothing was imported.', [
        { path: 'items[1].quantity', message: 'cannot be below the 3 already sold or won' },
      ]),
    );
    // The organization and event were written inside the transaction before the check; all rolled back.
    expect(await dbState(t.ctx.db)).toEqual(before);

    if (second) second.quantity = 3;
    const ok = await importDoc(doc);
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.ctx.db
      .select({ quantity: auctionItems.quantity, quantitysold: auctionItems.quantitysold })
      .from(auctionItems)
      .innerJoin(events, eq(auctionItems.eventId, events.id))
      .where(and(eq(auctionItems.itemnum, '102'), eq(events.eventname, 'Renamed Gala')));
    expect(row).toEqual({ quantity: 3, quantitysold: 3 });
  });

  it("answers malformed JSON with 'The request body is not valid JSON.' and changes nothing", async () => {
    await importOk(fullDocument());
    const before = await dbState(t.ctx.db);
    for (const payload of ['{"organization": {', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        status: 'failure',
        code: 'bad_request',
        message: 'The request body is not valid JSON.',
      });
    }
    expect(await dbState(t.ctx.db)).toEqual(before);
  });
});
