import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { defineJob, type PeriodicJob } from '../jobs/job';
import { deliverPushes, type PushDeliveryDeps } from './delivery';
import { type PushFetch, webPushSender } from './sender';

/** Pushes are about bids in progress: looked for every second, like texts. */
export const PUSH_EVERY_MS = 1_000;
const BATCH = 50;

/** The delivery's parts for this app: web-push with the server's VAPID keys, over `fetch`. */
export function pushDeliveryDeps(ctx: AppContext, fetch?: PushFetch): PushDeliveryDeps {
  return { db: ctx.db, send: webPushSender({ vapid: ctx.config.vapid, fetch }), batch: BATCH };
}

/** The `push` job: every second, a pass of delivery (delivery.ts). */
export function pushDeliveryJob(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): PeriodicJob {
  const deps = pushDeliveryDeps(ctx);
  return defineJob({
    name: 'push',
    everyMs: PUSH_EVERY_MS,
    run: async (now) => {
      const { tried } = await deliverPushes(deps, now);
      if (tried > 0) log.info({ count: tried }, 'pushes sent to the push services');
    },
  });
}
