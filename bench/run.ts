import { cpus, totalmem } from 'node:os';
import { spawnSync } from 'node:child_process';
import { benchBidLatency, benchBids } from './bids';
import { benchChargeAll } from './charge-all';
import { benchClosing } from './closing';
import { benchFanout } from './fanout';
import { benchLargeEvent } from './large-event';
import { benchLighthouse } from './lighthouse';
import { benchStore } from './store';
import { benchBalanced } from './topology';
import { cleanup, startPostgres } from './lib';

/**
 * npm run bench [-- bids|bids-latency|fanout|closing|store|charge-all|lighthouse|large-event|balanced]: runs the benchmarks with their baselines in one go and
 * prints markdown tables (docs/benchmarks.md keeps a copy with the command that produced it).
 * Starts its own PostgreSQL when it is installed (on port 55470, or BENCH_PG_PORT); everything runs
 * on 127.0.0.1 and stops itself.
 */
const which = process.argv[2];
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55470);
const PORT = 18380;

async function main(): Promise<void> {
  const pg = startPostgres(PG_PORT);
  const pgVersion = pg
    ? spawnSync(`${pg.bin}/postgres`, ['--version'], { encoding: 'utf8' }).stdout.trim()
    : 'not installed (PGlite only)';
  console.log(
    `# Gavel benchmarks\n\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? ''}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${pgVersion}.\n`,
  );
  // Bid servers on 18700-18702, and Redis on 16390 for the two-process run.
  if (!which || which === 'bids') console.log(await benchBids(pg, 18700));
  if (!which || which === 'bids-latency') console.log(await benchBidLatency(pg, 18710));
  if (!which || which === 'fanout') console.log(await benchFanout(PORT + 10));
  if (!which || which === 'closing') console.log(await benchClosing(pg, PORT + 20));
  if (!which || which === 'store') console.log(await benchStore(pg, PORT + 100));
  if (!which || which === 'charge-all') console.log(await benchChargeAll(pg, PORT + 150));
  if (!which || which === 'lighthouse') console.log(await benchLighthouse(PORT + 200));
  if (!which || which === 'large-event') console.log(await benchLargeEvent(pg, PORT + 250));
  if (!which || which === 'balanced') console.log(await benchBalanced(pg));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanup();
    process.exit(1);
  });
