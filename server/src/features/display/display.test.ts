import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, type HubMessage } from '@gavel/domain';
import { auctionItems, bidders } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { dbState } from '../../test/db-state';
import { eventDocument, type EventInput, item } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { captureEventMessages } from '../../test/live-capture';
import { bearer } from '../../test/store-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));

/** Five items in three locations, featured out of id order; two locations spelled two ways. */
const gala = (event: Partial<EventInput> = {}, auctioncode = 'demo') =>
  eventDocument(now, {
    auctioncode,
    event,
    items: [
      item('1', { name: 'Quilt', location: 'Silent Hall', featured: 2, startingbid: 50, minimumbidincrease: 5 }),
      item('2', { name: 'Cabin', location: 'Silent Hall ', featured: 1, startingbid: 400, minimumbidincrease: 20 }),
      item('3', { name: 'Tuscany', location: 'Main Stage', featured: 1, itemisliveonly: true, startingbid: 0 }),
      item('4', {
        name: 'Tote',
        location: 'Gift Table',
        featured: 0,
        buyitnowonly: true,
        buyitnowprice: 25,
        unlimitedquantity: true,
        startingbid: 0,
      }),
      item('5', { name: 'Napa', location: 'main stage', featured: 3, startingbid: 600, minimumbidincrease: 25 }),
    ],
  });

