import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GavelApp } from '../app';
import { anotherServer, createTestApp, type TestApp } from '../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server';
import { notTheDatabase } from '../test/passes';
import { RATE_LIMITED } from '../lib/limits';
import { GUESSING } from '../lib/guessing';
import { textDeliveryDeps } from '../texts/job';

/**
 * Two servers behind one balancer, counting in one Redis: a token's budget and an email's
 * guessing budget hold for the pair, not for each (they allowed twice as much when each process
 * counted its own). With Redis gone the calls still go through, counted by each server alone.
 */
const now = new Date('2026-12-01T18:00:00Z');
const BUDGET = 12;
/** Texts a second: a slot is 50 ms. */
const TEXT_RATE = 20;
let redis: TestRedis;
let a: TestApp;
let b: GavelApp;
let ann: TestBidder;

// Redis is the subject, not the database: the PGlite pass only (test/passes.ts).
describe.skipIf(!hasRedisServer || notTheDatabase)('limits shared through Redis', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    a = await createTestApp(
      { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: String(BUDGET), TEXT_RATE_PER_SECOND: String(TEXT_RATE) },
      now,
    );
    b = await anotherServer(a);
    await importEvent(a, eventDocument(now));
    ann = await makeBidder(a, 'gala', 'ann@example.org');
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    await redis?.stop();
  });

  const items = (server: GavelApp, token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auctionitems',
      headers: { authorization: `Bearer ${token}` },
      payload: { eventcode: 'gala' },
    });

  it('holds one token to its budget across both servers, and refuses on either once it is spent', async () => {
    const statuses: number[] = [];
    // Taking turns: each server alone has seen only half of the calls.
    for (let i = 0; i < BUDGET + 4; i++) statuses.push((await items(i % 2 === 0 ? a : b, ann.token)).statusCode);
    expect(statuses.slice(0, BUDGET - 2).every((s) => s === 200)).toBe(true);
    const refused = statuses.filter((s) => s === 429);
    // The budget counts every API call of the token (makeBidder's own among them), whichever server answered.
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(BUDGET);
    const onA = await items(a, ann.token);
    const onB = await items(b, ann.token);
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(onB.json()).toMatchObject({ message: RATE_LIMITED });
  });

  it('counts an email’s wrong passwords on both servers against the one budget', async () => {
    const tries = GUESSING.loginFailuresPerEmail.max;
    const login = (server: GavelApp, password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.31',
        payload: { eventcode: 'gala', email: 'ann@example.org', password },
      });
    for (let i = 0; i < tries; i++) expect((await login(i % 2 === 0 ? a : b, 'not her password')).statusCode).toBe(401);
    // Used up on the pair: the next try is refused on the server that saw only half of them.
    const refused = await login(b, 'not her password either');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: GUESSING.loginFailuresPerEmail.message });
  });

  it('paces the texts of both servers together: each send takes a slot of its own', async () => {
    const TAKES = 6;
    const pair = [textDeliveryDeps(a.ctx).limiter, textDeliveryDeps(b.ctx).limiter];
    const started = Date.now();
    await Promise.all(
      pair.map(async (limiter) => {
        for (let i = 0; i < TAKES; i++) await limiter.take();
      }),
    );
    // Twelve sends need twelve slots of 50 ms: at least eleven slots' time after the first, where
    // each server pacing alone would have used six (a wait never ends early, so this cannot flake).
    expect(Date.now() - started).toBeGreaterThanOrEqual((2 * TAKES - 1) * (1000 / TEXT_RATE));
  });

  it('with Redis gone, answers every call (no 500), each server counting on its own, and shares again once it is back', async () => {
    const bob = await makeBidder(a, 'gala', 'bob@example.org');
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * BUDGET - 4; i++) statuses.push((await items(i % 2 === 0 ? a : b, bob.token)).statusCode);
    // Counted per server: each has seen fewer than its budget, so all were served.
    expect(statuses.every((s) => s === 200)).toBe(true);
    await redis.start();
    // Back in Redis (empty after the restart): the pair's budget again, whichever server answers.
    await waitFor(async () => (await items(a, bob.token)).statusCode === 200 && redisCounts(a));
    const after: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) after.push((await items(i % 2 === 0 ? a : b, bob.token)).statusCode);
    expect(after.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  });
});

/** Whether the app counts in Redis again (its counters reconnected). */
function redisCounts(server: GavelApp): boolean {
  return server.ctx.guessing.shared;
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}
