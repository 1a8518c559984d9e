import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_HOLDING_CARTS_PER_ADDRESS, storeMessages } from '@gavel/domain';
import { storeCarts } from '../../db/schema';
import { failure, type TestApp } from '../../test/harness';
import { bearer, setQty } from '../../test/store-fixtures';
import { idOf, storeState, tokenClaims, useStoreGala } from '../../test/store-state';

/**
 * Security finding 4, replayed: one address opening cart after cart to hold every unit. Its carts
 * that hold units are capped; a venue's other buyers, on other addresses, shop on.
 */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const ATTACKER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.9';
const refusal = failure('rate_limited', storeMessages.tooManyCarts);

/** A cart opened from `address` (as the request's address, not a header anyone can send). */
async function openCartFrom(address: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storesetup2',
    remoteAddress: address,
    headers,
    payload: { eventcode: 'gala' },
  });
  if (res.statusCode !== 200) throw new Error(`storesetup2 answered ${res.statusCode}`);
  const token: unknown = res.json().token;
  if (typeof token !== 'string') throw new Error('no cart token');
  return token;
}

/** Takes a mug (unlimited, so only the cap can refuse it); answers the renewed token. */
async function takeMug(token: string, quantity = 1): Promise<string> {
  const res = await setQty(t, token, idOf(ids, 'mug'), quantity);
  if (!res.ok || res.answer.status !== 'success') throw new Error(`no mug: ${JSON.stringify(res)}`);
  return res.answer.token;
}

async function cartsHoldingFrom(address: string, n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => takeMug(await openCartFrom(address))));
}

describe('live carts holding units, per address', () => {
  it(`refuses the cart after ${MAX_HOLDING_CARTS_PER_ADDRESS} from one address with 429, changing nothing; another address shops on`, async () => {
    const held = await cartsHoldingFrom(ATTACKER, MAX_HOLDING_CARTS_PER_ADDRESS);
    // An empty cart holds nothing: opening one is never refused.
    const next = await openCartFrom(ATTACKER);
    const spoofed = await openCartFrom(ATTACKER, { 'x-forwarded-for': '192.0.2.44' });
    const [row] = await t.ctx.db
      .select()
      .from(storeCarts)
      .where(eq(storeCarts.id, tokenClaims(spoofed).cartid));
    // Without TRUST_PROXY a forwarded address is not believed.
    expect(row?.address).toBe(ATTACKER);

    const before = await storeState(t.ctx.db);
    for (const token of [next, spoofed]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/storecartadditem',
        headers: bearer(token),
        payload: { itemid: idOf(ids, 'single'), quantity: 1 },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(refusal);
      // Try again once the soonest of the address's holds ends (15 minutes).
      expect(Number(res.headers['retry-after'])).toBe(15 * 60);
    }
    expect(await storeState(t.ctx.db)).toEqual(before);

    const neighbour = await setQty(t, await openCartFrom(NEIGHBOUR), idOf(ids, 'single'), 1);
    expect(neighbour.ok && neighbour.answer).toMatchObject({ status: 'success', quantity: 1 });
    // A cart already holding units is counted already: it may still change.
    const more = await setQty(t, held[0]!, idOf(ids, 'single'), 2);
    expect(more.ok && more.answer).toMatchObject({ status: 'success', quantity: 2 });

    // One of the address's carts empties: the next may hold.
    await takeMug(held[1]!, 0);
    expect(await takeMug(next)).toEqual(expect.any(String));
    const last = await setQty(t, spoofed, idOf(ids, 'mug'), 1);
    expect(last.statusCode).toBe(429);
  });

  it('counts only live carts: once their holds end, the address may hold again', async () => {
    await cartsHoldingFrom(ATTACKER, MAX_HOLDING_CARTS_PER_ADDRESS);
    t.setNow(new Date(now.getTime() + 15 * 60_000));
    expect(await takeMug(await openCartFrom(ATTACKER))).toEqual(expect.any(String));
  });

  it('lets a burst of first items from one address past the cap no further', async () => {
    await cartsHoldingFrom(ATTACKER, MAX_HOLDING_CARTS_PER_ADDRESS - 5);
    const burst = await Promise.all(Array.from({ length: 12 }, () => openCartFrom(ATTACKER)));
    const answers = await Promise.all(burst.map((token) => setQty(t, token, idOf(ids, 'mug'), 1)));
    expect(answers.filter((r) => r.ok && r.answer.status === 'success')).toHaveLength(5);
    const refused = answers.filter((r) => !r.ok);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.failure).toEqual(refusal);
  });
});