const board = (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala', ...query }, headers });

async function answer(query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await board(query, headers);
  if (!res.ok) throw new Error(`displayboard answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

async function itemIds(): Promise<Record<string, number>> {
  const rows = await t.ctx.db.select({ id: auctionItems.id, name: auctionItems.name }).from(auctionItems);
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A bid as a phone sends it: dollars. */
const bid = async (who: TestBidder, itemid: number | undefined, dollars: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid, bid: dollars },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function numberOf(who: TestBidder): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: bidders.bidderdisplaynumber })
    .from(bidders)
    .where(eq(bidders.id, who.bidderId));
  if (!row) throw new Error('no bidder');
  return row.n;
}

/** A bidder who chose, on their profile, to bid anonymously. */
async function anonymousBidder(email: string): Promise<TestBidder> {
  const who = await makeBidder(t, 'gala', email, { firstname: 'Cyrus' });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/userprofile',
    headers: who.auth,
    payload: { eventcode: 'gala', firstname: 'Cyrus', lastname: 'Tester', zip: '60601', bidanonymously: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

describe('GET /displayboard: the items', () => {
  it('answers every item of the event in the catalog’s Featured order, as the board shows them, with no sign-in', async () => {
    await importEvent(t, gala({ eventname: 'Spring Gala', display: { message: 'Scan to bid' } }));
    const ids = await itemIds();
    const a = await answer();
    expect(a.items.map((i) => i.name)).toEqual(['Tote', 'Cabin', 'Tuscany', 'Quilt', 'Napa']);
    expect(a).toMatchObject({
      status: 'success',
      eventname: 'Spring Gala',
      eventcode: 'gala',
      auctioncode: 'demo',
      location: '',
      message: 'Scan to bid',
      version: APP_VERSION,
      servertime: now.toISOString(),
      recentbids: [],
    });
    expect(a.biddingopens).toBe(new Date(now.getTime() - 3_600_000).toISOString());
    expect(a.biddingcloses).toBe(new Date(now.getTime() + 24 * 3_600_000).toISOString());
    expect(a.items[0]).toEqual({
      itemid: ids.Tote,
      itemnum: '4',
      name: 'Tote',
      imageurl: '',
      donatedby: '',
      description: '',
      location: 'Gift Table',
      startingbid: 0,
      currentbid: 0,
      lastbid: 0,
      numberofbids: 0,
      quantity: 0,
      quantityavailable: 0,
      quantityunlimited: true,
      buyitnowonly: true,
      buyitnowavailable: true,
      buyitnowprice: 2_500,
      fairmarketvalue: 0,
      ispriceless: false,
      itemisliveonly: false,
      bidstatus: 'biddingopen',
      closing: a.biddingcloses,
    });
    expect(a.items.find((i) => i.name === 'Tuscany')).toMatchObject({
      itemisliveonly: true,
      quantityavailable: 1,
      quantityunlimited: false,
    });
  });

  it("carries each item's number, its close (its own, else the event's, moved by extended bidding) and the units it is sold in", async () => {
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
    await importEvent(
      t,
      eventDocument(now, {
        event: { extendedbiddingminutes: 5 },
        items: [
          item('12', { name: 'Quilt', startingbid: 50, minimumbidincrease: 5 }),
          item('A-7', { name: 'Kayak', startingbid: 300, minimumbidincrease: 10, closing: minutes(2) }),
          item('30', { name: 'Candles', buyitnowonly: true, buyitnowprice: 20, quantity: 12, startingbid: 0 }),
        ],
      }),
    );
    const ids = await itemIds();
    const before = await answer();
    expect(before.items.map((i) => [i.itemnum, i.name, i.closing, i.quantity, i.quantityavailable])).toEqual([
      ['12', 'Quilt', before.biddingcloses, 1, 1],
      ['A-7', 'Kayak', minutes(2), 1, 1],
      ['30', 'Candles', before.biddingcloses, 12, 12],
    ]);

    // A bid two minutes before the Kayak's own close moves it to five minutes after the bid.
    await bid(await makeBidder(t, 'gala', 'ann@example.org'), ids.Kayak, 300);
    const after = await answer();
    expect(after.items.find((i) => i.itemid === ids.Kayak)).toMatchObject({
      itemnum: 'A-7',
      closing: minutes(5),
      bidstatus: 'biddingopen',
    });
    expect(after.items.find((i) => i.itemid === ids.Quilt)?.closing).toBe(after.biddingcloses);
  });

  it('sends prices in dollars on the wire, and the current bid once there is one', async () => {
    await importEvent(t, gala());
    const ids = await itemIds();
    await bid(await makeBidder(t, 'gala', 'ann@example.org'), ids.Napa, 625);
    const raw = await t.app.inject({ method: 'GET', url: '/api/displayboard?eventcode=gala' });
    expect(raw.statusCode).toBe(200);
    const napa = raw.json().items.find((i: { name: string }) => i.name === 'Napa');
    expect(napa).toMatchObject({ startingbid: 600, currentbid: 625, lastbid: 625, numberofbids: 1 });
    expect(raw.json().items.find((i: { name: string }) => i.name === 'Tote').buyitnowprice).toBe(25);
  });

  it('answers one location’s items, whatever its case and spaces, spelled as the items spell it', async () => {
    await importEvent(t, gala());
    const hall = await answer({ location: '  silent HALL ' });
    expect(hall.items.map((i) => i.name)).toEqual(['Cabin', 'Quilt']);
    expect(hall.location).toBe('Silent Hall');
    const stage = await answer({ location: 'Main Stage' });
    expect(stage.items.map((i) => i.name)).toEqual(['Tuscany', 'Napa']);
    expect(stage.location).toBe('Main Stage');
  });

  it('answers no items for a location that has none, so the board can say so (not an error)', async () => {
    await importEvent(t, gala());
    const a = await answer({ location: 'Garden Tent' });
    expect(a).toMatchObject({ items: [], recentbids: [], location: 'Garden Tent' });
  });

  it('answers 404 for an unknown event or one of another organization, and changes nothing', async () => {
    await importEvent(t, gala());
    await importEvent(t, gala({ eventcode: 'other' }, 'riverbend'));
    const before = await dbState(t.ctx.db);
    const queries: Array<Record<string, string>> = [
      { eventcode: 'nope' },
      { eventcode: 'other' },
      { auctioncode: 'riverbend' },
    ];
    for (const query of queries) {
      const res = await board(query);
      expect(res.ok ? res.answer : res.failure, JSON.stringify(query)).toEqual({
        status: 'failure',
        code: 'event_not_found',
        message: 'Event Not Found',
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await dbState(t.ctx.db)).toEqual(before);
  });

  it('answers 400 for a location over 100 characters, and changes nothing', async () => {
    await importEvent(t, gala());
    const before = await dbState(t.ctx.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/displayboard?eventcode=gala&location=${'x'.repeat(101)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'failure',
      code: 'bad_request',
      message: 'location: must be at most 100 characters',
      errors: [{ path: 'location', message: 'must be at most 100 characters' }],
    });
    expect(await dbState(t.ctx.db)).toEqual(before);
    expect((await board({ location: 'x'.repeat(100) })).statusCode).toBe(200);
  });
});

describe('GET /displayboard: the live connection and the bid address', () => {
  for (const eventallowguestentry of [true, false]) {
    it(`gives a board token, which opens no catalogue, bid history or other call, with guest entry ${eventallowguestentry ? 'on' : 'off'}`, async () => {
      await importEvent(t, gala({ eventallowguestentry }));
      const ids = await itemIds();
      const cy = await makeBidder(t, 'gala', 'cy@example.org');
      await bid(cy, ids.Quilt, 50);
      const { token } = await answer();
      const check = await t.ctx.tokens.verifyBoard(token, now);
      expect(check.ok && check.claims).toMatchObject({ typ: 'board', eventcode: 'gala', auctioncode: 'demo' });
      expect(check.ok && Object.keys(check.claims).sort()).toEqual([
        'auctioncode',
        'eventcode',
        'exp',
        'iat',
        'sub',
        'typ',
      ]);
      // Not a login of any kind, nor a store cart's or a registration link's token.
      expect(await t.ctx.tokens.verify(token, now)).toEqual({ ok: false, reason: 'invalid' });
      expect((await t.ctx.tokens.verifyCart(token, now)).ok).toBe(false);
      expect((await t.ctx.tokens.verifyRegistration(token, now)).ok).toBe(false);
      // Every screen's token is its own (the hub counts sockets per token).
      expect((await answer()).token).not.toBe(token);

      const before = await dbState(t.ctx.db);
      const refused = 'Your session is not valid. Please log in again.';
      const calls = [
        call(t.app, 'POST /auctionitems', { eventcode: 'gala' }, { headers: bearer(token) }),
        call(t.app, 'POST /itemdetails', { eventcode: 'gala', itemid: ids.Quilt ?? 0 }, { headers: bearer(token) }),
        call(t.app, 'POST /bidhistory', { eventcode: 'gala', itemid: ids.Quilt ?? 0 }, { headers: bearer(token) }),
        call(t.app, 'POST /itemoverview', { eventcode: 'gala' }, { headers: bearer(token) }),
        call(t.app, 'POST /watchlist', { eventcode: 'gala', itemid: ids.Quilt ?? 0 }, { headers: bearer(token) }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(401);
        expect(res.ok ? res.answer : res.failure).toMatchObject({
          status: 'failure',
          code: 'unauthorized',
          message: refused,
        });
      }
      expect(await dbState(t.ctx.db)).toEqual(before);

      // A guest's token, where the event lets guests in, still opens them.
      const guest = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
      expect(guest.statusCode).toBe(eventallowguestentry ? 200 : 403);
      if (!guest.ok) return;
      expect(
        (
          await call(
            t.app,
            'POST /bidhistory',
            { eventcode: 'gala', itemid: ids.Quilt ?? 0 },
            { headers: bearer(guest.answer.token) },
          )
        ).statusCode,
      ).toBe(200);
    });
  }

  it('answers the bid address, its short form and its QR code, from the configured address of the organization', async () => {
    await importEvent(t, gala({}, 'riverbend'));
    // Without PUBLIC_URL (development) an organization other than the default is at {code}.localhost.
    const a = await answer({}, { host: 'riverbend.localhost:8080' });
    expect(a.bidurl).toBe(`http://riverbend.localhost:${t.config.port}/gala`);
    expect(a.bidurlshort).toBe(`riverbend.localhost:${t.config.port}/gala`);
    expect(a.qrsvg.startsWith('<svg')).toBe(true);
    expect(a.qrsvg).toMatch(/<\/svg>$/);
    // The host the request named never reaches the code: another spelling of it draws the same one.
    expect((await answer({}, { host: 'RIVERBEND.localhost:1234' })).qrsvg).toBe(a.qrsvg);
  });
});

