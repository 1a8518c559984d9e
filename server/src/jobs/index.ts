import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { closeAllDueItems } from '../features/bids/closing';
import { deliverBatch, smtpSender } from '../mail/delivery';
import { RECONCILE_EVERY_MS, reconcilePending } from '../features/payments/reconcile';
import { forgetSpentCryptograms } from '../features/payments/cryptograms';
import { publishClosed } from '../realtime/publish';
import {
  HOLD_EXPIRY_EVERY_MS,
  purgeExpiredCarts,
  reconcileStoreOrders,
  releaseExpiredHolds,
} from '../features/store/jobs';
import { CHARGE_ALL_EVERY_MS, chargeAllTick } from '../features/console/chargeall/job';
import { reconcileDeskPayments } from '../features/console/desk/reconcile';
import { reconcileRefunds } from '../money/refunds';
import { textDeliveryJob } from '../texts/job';
import { imagesJob } from '../features/media/job';
import { pushDeliveryJob } from '../push/job';
import { backupJob } from '../features/backup/service';
import { defineJob, type PeriodicJob } from './job';

export { defineJob, startJobs, type JobLog, type JobRunner, type PeriodicJob, type RunnerOptions } from './job';

/** Bidders expect an item to close on the second shown on their phone. */
export const CLOSING_EVERY_MS = 1_000;
/** Closing-soon notices are claimed once per bidder and item, so a coarse tick loses nothing. */
export const CLOSING_SOON_EVERY_MS = 30_000;
export const MAIL_EVERY_MS = 1_000;

/**
 * The app's periodic jobs. Each claims its rows with FOR UPDATE SKIP LOCKED (see job.ts), so every
 * process runs all of them. Mail goes out only with SMTP_URL; otherwise it stays in the outbox for
 * the dev mailbox.
 */
export function appJobs(ctx: AppContext, log: Pick<FastifyBaseLogger, 'info'>): PeriodicJob[] {
  const jobs = [
    defineJob({
      name: 'closing',
      everyMs: CLOSING_EVERY_MS,
      run: async (now) => {
        const count = await closeAllDueItems(ctx.db, now, (closed) => publishClosed(ctx, closed));
        if (count > 0) log.info({ count }, 'items closed');
      },
    }),
    defineJob({
      name: 'closing-soon',
      everyMs: CLOSING_SOON_EVERY_MS,
      run: async (now) => {
        await ctx.notifier.closingSoon(now);
      },
    }),
    defineJob({
      name: 'payments-reconcile',
      everyMs: RECONCILE_EVERY_MS,
      run: async (now) => {
        const count =
          (await reconcilePending(ctx, now)) +
          (await reconcileStoreOrders(ctx, now)) +
          (await reconcileDeskPayments(ctx, now)) +
          (await reconcileRefunds(ctx, now));
        if (count > 0) log.info({ count }, 'pending payments settled');
        await forgetSpentCryptograms(ctx.db, now);
      },
    }),
    defineJob({
      // Charge all saved cards (the console): batches of a run's bidders, each under its own key.
      name: 'charge-all',
      everyMs: CHARGE_ALL_EVERY_MS,
      run: async () => {
        const count = await chargeAllTick(ctx);
        if (count > 0) log.info({ count }, 'charge all: bidders charged');
      },
    }),
    defineJob({
      name: 'store-holds',
      everyMs: HOLD_EXPIRY_EVERY_MS,
      run: async (now) => {
        const count = await releaseExpiredHolds(ctx, now);
        if (count > 0) log.info({ count }, 'expired store carts released');
        const purged = await purgeExpiredCarts(ctx, now);
        if (purged > 0) log.info({ count: purged }, 'old expired store carts deleted');
      },
    }),
    // Texts leave through the provider (server/src/texts); without one they are marked 'dev'.
    textDeliveryJob(ctx, log),
    imagesJob(ctx, log),
    // Pushes leave through each device's push service (server/src/push).
    pushDeliveryJob(ctx, log),
  ];
  // The embedded database's automatic backup (features/backup); absent on PostgreSQL or when turned off.
  const backup = backupJob(ctx, log);
  if (backup) jobs.push(backup);
  const { smtpUrl, mailFrom } = ctx.config;
  if (smtpUrl) {
    const smtp = smtpSender(smtpUrl, mailFrom);
    jobs.push(
      defineJob({
        name: 'mail',
        everyMs: MAIL_EVERY_MS,
        run: async () => {
          await deliverBatch(ctx.db, smtp.send);
        },
        dispose: () => smtp.close(),
      }),
    );
  }
  return jobs;
}
