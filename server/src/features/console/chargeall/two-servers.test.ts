import { describe, expect, it } from 'vitest';
import { fetchTransport, freePort, pause, waitHealthy } from '../../../test/server-process';
import { PRICE, runState, serverRoom, startOnFake, startRun, stripeGala } from './server-fixtures';

/**
 * Issue 47, replayed: two servers with databases of the same history (a second installation, a
 * restored backup, a staging copy: the same event, bidders and run numbers) charge all at once on
 * one Stripe account. Their keys were `gavel_run<run>_b<bidder>` on both: the second server's
 * charges were refused as the first's key with other parameters, and two minutes later its
 * catch-up found the first server's charges by those keys and recorded them paid, with no money
 * moved. Now every key is random: both runs charge every bidder at once, each payment recorded paid
 * is a charge of its own at the processor, and nothing waits on a catch-up.
 */
const BIDDERS = 6;

const kit = serverRoom();

describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('two servers on one Stripe account', () => {
  it('charge all on both at once: every payment recorded paid is its own charge, and both runs finish', async () => {
    const fake = await kit.stripe();
    const servers = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const server = startOnFake(await kit.directory(`two-servers-${name}`), await freePort(), fake);
        await waitHealthy(server);
        return server;
      }),
    );
    const galas = [];
    // One after the other, so that both databases hand out the same ids.
    for (const server of servers) {
      const transport = fetchTransport(server.origin);
      galas.push({ transport, ...(await stripeGala(transport, BIDDERS)) });
    }
    const ids = galas.map((g) => g.room.map((who) => who.userid).sort((a, b) => a - b));
    expect(ids[0]).toEqual(ids[1]);

    const runs = await Promise.all(galas.map((g, i) => startRun(g.transport, g.auth, `two-servers-${i}`)));
    expect(runs[0]).toBe(runs[1]);
    // Both runs end on their own charges. (Before, the second waited on the two-minute catch-up,
    // which this bound of a minute and a half would not have reached.)
    const finals = await Promise.all(
      galas.map(async (g, i) => {
        let seen = await runState(g.transport, runs[i]!, g.auth);
        for (let tries = 0; tries < 900 && seen.state !== 'done'; tries++) {
          await pause(100);
          seen = await runState(g.transport, runs[i]!, g.auth);
        }
        return seen;
      }),
    );
    for (const final of finals) expect(final).toMatchObject({ state: 'done', charged: BIDDERS, review: 0, left: 0 });

    // The processor's side: two charges per bidder id (one per server), each under its own key.
    const intents = [...fake.state.paymentIntents.values()].filter((pi) => pi.status === 'succeeded');
    expect(intents).toHaveLength(2 * BIDDERS);
    expect(new Set(intents.map((pi) => pi.metadata.chargekey)).size).toBe(2 * BIDDERS);
    for (const pi of intents) expect(pi.amount).toBe(PRICE * 100);
    // No request was refused as another's key.
    expect(fake.calls.filter((c) => c.path === '/v1/payment_intents/search')).toEqual([]);
  }, 240_000);
});
