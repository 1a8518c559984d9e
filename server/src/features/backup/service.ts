import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, TooManyTries } from '../../errors';
import { defineJob, type PeriodicJob } from '../../jobs/job';
import { listBackups, pruneBackups } from './archive';
import { pgliteSource } from './embedded';
import { type MadeBackup, makeBackup } from './make';

/**
 * Backups made by the running server, the one process that can read its embedded database
 * consistently: on the admin call (`npm run backup` while the server runs) and by the automatic
 * backup job. Both write to DATA_DIR/backups, one at a time.
 */

/** Backups through the admin call: at most one this often, so a script in a loop cannot fill the disk with full copies. */
export const API_BACKUP_GAP_MS = 30_000;
/** How often the job looks whether a backup is due; when one is, is BACKUP_EVERY_HOURS's business. */
export const BACKUP_CHECK_EVERY_MS = 10 * 60_000;

export const backupsFolder = (dataDir: string) => join(dataDir, 'backups');

interface State {
  running: Promise<MadeBackup> | undefined;
  /** When the admin call last started a backup (the process's clock: the gap is real time). */
  lastCall: number | undefined;
}
/** Per app (one per server process), so that test apps in one process never share a state. */
const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  const known = states.get(ctx);
  if (known) return known;
  const state: State = { running: undefined, lastCall: undefined };
  states.set(ctx, state);
  return state;
}

/** Runs `work` once no other backup of this app's database is in progress. */
async function oneAtATime(ctx: AppContext, work: () => Promise<MadeBackup>): Promise<MadeBackup> {
  const state = stateOf(ctx);
  while (state.running) await state.running.catch(() => undefined);
  // Set before anything awaits: a caller that wakes up next sees this run and waits for it.
  const run = work();
  state.running = run;
  try {
    return await run;
  } finally {
    if (state.running === run) state.running = undefined;
  }
}

/** POST /admin/backup: a backup now, into DATA_DIR/backups. */
export async function backupOnRequest(ctx: AppContext): Promise<MadeBackup> {
  const { driver } = ctx.database;
  if (driver.kind !== 'pglite')
    throw new AppError(
      'conflict',
      'This server runs on PostgreSQL: npm run backup backs it up with pg_dump, without calling the server.',
    );
  const state = stateOf(ctx);
  const since = state.lastCall === undefined ? Infinity : Date.now() - state.lastCall;
  if (since < API_BACKUP_GAP_MS) {
    const wait = Math.ceil((API_BACKUP_GAP_MS - since) / 1000);
    throw new TooManyTries(
      `A backup was started ${Math.floor(since / 1000)} seconds ago; the next one may be made in ${wait} seconds.`,
      wait,
    );
  }
  state.lastCall = Date.now();
  const { dataDir } = ctx.config;
  // The file is named by the moment the dump starts, after any backup this one waited for.
  return oneAtATime(ctx, () =>
    makeBackup({ source: pgliteSource(driver.client), dataDir, dir: backupsFolder(dataDir), now: ctx.clock() }),
  );
}

/** Whether the automatic backup is due: none yet, or the newest is `everyHours` old. */
export function backupDue(newest: Date | undefined, now: Date, everyHours: number): boolean {
  return newest === undefined || now.getTime() - newest.getTime() >= everyHours * 3_600_000;
}

/**
 * The automatic backup: every BACKUP_EVERY_HOURS, counted from the newest backup in
 * DATA_DIR/backups (so a restart does not make one), then only the newest BACKUP_KEEP are kept.
 * For the embedded database kept in DATA_DIR only: one process owns it, so the job contract's
 * "every process runs every job" holds trivially. PostgreSQL is backed up with its own tools or
 * `npm run backup`; an in-memory database (tests) has nothing to keep. Undefined when off.
 */
export function backupJob(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): PeriodicJob | undefined {
  const { driver } = ctx.database;
  const { dataDir, backupEveryHours, backupKeep } = ctx.config;
  if (driver.kind !== 'pglite' || !driver.client.dataDir || backupEveryHours === 0) return undefined;
  const dir = backupsFolder(dataDir);
  return defineJob({
    name: 'backup',
    everyMs: BACKUP_CHECK_EVERY_MS,
    run: async (now) => {
      if (!backupDue(listBackups(dir)[0]?.at, now, backupEveryHours)) return;
      const made = await oneAtATime(ctx, () => makeBackup({ source: pgliteSource(driver.client), dataDir, dir, now }));
      const removed = pruneBackups(dir, backupKeep);
      log.info({ file: made.file, bytes: made.bytes, removed }, 'automatic backup made');
    },
  });
}