describe('GET /displayboard: the latest bids', () => {
  it('lists the last six bids, newest first, by bidder number, null for an anonymous bidder, and never a name', async () => {
    await importEvent(t, gala());
    const ids = await itemIds();
    const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Annabel' });
    const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bartholomew' });
    const cy = await anonymousBidder('cy@example.org');
    await bid(ann, ids.Quilt, 50);
    await bid(bob, ids.Quilt, 55);
    await bid(cy, ids.Cabin, 400);
    await bid(ann, ids.Cabin, 420);
    await bid(cy, ids.Quilt, 60);
    await bid(bob, ids.Napa, 600);
    await bid(ann, ids.Quilt, 65);
    const [a, b] = [await numberOf(ann), await numberOf(bob)];
    const at = now.toISOString();
    const res = await t.app.inject({ method: 'GET', url: '/api/displayboard?eventcode=gala' });
    expect(res.json().recentbids).toEqual([
      { itemid: ids.Quilt, itemname: 'Quilt', biddernumber: a, amount: 65, bidtime: at },
      { itemid: ids.Napa, itemname: 'Napa', biddernumber: b, amount: 600, bidtime: at },
      { itemid: ids.Quilt, itemname: 'Quilt', biddernumber: null, amount: 60, bidtime: at },
      { itemid: ids.Cabin, itemname: 'Cabin', biddernumber: a, amount: 420, bidtime: at },
      { itemid: ids.Cabin, itemname: 'Cabin', biddernumber: null, amount: 400, bidtime: at },
      { itemid: ids.Quilt, itemname: 'Quilt', biddernumber: b, amount: 55, bidtime: at },
    ]);
    for (const name of ['Annabel', 'Bartholomew', 'Cyrus', 'Tester', '@example.org', 'biddername'])
      expect(res.body).not.toContain(name);

    // A location's board shows its own items' bids only.
    const stage = await answer({ location: 'main stage' });
    expect(stage.recentbids.map((r) => [r.itemname, r.amount])).toEqual([['Napa', 60_000]]);
  });

  it('shows the number of a bidder who asked for anonymity where the event does not allow it', async () => {
    await importEvent(t, gala({ eventallowanonymousbidding: false }));
    const ids = await itemIds();
    const cy = await makeBidder(t, 'gala', 'cy@example.org');
    await t.ctx.db.update(bidders).set({ bidanonymously: true }).where(eq(bidders.id, cy.bidderId));
    await bid(cy, ids.Quilt, 50);
    expect((await answer()).recentbids.map((r) => r.biddernumber)).toEqual([await numberOf(cy)]);
  });

  it('carries the bidder number in the live itemupdate history, null for an anonymous bidder', async () => {
    await importEvent(t, gala());
    const ids = await itemIds();
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    const cy = await anonymousBidder('cy@example.org');
    await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: cy.auth,
      payload: { eventcode: 'gala', itemid: ids.Quilt, autobid: true, maxbid: 100, increment: 5 },
    });
    const live = captureEventMessages(t);
    try {
      await bid(ann, ids.Quilt, 60);
      const updates = live.messages.filter(
        (m): m is Extract<HubMessage, { type: 'itemupdate' }> => m.type === 'itemupdate',
      );
      expect(updates.map((m) => m.history?.map((h) => [h.biddername, h.biddernumber, h.amount]))).toEqual([
        [
          ['Anonymous Bidder', null, 6_500],
          ['ann T.', await numberOf(ann), 6_000],
        ],
      ]);
    } finally {
      live.stop();
    }
  });
});

describe('GET /displayboard: the rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' }, now);
    await importEvent(limited, gala());
  });
  afterAll(async () => limited.close());

  it('counts the board’s calls apart, so a room of screens does not use up the phones’ allowance on the same address', async () => {
    const phone = () => limited.app.inject({ method: 'POST', url: '/api/event', payload: { eventcode: 'gala' } });
    for (let i = 0; i < 3; i++) expect((await phone()).statusCode).toBe(200);
    expect((await phone()).statusCode).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await limited.app.inject({ method: 'GET', url: '/api/displayboard?eventcode=gala' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
