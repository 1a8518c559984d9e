import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HubMessage } from '@gavel/domain';
import type { Totals } from '../context';
import { auctionItems } from '../db/schema';
import { appWithEvents, makeBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import type { TestApp } from '../test/harness';
import { findTenant, type Tenant } from '../tenancy';
import type { LivePublisher } from './hub';
import { createTotals, TOTAL_DELAY_MS } from './totals';

// The publisher on its own, its timers faked: what it sends, when, and what it does with a failure.

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let gala: Tenant;
let hidden: Tenant;

beforeAll(async () => {
  t = await appWithEvents(
    now,
    eventDocument(now),
    eventDocument(now, { eventcode: 'quiet', event: { display: { showtotal: false } } }),
  );
  gala = await findTenant(t.ctx.db, 'demo', 'gala');
  hidden = await findTenant(t.ctx.db, 'demo', 'quiet');
  const ann = await makeBidder(t, 'gala', 'ann@example.org');
  const [item] = await t.ctx.db
    .select({ id: auctionItems.id })
    .from(auctionItems)
    .where(eq(auctionItems.eventId, gala.event.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: ann.auth,
    payload: { eventcode: 'gala', itemid: item?.id, bid: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A publisher whose messages are kept, and a publisher built on it with faked timers. */
function publisher(toEvent: LivePublisher['toEvent'] = () => {}): { totals: Totals; sent: HubMessage[] } {
  const sent: HubMessage[] = [];
  const live: LivePublisher = {
    toEvent: (auctioncode, eventcode, message) => {
      toEvent(auctioncode, eventcode, message);
      sent.push(message);
    },
    toBidder: () => {},
    toConsole: () => {},
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { totals: createTotals({ db: t.ctx.db, live, log: t.ctx.log }), sent };
}

/** Runs what is due after `ms`, then lets the sends finish on real timers (close waits for them). */
async function after(totals: Totals, ms: number): Promise<void> {
  vi.advanceTimersByTime(ms);
  vi.useRealTimers();
  await totals.close();
}

describe('the live total publisher', () => {
  it('sends one total for a burst of changes, once the delay has passed', async () => {
    const { totals, sent } = publisher();
    totals.touch(gala);
    totals.touch(gala);
    totals.touch({ eventId: gala.event.id, codes: { auctioncode: 'demo', eventcode: 'gala' } });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(TOTAL_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await after(totals, 1);
    expect(sent).toEqual([{ type: 'eventtotal', raised: 10_000, auctioncode: 'demo', eventcode: 'gala' }]);
  });

  it('schedules nothing for an event that hides its total, and sends nothing for one that hid it since', async () => {
    const { totals, sent } = publisher();
    totals.touch(hidden);
    expect(vi.getTimerCount()).toBe(0);
    totals.touch({ eventId: hidden.event.id, codes: { auctioncode: 'demo', eventcode: 'quiet' } });
    await after(totals, TOTAL_DELAY_MS);
    expect(sent).toEqual([]);
  });

  it('lets a test wait until what was scheduled has been sent', async () => {
    const { totals, sent } = publisher();
    vi.useRealTimers();
    totals.touch(gala);
    expect(sent).toEqual([]);
    await totals.idle();
    expect(sent).toEqual([{ type: 'eventtotal', raised: 10_000, auctioncode: 'demo', eventcode: 'gala' }]);
    await totals.idle();
    expect(sent).toHaveLength(1);
  });

  it('drops what is scheduled when the app closes, and schedules nothing after', async () => {
    const { totals, sent } = publisher();
    totals.touch(gala);
    await totals.close();
    expect(vi.getTimerCount()).toBe(0);
    totals.touch(gala);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * TOTAL_DELAY_MS);
    expect(sent).toEqual([]);
  });

  it('logs a failure to send and throws nothing', async () => {
    const logged = vi.spyOn(t.ctx.log, 'error');
    try {
      const { totals } = publisher(() => {
        throw new Error('hub down');
      });
      totals.touch(gala);
      await after(totals, TOTAL_DELAY_MS);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ eventId: gala.event.id }), 'event total failed');
    } finally {
      logged.mockRestore();
    }
  });
});
