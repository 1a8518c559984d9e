import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Totals } from '../context';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { raisedOf } from '../features/display/total';
import type { LivePublisher } from './hub';
import { codesOf, type EventCodes } from './codes';

/** A burst of bids (an automatic bidding war, a rush at the close) sends one total, this long after its first change. */
export const TOTAL_DELAY_MS = 250;

interface Deps {
  db: Db;
  live: LivePublisher;
  log: FastifyBaseLogger;
}

export function createTotals(deps: Deps): Totals {
  const scheduled = new Map<number, ReturnType<typeof setTimeout>>();
  const sending = new Set<Promise<void>>();
  let closed = false;

  // The event is read again at send time: what the total counts, and whether it shows, may have changed by import.
  async function send(eventId: number, codes: EventCodes): Promise<void> {
    const [event] = await deps.db
      .select({
        id: events.id,
        displayshowtotal: events.displayshowtotal,
        displaytotalincludes: events.displaytotalincludes,
      })
      .from(events)
      .where(eq(events.id, eventId));
    if (!event?.displayshowtotal) return;
    const raised = await raisedOf(deps.db, event);
    deps.live.toEvent(codes.auctioncode, codes.eventcode, { type: 'eventtotal', raised, ...codes });
  }

  return {
    touch(target) {
      if (closed) return;
      if ('event' in target && !target.event.displayshowtotal) return;
      const { eventId, codes } = 'event' in target ? { eventId: target.event.id, codes: codesOf(target) } : target;
      if (scheduled.has(eventId)) return;
      const timer = setTimeout(() => {
        scheduled.delete(eventId);
        const run: Promise<void> = send(eventId, codes)
          .catch((err: unknown) => deps.log.error({ err, eventId }, 'event total failed'))
          .finally(() => sending.delete(run));
        sending.add(run);
      }, TOTAL_DELAY_MS);
      scheduled.set(eventId, timer);
    },
    async idle() {
      while (scheduled.size > 0 || sending.size > 0)
        if (sending.size > 0) await Promise.all(sending);
        else await new Promise((resolve) => setTimeout(resolve, TOTAL_DELAY_MS));
    },
    async close() {
      closed = true;
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
      await Promise.all(sending);
    },
  };
}
