/** What the queue needs from a logger; Fastify's (pino) logger fits. */
export interface BackgroundLog {
  error(obj: object, msg: string): void;
}

/**
 * Work a request starts but does not wait for: it begins after the request has answered, so the
 * answer neither waits for it nor says, by its timing, what the work found (an emailed-link request
 * looks the email up and mails only an account that exists). A failure is logged, never thrown.
 */
export interface Background {
  /** Queues `work`, named in the log if it fails; returns at once. */
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves once everything queued so far (and whatever that queued) has finished: tests and shutdown. */
  idle(): Promise<void>;
}

export function createBackground(log: BackgroundLog): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      // setImmediate: after the handler's answer has been written, which happens in this turn.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, work: name }, 'background work failed'),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
