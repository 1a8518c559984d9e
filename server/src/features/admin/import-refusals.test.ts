import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportDocumentInput } from '@gavel/domain';
import { auctionItems, events } from '../../db/schema';
import { dbState } from '../../test/db-state';
import { fullGalaDocument, galaDocument, item } from '../../test/documents';
import { ADMIN, failure, type TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { importDoc, importOk } from '../../test/import-fixtures';

// Each test starts from an empty database, so counts and ids are its own.
let t: TestApp;
useEmptiedApp(new Date('2026-12-06T01:00:00Z'), (app) => (t = app));

describe('an invalid document', () => {
  it('answers 400 listing every problem with its JSON path, and changes nothing', async () => {
    await importOk(t, fullGalaDocument());
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
    const res = await importDoc(t, bad);
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
    const res = await importDoc(t, {
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
    await importOk(t, fullGalaDocument());
    const before = await dbState(t.ctx.db);
    const res = await importDoc(t, []);
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
      payload: JSON.stringify(fullGalaDocument()),
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
    await importOk(t, fullGalaDocument());
    await t.ctx.db.update(auctionItems).set({ quantitysold: 3 }).where(eq(auctionItems.itemnum, '102'));
    const before = await dbState(t.ctx.db);

    const doc = fullGalaDocument();
    doc.organization.name = 'Renamed Org';
    doc.event.eventname = 'Renamed Gala';
    doc.event.biddingcloses = '2026-12-05T22:00:00-06:00';
    doc.items = [...(doc.items ?? []), item('NEW-9')];
    const second = doc.items[1];
    if (second) second.quantity = 2;
    const res = await importDoc(t, doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The event document has 1 problem; nothing was imported.', [
        { path: 'items[1].quantity', message: 'cannot be below the 3 already sold or won' },
      ]),
    );
    // The organization and event were written inside the transaction before the check; all rolled back.
    expect(await dbState(t.ctx.db)).toEqual(before);

    if (second) second.quantity = 3;
    const ok = await importDoc(t, doc);
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.ctx.db
      .select({ quantity: auctionItems.quantity, quantitysold: auctionItems.quantitysold })
      .from(auctionItems)
      .innerJoin(events, eq(auctionItems.eventId, events.id))
      .where(and(eq(auctionItems.itemnum, '102'), eq(events.eventname, 'Renamed Gala')));
    expect(row).toEqual({ quantity: 3, quantitysold: 3 });
  });

  it("answers malformed JSON with 'The request body is not valid JSON.' and changes nothing", async () => {
    await importOk(t, fullGalaDocument());
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
