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

type MessageOf<T extends HubMessage['type']> = Extract<HubMessage, { type: T }>;

/** The messages sent to events' rooms from the moment it starts, and a way to wait for one. */
export interface EventCapture {
  /** Every message sent to an event's room since the capture started, oldest first. */
  readonly messages: HubMessage[];
  /**
   * The first message of `type` that `match` accepts, sent already or still to come: for what is
   * sent a moment after its commit (the debounced total), waited on rather than slept for.
   */
  waitFor<T extends HubMessage['type']>(type: T, match?: (message: MessageOf<T>) => boolean): Promise<MessageOf<T>>;
  stop(): void;
}

export function captureEventMessages(t: TestApp): EventCapture {
  const messages: HubMessage[] = [];
  const waiting = new Set<(message: HubMessage) => boolean>();
  const toEvent = t.ctx.live.toEvent;
  t.ctx.live.toEvent = (auctioncode, eventcode, message) => {
    messages.push(message);
    for (const w of waiting) if (w(message)) waiting.delete(w);
    toEvent(auctioncode, eventcode, message);
  };
  return {
    messages,
    waitFor<T extends HubMessage['type']>(
      type: T,
      match: (message: MessageOf<T>) => boolean = () => true,
    ): Promise<MessageOf<T>> {
      const isType = (m: HubMessage): m is MessageOf<T> => m.type === type;
      const accepts = (m: HubMessage): m is MessageOf<T> => isType(m) && match(m);
      const sent = messages.find(accepts);
      if (sent) return Promise.resolve(sent);
      return new Promise((resolve) => {
        waiting.add((m) => {
          if (!accepts(m)) return false;
          resolve(m);
          return true;
        });
      });
    },
    stop: () => {
      t.ctx.live.toEvent = toEvent;
    },
  };
}
