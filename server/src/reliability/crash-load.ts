import type { BidderSession } from '../../../testkit/bidders';

/**
 * The bid load of the crash test (crash.test.ts): bidders bidding over real HTTP as fast as the
 * server answers, each bid with its own Idempotency-Key, every acknowledged bid remembered so that
 * after a kill and a restart the test can look for each one.
 */
export interface Ack {
  bidder: number;
  itemId: number;
  /** Dollars, as sent. */
  amount: number;
  key: string;
}

export interface Tally {
  sent: number;
  acks: Ack[];
  /** 4xx: a bid overtaken by another sent at the same moment, or its bidder already leading. */
  refused: number;
  /** No answer: the server was killed while the bid was on its way. */
  unanswered: number;
  serverErrors: string[];
}

export interface BidLoad {
  tally: Tally;
  /** Ends every loop after the bid it is sending. */
  stop(): Promise<void>;
}

export const newTally = (): Tally => ({ sent: 0, acks: [], refused: 0, unanswered: 0, serverErrors: [] });

const bidBody = (eventcode: string, ack: Pick<Ack, 'itemId' | 'amount'>) =>
  JSON.stringify({ eventcode, itemid: ack.itemId, bid: ack.amount });

async function submit(
  origin: string,
  bidder: BidderSession,
  key: string,
  body: string,
): Promise<{ status: number; json: { status?: unknown } }> {
  const res = await fetch(`${origin}/api/submitbid`, {
    method: 'POST',
    headers: { ...bidder.auth, 'content-type': 'application/json', 'idempotency-key': key },
    body,
  });
  return { status: res.status, json: (await res.json()) as { status?: unknown } };
}

export interface LoadPlan {
  origin: string;
  eventcode: string;
  bidders: BidderSession[];
  itemIds: number[];
  /** The last amount handed out on each item, in dollars, kept across rounds: the next bid is one more. */
  last: Map<number, number>;
  /** Names the round in the Idempotency-Keys. */
  round: number;
  loopsPerBidder: number;
  /** Whether the server still runs: a loop whose bid found no server ends once it does not. */
  serverRunning(): boolean;
}

export function startBidLoad(plan: LoadPlan, tally: Tally): BidLoad {
  const { origin, eventcode, bidders, itemIds, last, round } = plan;
  let running = true;
  // Each loop walks the items one ahead of the loop before it, so two rarely meet on one item.
  const loop = async (k: number) => {
    const bidder = k % bidders.length;
    const session = bidders[bidder];
    if (!session) return;
    for (let n = 0; running; n++) {
      const itemId = itemIds[(k + n) % itemIds.length] ?? 0;
      const amount = (last.get(itemId) ?? 0) + 1;
      last.set(itemId, amount);
      const key = `crash-${round}-${k}-${n}`;
      tally.sent++;
      try {
        const { status, json } = await submit(origin, session, key, bidBody(eventcode, { itemId, amount }));
        if (status === 200 && json.status === 'success') tally.acks.push({ bidder, itemId, amount, key });
        else if (status >= 500) tally.serverErrors.push(`${status} ${JSON.stringify(json)}`);
        else tally.refused++;
      } catch {
        tally.unanswered++;
        if (!plan.serverRunning()) return;
      }
    }
  };
  const loops = Array.from({ length: bidders.length * plan.loopsPerBidder }, (_, k) => loop(k));
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The acknowledged bids the server no longer has: each bidder's own bids on each item, from its history. */
export async function missingAcks(
  origin: string,
  eventcode: string,
  bidders: BidderSession[],
  itemIds: number[],
  acks: Ack[],
): Promise<Ack[]> {
  const present = new Set<string>();
  for (const [bidder, session] of bidders.entries())
    for (const itemid of itemIds) {
      const res = await fetch(`${origin}/api/bidhistory`, {
        method: 'POST',
        headers: { ...session.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ eventcode, itemid }),
      });
      if (res.status !== 200)
        throw new Error(`bid history of item ${itemid} answered ${res.status}: ${await res.text()}`);
      const { entries } = (await res.json()) as { entries: Array<{ amount: number; mine: boolean }> };
      for (const e of entries) if (e.mine) present.add(`${bidder}:${itemid}:${e.amount}`);
    }
  return acks.filter((a) => !present.has(`${a.bidder}:${a.itemId}:${a.amount}`));
}

/** Sends acknowledged bids again with their keys: each must answer success again (the stored answer). */
export async function notReplayed(
  origin: string,
  eventcode: string,
  bidders: BidderSession[],
  acks: Ack[],
): Promise<string[]> {
  const wrong: string[] = [];
  for (const ack of acks) {
    const session = bidders[ack.bidder];
    if (!session) continue;
    const { status, json } = await submit(origin, session, ack.key, bidBody(eventcode, ack));
    if (status !== 200 || json.status !== 'success') wrong.push(`${ack.key}: ${status} ${JSON.stringify(json)}`);
  }
  return wrong;
}
