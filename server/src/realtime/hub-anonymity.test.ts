import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { RECEIVE, SEND, type HubMessage } from '@gavel/domain';
import { auctionItems, bidders } from '../db/schema';
import { call } from '../test/call';
import { createTestApp, listenOnLoopback, type TestApp } from '../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { connected, HubClients, nextMessage } from '../test/hub-client';

/**
 * Security finding 6, replayed: everyone in the event's room (a display board, a guest) saw each
 * bidder's internal id with every bid, so an anonymous bidder's bids linked to each other and to
 * their named ones. Now the room hears names only as the public rules give them, and each
 * bidder's own room alone hears which bids are theirs.
 */
let t: TestApp;
let base = '';
let itemId = 0;
let ann: TestBidder;
let cy: TestBidder;
let bob: TestBidder;
const clients = new HubClients();
const now = new Date();

/** Every frame a socket receives, as the JSON that came over the wire. */
function record(s: Socket): string[] {
  const frames: string[] = [];
  s.on(RECEIVE, (raw: unknown) => frames.push(JSON.stringify(raw)));
  return frames;
}

const parsed = (frames: string[]) => frames.map((f): HubMessage => JSON.parse(f));
const ofType = <T extends HubMessage['type']>(frames: string[], type: T) =>
  parsed(frames).filter((m): m is Extract<HubMessage, { type: T }> => m.type === type);

/** Resolves once the socket has heard everything sent to it before now: the hub answers a ping after it. */
function heard(s: Socket): Promise<HubMessage> {
  const answer = nextMessage(s, 'eventcode');
  s.emit(SEND, { type: 'ping' });
  return answer;
}

/** Every key of every object in a frame, however deep. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

/** What the event's room may carry: the public item, the public history, the total. */
const PUBLIC_KEYS = [
  'type',
  'eventcode',
  'auctioncode',
  'item',
  'itemid',
  'currentbid',
  'lastbid',
  'minimumnextbid',
  'numberofbids',
  'closing',
  'closingcst',
  'bidstatus',
  'quantityavailable',
  'buyitnowavailable',
  'history',
  'bidno',
  'biddername',
  'biddernumber',
  'bidtime',
  'bidtimecst',
  'amount',
  'isauto',
  'raised',
];

