import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifiedBidder } from '../../../testkit/bidders';
import { bearer, expectOk } from '../../../testkit/transport';
import { eventDocument, item } from '../test/documents';
import { missingAcks, newTally, notReplayed, startBidLoad } from './crash-load';
import { withMigratedDatabase } from '../test/migrated-dir';
import {
  SERVER_ADMIN_TOKEN,
  fetchTransport,
  freePort,
  healthy,
  isRunning,
  pause,
  started,
  startServer,
  stop,
  waitHealthy,
  type ServerProcess,
} from '../test/server-process';

/**
 * The crash test on the embedded default (PGlite in DATA_DIR), with the real server as a child
 * process: killed with SIGKILL under a bid load and started again on the same directory, it still
 * has every bid it acknowledged, and the guard the killed process left does not block the start.
 * Two servers started at the same moment on one directory: exactly one runs, the other exits with
 * code 2. It prints a `RELIABILITY crash:` line with the figures for docs/reliability.md.
 */
const EVENT = 'crash';
/** Two kills in the suite (each costs a start of the real server); CRASH_KILLS widens a run, as the figures in docs/reliability.md did. */
const KILLS = Number(process.env.CRASH_KILLS ?? 2);
/** Acknowledged bids each round waits for before the kill, so the kill lands in the middle of the load. */
const ACKS_BEFORE_KILL = 30;
const TWO_START_TRIALS = Number(process.env.CRASH_TRIALS ?? 2);
const REPLAYED_PER_ROUND = 5;

const dirs: string[] = [];
const figures = {
  sent: 0,
  acknowledged: 0,
  refused: 0,
  unanswered: 0,
  kills: 0,
  restarts: 0,
  lost: 0,
  replayed: 0,
  trials: 0,
  exactlyOne: 0,
};

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-crash-'));
  dirs.push(dir);
  return dir;
}

/** Waits until `done()` holds; the bound only keeps a broken run from hanging. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !done(); i++) await pause(50);
  if (!done()) throw new Error(`gave up waiting for ${what}`);
}

afterAll(async () => {
  for (const server of started) if (isRunning(server)) server.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  const f = figures;
  console.log(
    `RELIABILITY crash: bids sent=${f.sent} acknowledged=${f.acknowledged} refused=${f.refused} unanswered=${f.unanswered} ` +
      `kills=${f.kills} restarts=${f.restarts} acknowledged bids lost=${f.lost} replayed keys answered alike=${f.replayed}; ` +
      `two servers started at once on one DATA_DIR: trials=${f.trials} won by exactly one=${f.exactlyOne}`,
  );
});

// The embedded database is the subject: the PostgreSQL pass of npm test (scripts/test-pg.mjs) skips it.
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('the embedded database under kill -9', () => {
  it('keeps every acknowledged bid across kills and restarts on the same directory', async () => {
    // Its first start is not the subject (the two-start trial below starts on new directories).
    const dir = await withMigratedDatabase(tempDir());
    const guard = join(dir, 'server.pid');
    const port = await freePort();
    let server: ServerProcess = startServer(dir, port);
    await waitHealthy(server);

    const transport = fetchTransport(server.origin);
    const items = Array.from({ length: 6 }, (_, i) => item(`c${i + 1}`, { startingbid: 10, minimumbidincrease: 1 }));
    await expectOk(
      'import',
      transport.post(
        '/api/admin/import',
        eventDocument(new Date(), { eventcode: EVENT, items }),
        bearer(SERVER_ADMIN_TOKEN),
      ),
    );
    const bidders = await Promise.all(
      ['ann', 'bob', 'cy', 'dee'].map((name) =>
        verifiedBidder(transport, { eventcode: EVENT, email: `${name}.crash@example.org` }),
      ),
    );
    const listed = (await expectOk(
      'items',
      transport.post('/api/auctionitems', { eventcode: EVENT }, bidders[0]?.auth),
    )) as { auctionitems: Array<{ itemid: number }> };
    const itemIds = listed.auctionitems.map((i) => i.itemid);
    expect(itemIds).toHaveLength(items.length);

    const tally = newTally();
    const last = new Map(itemIds.map((id) => [id, 10]));
    for (let round = 1; round <= KILLS; round++) {
      const running = server;
      let killed = false;
      const serverRunning = () => !killed && isRunning(running);
      const load = startBidLoad(
        { origin: running.origin, eventcode: EVENT, bidders, itemIds, last, round, loopsPerBidder: 2, serverRunning },
        tally,
      );
      const target = tally.acks.length + ACKS_BEFORE_KILL;
      await until(() => tally.acks.length >= target || !isRunning(running), `${ACKS_BEFORE_KILL} acknowledged bids`);
      expect(isRunning(running)).toBe(true);

      killed = true;
      running.child.kill('SIGKILL');
      figures.kills++;
      expect(await running.exited).toBeNull();
      await load.stop();
      // The killed server could not remove its guard; the start below must take it over.
      expect(existsSync(guard)).toBe(true);

      server = startServer(dir, port);
      await waitHealthy(server);
      figures.restarts++;
      const missing = await missingAcks(server.origin, EVENT, bidders, itemIds, tally.acks);
      figures.lost = missing.length;
      expect(missing).toEqual([]);
      const replays = tally.acks.slice(-REPLAYED_PER_ROUND);
      expect(await notReplayed(server.origin, EVENT, bidders, replays)).toEqual([]);
      figures.replayed += replays.length;
      Object.assign(figures, {
        sent: tally.sent,
        acknowledged: tally.acks.length,
        refused: tally.refused,
        unanswered: tally.unanswered,
      });
    }
    expect(tally.serverErrors).toEqual([]);

    // A stop signal ends the server cleanly and frees the directory.
    expect(await stop(server)).toBe(0);
    expect(existsSync(guard)).toBe(false);
  }, 240_000);

  it('lets exactly one of two servers started at the same moment on one directory run', async () => {
    // The first trial on an empty directory; the next ones on a copy of the database it left, as a restart finds it.
    let database: string | undefined;
    for (let trial = 0; trial < TWO_START_TRIALS; trial++) {
      const dir = tempDir();
      if (database) cpSync(database, dir, { recursive: true });
      const pair = [startServer(dir, await freePort()), startServer(dir, await freePort())];
      // Until both serve (the bug), or one has ended and the other serves or has ended too.
      let serving = [false, false];
      for (let i = 0; i < 2400; i++) {
        serving = await Promise.all(pair.map(healthy));
        const ended = pair.filter((s) => !isRunning(s)).length;
        if (serving.every(Boolean) || (ended === 1 && serving.some(Boolean)) || ended === 2) break;
        await pause(50);
      }
      figures.trials++;
      const winners = pair.filter((_, i) => serving[i]);
      const refused = pair.filter((s) => !isRunning(s));
      expect(winners, pair.map((s) => s.output()).join('\n---\n')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(await refused[0]?.exited).toBe(2);
      expect(refused[0]?.output()).toContain(`Another Gavel server (pid ${winners[0]?.pid}, `);
      figures.exactlyOne++;
      expect(await stop(winners[0] as ServerProcess)).toBe(0);
      expect(existsSync(join(dir, 'server.pid'))).toBe(false);
      database = dir;
    }
  }, 240_000);
});
