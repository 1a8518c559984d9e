import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchTransport, freePort, isRunning, pause, started, waitHealthy } from '../../../test/server-process';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { withMigratedDatabase } from '../../../test/migrated-dir';
import { PRICE, runState, startOnFake, startRun, stripeGala } from './server-fixtures';

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

const dirs: string[] = [];
let fake: FakeStripe | undefined;

afterAll(async () => {
  for (const server of started) if (isRunning(server)) server.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  await fake?.close();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('two servers on one Stripe account', () => {
  it('charge all on both at once: every payment recorded paid is its own charge, and both runs finish', async () => {
    fake = await startFakeStripe();
    const servers = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const dir = await withMigratedDatabase(mkdtempSync(join(tmpdir(), `gavel-two-servers-${name}-`)));
        dirs.push(dir);
        const server = startOnFake(dir, await freePort(), fake!);
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