const bid = async (who: TestBidder, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid: itemId, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function displayNumber(who: TestBidder): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: bidders.bidderdisplaynumber })
    .from(bidders)
    .where(eq(bidders.id, who.bidderId));
  return row?.n ?? -1;
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, { items: [item('1', { startingbid: 50, minimumbidincrease: 5 }), item('2')] }),
  );
  const [row] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems).where(eq(auctionItems.itemnum, '1'));
  itemId = row?.id ?? 0;
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Annabel' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bartholomew' });
  cy = await makeBidder(t, 'gala', 'cy@example.org', { firstname: 'Cyrus' });
  // Cy bids anonymously from now on (the profile's choice), after a named bid on another item.
  const [other] = await t.ctx.db
    .select({ id: auctionItems.id })
    .from(auctionItems)
    .where(eq(auctionItems.itemnum, '2'));
  const named = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: cy.auth,
    payload: { eventcode: 'gala', itemid: other?.id, bid: 1000 },
  });
  expect(named.statusCode, named.body).toBe(200);
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/api/userprofile',
    headers: cy.auth,
    payload: { eventcode: 'gala', firstname: 'Cyrus', lastname: 'Tester', zip: '60601', bidanonymously: true },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('the event room carries no internal ids, and each bidder learns their own bids in their own room', () => {
  it('a board and a guest see an anonymous and a named bidder bid: no id, no name or number for the anonymous one; each bidder is told which bids are theirs', async () => {
    const boardAnswer = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala' } });
    if (!boardAnswer.ok) throw new Error(boardAnswer.failure.message);
    const guestAnswer = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
    if (!guestAnswer.ok) throw new Error(guestAnswer.failure.message);
    const board = clients.open(base, { token: boardAnswer.answer.token });
    const guest = clients.open(base, { token: guestAnswer.answer.token });
    const annPhone = clients.open(base, { token: ann.token });
    const cyPhone = clients.open(base, { token: cy.token });
    const bobPhone = clients.open(base, { token: bob.token });
    const sockets = [board, guest, annPhone, cyPhone, bobPhone];
    await Promise.all(sockets.map(connected));
    const [boardFrames, guestFrames, annFrames, cyFrames, bobFrames] = sockets.map(record) as [
      string[],
      string[],
      string[],
      string[],
      string[],
    ];

    // Cy (anonymous) sets a maximum: the engine bids for her at the start. Ann (named) bids
    // over it, and the engine answers for Cy automatically.
    await bid(cy, { autobid: true, maxbid: 100, increment: 5 });
    await bid(ann, { bid: 60 });
    // A bid's messages are sent before its answer; a ping's answer comes after them on each socket.
    await Promise.all(sockets.map(heard));

    // The frames as they came over the wire: amounts in dollars.
    for (const frames of [boardFrames, guestFrames]) {
      const updates = ofType(frames, 'itemupdate');
      expect(
        updates.map((u) => u.history?.map((h) => [h.bidno, h.biddername, h.biddernumber, h.amount, h.isauto])),
      ).toEqual([
        [[1, 'Anonymous Bidder', null, 50, true]],
        [
          [3, 'Anonymous Bidder', null, 65, true],
          [2, 'Annabel T.', await displayNumber(ann), 60, false],
        ],
      ]);
      // Not one internal id, at any depth of anything the room sent.
      const keys = keysOf(frames.map((f): unknown => JSON.parse(f)));
      expect([...keys].filter((k) => !PUBLIC_KEYS.includes(k))).toEqual([]);
      for (const f of frames)
        for (const word of ['bidderid', 'userid', 'accountid', 'Cyrus', 'cy@example.org'])
          expect(f).not.toContain(word);
      // A bidder's own news never reaches the room (eventcode is the answer to its own ping).
      expect(
        parsed(frames)
          .map((m) => m.type)
          .filter((type) => !['itemupdate', 'eventtotal', 'eventcode'].includes(type)),
      ).toEqual([]);
    }

    // Cy's phone: her first (automatic) bid, then the engine's automatic answer to Ann, each
    // named after the itemupdate that carried it, on the same socket.
    expect(ofType(cyFrames, 'mybids').map((m) => [m.itemid, m.bidnos])).toEqual([
      [itemId, [1]],
      [itemId, [3]],
    ]);
    const cyTypes = parsed(cyFrames).map((m) =>
      m.type === 'itemupdate'
        ? `itemupdate:${m.history?.[0]?.bidno}`
        : m.type === 'mybids'
          ? `mybids:${m.bidnos.join()}`
          : m.type,
    );
    expect(cyTypes.indexOf('itemupdate:1')).toBeLessThan(cyTypes.indexOf('mybids:1'));
    expect(cyTypes.indexOf('itemupdate:3')).toBeLessThan(cyTypes.indexOf('mybids:3'));
    // Ann's phone: her own bid only; Bob's: none.
    expect(ofType(annFrames, 'mybids').map((m) => m.bidnos)).toEqual([[2]]);
    expect(ofType(bobFrames, 'mybids')).toEqual([]);
    // The phones hear the same public entries as the room, without an id either.
    for (const frames of [annFrames, cyFrames, bobFrames]) for (const f of frames) expect(f).not.toContain('bidderid');
  });

  it("answers the bid history to a guest with public names only and no ids, marking only the caller's own", async () => {
    const guest = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
    if (!guest.ok) throw new Error(guest.failure.message);
    for (const [token, mine] of [
      [guest.answer.token, [false, false, false]],
      [cy.token, [true, false, true]],
      [ann.token, [false, true, false]],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bidhistory',
        headers: { authorization: `Bearer ${token}` },
        payload: { eventcode: 'gala', itemid: itemId },
      });
      expect(res.statusCode, res.body).toBe(200);
      const entries: Array<Record<string, unknown>> = res.json().entries;
      expect(entries.map((e) => [e.biddername, e.mine])).toEqual([
        ['Anonymous Bidder', mine[0]],
        ['Annabel T.', mine[1]],
        ['Anonymous Bidder', mine[2]],
      ]);
      expect(Object.keys(entries[0] ?? {}).sort()).toEqual([
        'amount',
        'biddername',
        'bidtime',
        'bidtimecst',
        'isauto',
        'mine',
      ]);
    }
  });
});
