import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument, type ImportDocument } from '@gavel/domain';
import { eq } from 'drizzle-orm';
import { accounts, auctionItems, bidActions, bidders, events, itemPhotos, paymentMethods } from '../schema';
import { call } from '../../test/call';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEventDocument } from '../../features/admin/import-service';
import { demoDocument, wallClockIn } from './demo';
import { seedDemoIfEmpty } from './seed';

let t: TestApp;
let doc: ImportDocument;
beforeAll(async () => {
  t = await createTestApp();
  const parsed = importDocument.safeParse(demoDocument(new Date()));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues, null, 2));
  doc = parsed.data;
});
afterAll(async () => t.close());

describe('the demo gala', () => {
  it('covers every card variant and field', () => {
    const items = doc.items;
    const count = (f: (i: (typeof items)[number]) => boolean) => items.filter(f).length;
    expect(items.length).toBeGreaterThanOrEqual(30);
    const biddable = (i: (typeof items)[number]) => !i.buyitnowonly && !i.itemisliveonly;
    expect(count((i) => biddable(i) && i.allowautobid)).toBeGreaterThan(0);
    expect(count((i) => biddable(i) && !i.allowautobid)).toBeGreaterThan(0);
    expect(count((i) => biddable(i) && i.buyitnowavailable)).toBeGreaterThan(0);
    expect(
      count((i) => i.buyitnowonly && !i.unlimitedquantity && i.quantity > 1 && i.maxpurchasequantity > 0),
    ).toBeGreaterThan(0);
    expect(
      count((i) => i.buyitnowonly && !i.unlimitedquantity && i.maxpurchasequantity === 0 && i.quantity > 1),
    ).toBeGreaterThan(0);
    expect(count((i) => i.buyitnowonly && i.unlimitedquantity)).toBeGreaterThan(0);
    expect(count((i) => i.itemisliveonly && i.paddlelevels.length === 0)).toBeGreaterThan(0);
    expect(count((i) => i.paddlelevels.length > 0)).toBe(1);
    expect(count((i) => !i.unlimitedquantity && i.quantity === 0)).toBeGreaterThan(0);
    expect(count((i) => i.ispriceless)).toBeGreaterThan(0);
    expect(count((i) => i.photos.length > 1)).toBeGreaterThan(0);
    expect(count((i) => i.closing !== undefined)).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.location)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(items.flatMap((i) => i.tags)).size).toBeGreaterThanOrEqual(5);
    expect(doc.event.sponsorurl).toHaveLength(3);
    expect(doc.event.eventallowguestentry && doc.event.eventallowanonymousbidding).toBe(true);
  });

  it('has a believable store: tickets, a table of eight, a free ticket, shirts in sizes, a sold-out item, two promo codes', () => {
    const { items, promocodes, tabs } = doc.store;
    expect(tabs.map((tab) => tab.tabname)).toEqual(['Tickets', 'Merchandise', 'Registration', 'Cart']);
    expect(items.some((i) => i.tab === 'Tickets' && i.seats === 1 && i.price > 0)).toBe(true);
    expect(items.some((i) => i.tab === 'Tickets' && i.seats === 8)).toBe(true);
    expect(items.some((i) => i.itemtypecode === 4 && i.price === 0)).toBe(true);
    expect(items.filter((i) => i.tab === 'Merchandise' && /shirt/i.test(i.name)).length).toBeGreaterThanOrEqual(2);
    expect(items.some((i) => !i.unlimited && i.quantity === 0)).toBe(true);
    expect(promocodes).toHaveLength(2);
  });

  it('names no outside address anywhere', () => {
    const text = JSON.stringify(demoDocument(new Date()));
    const decoded = [...text.matchAll(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'base64').toString(),
    );
    for (const part of [text.replace(/data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+/g, ''), ...decoded])
      expect(part).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    for (const svg of decoded) expect(svg).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>$/);
  });

  it('seeds an empty database once, and serves its images', async () => {
    expect(await seedDemoIfEmpty(t.ctx.db, new Date(), t.config.jwtSecret)).toBe(true);
    expect(await seedDemoIfEmpty(t.ctx.db, new Date(), t.config.jwtSecret)).toBe(false);
    expect(await t.ctx.db.select().from(events)).toHaveLength(1);
    const items = await t.ctx.db.select().from(auctionItems);
    expect(items).toHaveLength(doc.items.length);
    expect((await t.ctx.db.select().from(itemPhotos)).length).toBeGreaterThan(0);
    const image = await t.app.inject({ method: 'GET', url: items[0]?.imageurl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
  });

  it('opens with bids of five made-up bidders, one anonymous, placed by the bid engine, and a board with a goal', async () => {
    const people = await t.ctx.db
      .select({
        email: accounts.email,
        verified: accounts.emailVerified,
        anonymous: bidders.bidanonymously,
        authorized: bidders.authorizebidder,
      })
      .from(accounts)
      .innerJoin(bidders, eq(bidders.accountId, accounts.id));
    expect(people).toHaveLength(5);
    for (const p of people)
      expect(p).toMatchObject({
        email: expect.stringMatching(/^demo\.bidder\d@example\.org$/),
        verified: true,
        authorized: true,
      });
    expect(people.filter((p) => p.anonymous)).toHaveLength(1);
    expect(await t.ctx.db.select().from(bidActions)).toHaveLength(12);
    const res = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'demo' } });
    if (!res.ok) throw new Error(res.failure.message);
    const board = res.answer;
    expect(board.message).toBe('Scan the code to bid from your phone');
    expect(board.total).toEqual({ show: true, raised: 310_500, goal: 2_500_000 });
    expect(board.recentbids.map((b) => [b.itemname, b.amount])).toEqual([
      ['Chef’s Table for Eight', 90_000],
      ['Golf Foursome at Medinah', 52_500],
      ['Original Watercolor: River at Dawn', 26_000],
      ['Ski Weekend in Vail', 70_000],
      ['Bike Tune-Up and Helmet', 7_000],
      ['Bike Tune-Up and Helmet', 6_500],
    ]);
    expect(board.recentbids.filter((b) => b.biddernumber === null)).toHaveLength(1);
    // Item 101 and the closing-soon items stay as imported, for the journeys that read them.
    expect(
      board.items
        .filter((i) => i.numberofbids > 0)
        .map((i) => i.itemnum)
        .sort(),
    ).toEqual(['102', '105', '106', '108', '117', '129', '130']);
  });

  it('gives four demo bidders a test card on file: three pay when charged, one is refused for insufficient funds', async () => {
    const cards = await t.ctx.db
      .select({ email: accounts.email, card: paymentMethods })
      .from(paymentMethods)
      .innerJoin(bidders, eq(paymentMethods.bidderId, bidders.id))
      .innerJoin(accounts, eq(bidders.accountId, accounts.id));
    expect(cards.map((c) => c.email).sort()).toEqual([
      'demo.bidder1@example.org',
      'demo.bidder2@example.org',
      'demo.bidder4@example.org',
      'demo.bidder5@example.org',
    ]);
    const [event] = await t.ctx.db.select().from(events);
    const gateway = event && t.ctx.payments.gatewayFor(event);
    if (!gateway) throw new Error('the demo takes no cards');
    const outcomes = await Promise.all(
      cards.map(async ({ email, card }) => {
        const outcome = await gateway.charge({
          amount: 1_000,
          currency: 'usd',
          source: { card: { ...card }, customer: undefined },
          key: `demo-card-${email}`,
          description: 'demo card check',
          metadata: {},
        });
        return [email, outcome.kind];
      }),
    );
    expect(Object.fromEntries(outcomes)).toEqual({
      'demo.bidder1@example.org': 'succeeded',
      'demo.bidder2@example.org': 'succeeded',
      'demo.bidder4@example.org': 'succeeded',
      'demo.bidder5@example.org': 'failed',
    });
  });

  it('has its gala night six days on, 6 to 11 PM in Chicago, inside the event and before bidding closes', () => {
    const now = new Date('2026-03-05T18:00:00Z');
    const venue = importDocument.parse(demoDocument(now)).event;
    // Daylight time starts on March 8, 2026 between the two days: 6 PM on March 11 is CDT.
    expect(venue.venue).toEqual({
      name: 'The Grand Hall at Riverbend Commons',
      address: '400 Riverside Drive\nRiverbend, IL 60614',
      starts: '2026-03-11T23:00:00.000Z',
      ends: '2026-03-12T04:00:00.000Z',
    });
    expect(wallClockIn('America/Chicago', new Date('2026-12-01T05:30:00Z'), 6, 18).toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
    expect(wallClockIn('Asia/Tokyo', new Date('2026-12-01T20:00:00Z'), 0, 9).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
    for (const at of [new Date(), new Date('2026-11-28T23:59:00-06:00')]) {
      const e = importDocument.parse(demoDocument(at)).event;
      const starts = new Date(e.venue?.starts ?? '');
      expect(starts > new Date(e.eventopens) && new Date(e.venue?.ends ?? '') < new Date(e.biddingcloses)).toBe(true);
    }
  });

  it('the documented example imports too', async () => {
    const example: unknown = JSON.parse(
      readFileSync(new URL('../../../../docs/import-example.json', import.meta.url), 'utf8'),
    );
    const result = await importEventDocument(t.ctx.db, example, t.ctx.config);
    expect(result.status).toBe('success');
  });
});
