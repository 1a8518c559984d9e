import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary, runWorker, onStopSignal } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { seedDemoIfEmpty } from './db/seed/seed';
import { claimDataDir, runningServer } from './lib/pidfile';

/**
 * Starts Gavel: configuration, database and migrations, the demo on an empty database, then HTTP.
 * With PROCESSES above 1 (PostgreSQL and Redis only), server/src/cluster.ts runs that many.
 */
async function main(): Promise<void> {
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
  if (config.processes > 1) return runPrimary(config, () => announce(config, `PostgreSQL, ${config.processes} processes`));
  if (!config.databaseUrl) {
    const other = runningServer(config.dataDir);
    if (other) {
      console.error(
        `Another Gavel server (pid ${other.pid}, port ${other.port}) is using the embedded database in ${config.dataDir}.\n` +
          'Stop it first, give this one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several processes.',
      );
      process.exit(2);
    }
  }
  const { app, ctx } = await buildApp(config);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(ctx.db, ctx.clock());
    if (seeded) app.log.info('demo event imported into the empty database');
  }
  await app.listen({ port: config.port, host: config.host });
  if (!config.databaseUrl) claimDataDir(config.dataDir, config.port);
  announce(config, ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL');

  onStopSignal((signal) => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

/** The addresses to open, printed once when the server listens. */
function announce(config: Config, running: string): void {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `Gavel is running (${running}).`,
    `  Bidder app, demo event:  ${base}/demo`,
    `  Event store (tickets):   ${base}/demo/event`,
    `  Display board (a TV):    ${base}/demo/list  or  ${base}/demo/detail`,
    `  API health:              ${base}/api/health`,
    `  API description:         ${base}/api/docs/json`,
  ];
  if (config.nodeEnv !== 'production') lines.push(`  Dev mailbox:             ${base}/dev/mailbox`);
  if (config.adminTokenGenerated) lines.push(`  Admin token (kept in ${config.dataDir}/admin-token): ${config.adminToken}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error('Gavel could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
