import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { seedDemoIfEmpty } from '../db/seed/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('smoke', () => {
  it('answers health and the seeded event', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'success', database: 'ok' });
    expect(await seedDemoIfEmpty(t.ctx.db, new Date())).toBe(true);
    expect(await seedDemoIfEmpty(t.ctx.db, new Date())).toBe(false);
    const ev = await t.app.inject({ method: 'POST', url: '/api/event/', payload: { eventcode: 'demo' } });
    expect(ev.statusCode).toBe(200);
    expect(ev.json()).toMatchObject({ status: 'success', eventflag: 'biddingopen', auctioncode: 'demo' });
  });
});
