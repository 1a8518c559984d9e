import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary, runWorker, stopOnSignal } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { seedDemoIfEmpty } from './db/seed/seed';
import { demoOwner, demoOwnerLines } from './db/seed/demo-owner';
import { claimDataDir, type DataDirClaim } from './lib/pidfile';
import { createSite } from './lib/site';
import { privateFilesFromNowOn } from './lib/private-dir';

/**
 * Starts Gavel: configuration, database and migrations, the demo on an empty database, then HTTP.
 * With PROCESSES above 1 (PostgreSQL and Redis only), server/src/cluster.ts runs that many.
 */
async function main(): Promise<void> {
  privateFilesFromNowOn();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (cluster.isWorker) return runWorker(config);
  if (config.processes > 1)
    return runPrimary(config, (extra) => announce(config, `PostgreSQL, ${config.processes} processes`, extra));
  // The embedded database belongs to one process: take DATA_DIR before opening it.
  let claim: DataDirClaim | undefined;
  if (!config.databaseUrl) {
    const taken = await claimDataDir(config.dataDir);
    if (!taken.ok) {
      const other = taken.holder;
      console.error(
        `Another Gavel server (pid ${other.pid}, ${other.port ? `port ${other.port}` : 'starting'}) is using the embedded database in ${config.dataDir}.\n` +
          'Stop it first, give this one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several processes.',
      );
      process.exit(2);
    }
    claim = taken.claim;
  }
  const { app, ctx } = await buildApp(config);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(ctx.db, ctx.clock(), config.jwtSecret);
    if (seeded) app.log.info('demo event imported into the empty database');
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  claim?.listening(typeof address === 'object' && address ? address.port : config.port);
  const owner = config.seedDemo ? demoOwnerLines(await demoOwner(ctx.db, config, ctx.clock())) : [];
  announce(config, ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL', owner);

  stopOnSignal(app);
}

/** The addresses to open, printed once when the server listens. */
function announce(config: Config, running: string, consoleLines: string[]): void {
  const base = createSite(config).originOf(config.defaultAuctionCode);
  const lines = [
    '',
    `Gavel is running (${running}).`,
    `  Bidder app, demo event:  ${base}/demo`,
    `  Event store (tickets):   ${base}/demo/event`,
    `  Display board (a TV):    ${base}/demo/list  or  ${base}/demo/detail`,
    `  Organizer console:       ${base}/console`,
    ...consoleLines,
    `  API health:              ${base}/api/health`,
    `  API description:         ${base}/api/docs/json${config.nodeEnv === 'production' ? '  (with the admin token)' : ''}`,
  ];
  if (config.nodeEnv !== 'production') lines.push(`  Dev mailbox:             ${base}/dev/mailbox`);
  if (config.adminTokenGenerated)
    lines.push(`  Admin token (kept in ${config.dataDir}/admin-token): ${config.adminToken}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error('Gavel could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
