import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { defineJob, type PeriodicJob } from '../jobs/job';
import { deliverTexts, type TextDeliveryDeps } from './delivery';
import { RateLimiter, realPace } from './limiter';
import { twilioProviders } from './twilio';

export const TEXTS_EVERY_MS = 1_000;
/** A pass claims at most this many texts, however high the rate: what it claims it sends within seconds. */
const LARGEST_BATCH = 100;

/** The delivery's parts for this app: the configured providers, a limiter on the shared counters. */
export function textDeliveryDeps(
  ctx: AppContext,
  limiter = new RateLimiter(ctx.config.textRatePerSecond, realPace, ctx.counters),
): TextDeliveryDeps {
  return {
    db: ctx.db,
    server: ctx.config.twilio,
    providers: twilioProviders(ctx.config.twilioApiUrl),
    limiter,
    originOf: ctx.site.originOf,
    // About a second's worth at the rate (the job runs every second), so a claimed text waits little.
    batch: Math.max(1, Math.min(LARGEST_BATCH, Math.ceil(ctx.config.textRatePerSecond))),
  };
}

/** The `texts` job: every second, a pass of delivery (delivery.ts). */
export function textDeliveryJob(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): PeriodicJob {
  const deps = textDeliveryDeps(ctx);
  return defineJob({
    name: 'texts',
    everyMs: TEXTS_EVERY_MS,
    run: async (now) => {
      const { tried } = await deliverTexts(deps, now);
      if (tried > 0) log.info({ count: tried }, 'texts sent to the provider');
    },
  });
}
