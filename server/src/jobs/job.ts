/**
 * The one mechanism for periodic background work (closing bidding, closing-soon notices, mail,
 * and whatever comes next). No other module keeps its own setInterval.
 *
 * Contract for every job: EVERY server process runs EVERY job. Nothing elects a leader, so a job
 * must be safe when several processes (or two runners in one test) run it at the same moment:
 * - it claims the rows it works on with its own SQL, `SELECT … FOR UPDATE SKIP LOCKED`, inside a
 *   transaction, and re-checks the "still to do" condition on the locked row; a row another
 *   process holds is skipped, not waited for, and handled by whoever locked it;
 * - it marks the row done in that same transaction, so each row is handled exactly once;
 * - it sends live messages or other effects only after that transaction committed.
 * The runner only guarantees that one process never overlaps a job with itself.
 */

/** What the runner needs from a logger; Fastify's (pino) logger fits. */
export interface JobLog {
  error(obj: object, msg: string): void;
}

export interface PeriodicJob {
  /** Unique within a runner; named in logs and in runOnce. */
  readonly name: string;
  /** Time between the starts of two ticks. A tick that finds the last run still going is skipped. */
  readonly everyMs: number;
  /** One pass of the work at `now`. Tests may call it directly. */
  run(now: Date): Promise<void>;
  /** Releases what the job holds (an SMTP transport); called once by stop(), after its last run. */
  dispose?(): void | Promise<void>;
}

export interface JobRunner {
  /** The names of the jobs this runner ticks. */
  readonly names: readonly string[];
  /**
   * Runs the named job now, after any run of it already in progress (never alongside it).
   * Unlike a tick, a failure is not swallowed: the returned promise rejects with it.
   */
  runOnce(name: string): Promise<void>;
  /** Clears every timer, waits for runs in progress to finish, then disposes the jobs. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  clock: () => Date;
  log: JobLog;
}

/** Checks a job's definition once, at start, so a typo fails loudly instead of spinning. */
export function defineJob(job: PeriodicJob): PeriodicJob {
  if (!job.name) throw new Error('a job needs a name');
  if (!Number.isFinite(job.everyMs) || job.everyMs <= 0)
    throw new Error(`job ${job.name}: everyMs must be a positive number`);
  return job;
}

interface Slot {
  job: PeriodicJob;
  timer: NodeJS.Timeout;
  /** The run in progress, if any; it never rejects (failures are handled where it is made). */
  current: Promise<void> | undefined;
}

/** Starts one unref'd interval per job; answers the runner that stops them. */
export function startJobs(jobs: readonly PeriodicJob[], options: RunnerOptions): JobRunner {
  const slots = new Map<string, Slot>();
  let stopped = false;
  let stopping: Promise<void> | undefined;

  // Every run goes through here, so a slot's `current` always covers the run in progress.
  const track = (slot: Slot, run: Promise<void>): Promise<void> => {
    const current = run
      .catch(() => undefined)
      .finally(() => {
        if (slot.current === current) slot.current = undefined;
      });
    slot.current = current;
    return run;
  };

  const tick = (slot: Slot): void => {
    // Skip rather than queue: a slow run must not pile up ticks behind it.
    if (stopped || slot.current) return;
    const run = Promise.resolve()
      .then(() => slot.job.run(options.clock()))
      .catch((err: unknown) => options.log.error({ err, job: slot.job.name }, 'job failed'));
    void track(slot, run);
  };

  // Checked before any timer starts, so a bad list leaves nothing running behind the throw.
  const names = jobs.map((j) => j.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`job ${twice} is listed twice`);
  for (const job of jobs) {
    const slot: Slot = { job, timer: setInterval(() => tick(slot), job.everyMs), current: undefined };
    // Background work must never keep the process alive on its own.
    slot.timer.unref();
    slots.set(job.name, slot);
  }

  return {
    names: [...slots.keys()],
    async runOnce(name) {
      const slot = slots.get(name);
      if (!slot) throw new Error(`no job named ${name}`);
      // Wait for (and re-check after) any run in progress: it may itself be another runOnce.
      while (slot.current) await slot.current;
      if (stopped) throw new Error(`job runner is stopped; ${name} not run`);
      return track(
        slot,
        Promise.resolve().then(() => slot.job.run(options.clock())),
      );
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        for (const slot of slots.values()) clearInterval(slot.timer);
        // A run holds a transaction; let it commit (or roll back) before the database closes.
        await Promise.all([...slots.values()].map((s) => s.current));
        for (const slot of slots.values()) {
          try {
            await slot.job.dispose?.();
          } catch (err) {
            options.log.error({ err, job: slot.job.name }, 'job dispose failed');
          }
        }
      })();
      return stopping;
    },
  };
}
