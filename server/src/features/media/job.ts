import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { defineJob, type PeriodicJob } from '../../jobs/job';
import { imageCopier, IMAGES_EVERY_MS } from './variants';

/** The `images` job: every second, the resized copies of a few stored images not yet seen (variants.ts). */
export function imagesJob(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): PeriodicJob {
  const copier = imageCopier();
  return defineJob({
    name: 'images',
    everyMs: IMAGES_EVERY_MS,
    run: async (now) => {
      const count = await copier.tick(ctx.db, now);
      if (count > 0) log.info({ count }, 'image copies made');
    },
  });
}
