import type { HubMessage } from '@gavel/domain';
import type { TestApp } from './harness';

export interface BidderMessage {
  bidderId: number;
  message: HubMessage;
}

/** The live messages sent to single bidders while `work` runs, once every queued notice is handled. */
export async function bidderMessagesDuring(t: TestApp, work: () => Promise<unknown>): Promise<BidderMessage[]> {
  const sent: BidderMessage[] = [];
  const toBidder = t.ctx.live.toBidder;
  t.ctx.live.toBidder = (bidderId, message) => {
    sent.push({ bidderId, message });
    toBidder(bidderId, message);
  };
  try {
    await work();
    await t.ctx.notifier.idle();
  } finally {
    t.ctx.live.toBidder = toBidder;
  }
  return sent;
}
