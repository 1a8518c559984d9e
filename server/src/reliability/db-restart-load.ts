import { isDeepStrictEqual } from 'node:util';
import { io as connect } from 'socket.io-client';
import { errorResponse, HUB_PATH } from '@gavel/domain';
import type { TestBidder } from '../test/account-fixtures';

/**
 * The bid load of the fault test (db-restart.test.ts): bidders bidding over real HTTP as fast as
 * the server answers, each bid with its own Idempotency-Key, a bid answered 503 sent again with the
 * same key as a phone retries. Everything seen is tallied; the test asserts on the tally.
 */
export const UNAVAILABLE = {
  status: 'failure',
  code: 'unavailable',
  message: 'We could not reach the database just now. Please try again in a moment.',
};
/** A phone waits Retry-After (2 s); the load retries sooner, to see the moment the database is back. */
const RETRY_MS = 50;

export interface Answer {
  at: number;
  status: number;
}

export interface Ack {
  bidderId: number;
  itemId: number;
  /** Dollars, as sent. */
  amount: number;
}

export interface Tally {
  answers: Answer[];
  acks: Ack[];
  unavailable: number;
  /** 503s that were not of the one error shape with Retry-After. */
  badUnavailable: string[];
  /** 4xx refusals (a bid overtaken by another), by status and message. */
  refused: Record<string, number>;
  serverErrors: string[];
  transportErrors: string[];
}

export interface BidLoad {
  tally: Tally;
  /** Ends every bidder's loop after the bid it is sending; a bid still being retried is given up. */
  stop(): Promise<void>;
}

/** An answer's body as JSON, or its text when it is not JSON (which the checks then refuse). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startBidLoad(
  origin: string,
  eventcode: string,
  bidders: TestBidder[],
  itemIds: number[],
  startingbid: number,
): BidLoad {
  const tally: Tally = {
    answers: [],
    acks: [],
    unavailable: 0,
    badUnavailable: [],
    refused: {},
    serverErrors: [],
    transportErrors: [],
  };
  /** The last amount handed out on each item, in dollars; the next bid is one more. */
  const last = new Map(itemIds.map((id) => [id, startingbid]));
  let running = true;

  /** One bid; true when it is settled (answered, refused or failed), false on a 503 to retry. */
  const send = async (bidder: TestBidder, itemId: number, amount: number, key: string): Promise<boolean> => {
    let res: Response;
    try {
      res = await fetch(`${origin}/api/submitbid`, {
        method: 'POST',
        headers: { ...bidder.auth, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ eventcode, itemid: itemId, bid: amount }),
      });
    } catch (err) {
      tally.transportErrors.push(err instanceof Error ? err.message : String(err));
      return true;
    }
    const text = await res.text();
    const json = parsed(text);
    tally.answers.push({ at: Date.now(), status: res.status });
    if (res.status === 200) {
      tally.acks.push({ bidderId: bidder.bidderId, itemId, amount });
      return true;
    }
    if (res.status === 503) {
      tally.unavailable++;
      if (!isDeepStrictEqual(json, UNAVAILABLE) || res.headers.get('retry-after') !== '2')
        tally.badUnavailable.push(`${res.headers.get('retry-after')} ${text}`);
      return false;
    }
    if (res.status >= 500) {
      tally.serverErrors.push(`${res.status} ${text}`);
      return true;
    }
    const refusal = errorResponse.safeParse(json);
    // Amounts left out, so refusals of one kind count together.
    const why = refusal.success
      ? `${res.status} ${refusal.data.message.replace(/\$[\d,.]+/g, '$…')}`
      : `${res.status} not the one error shape: ${text}`;
    tally.refused[why] = (tally.refused[why] ?? 0) + 1;
    return true;
  };

  // Each bidder walks the items one ahead of the bidder before it, so two rarely meet on one item.
  const bidderLoop = async (k: number, bidder: TestBidder) => {
    for (let n = 0; running; n++) {
      const itemId = itemIds[(k + n) % itemIds.length] ?? 0;
      const amount = (last.get(itemId) ?? startingbid) + 1;
      last.set(itemId, amount);
      const key = `restart-${k}-${n}`;
      while (running && !(await send(bidder, itemId, amount, key))) await sleep(RETRY_MS);
    }
  };
  const loops = bidders.map((b, k) => bidderLoop(k, b));

  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The counts, in one line for the log and the failure message. */
export function summary(tally: Tally): string {
  const refused = Object.values(tally.refused).reduce((n, c) => n + c, 0);
  return (
    `sent=${tally.answers.length + tally.transportErrors.length} acknowledged=${tally.acks.length} unavailable503=${tally.unavailable} ` +
    `refused4xx=${refused} ${JSON.stringify(tally.refused)} other5xx=${tally.serverErrors.length} transportErrors=${tally.transportErrors.length}`
  );
}

/** Waits until `done()` holds; the bound only keeps a broken run from hanging, and says what was seen. */
export async function until(done: () => boolean, what: string, seen: () => string, boundMs = 30_000): Promise<void> {
  const give = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > give) throw new Error(`gave up waiting for ${what}; so far ${seen()}`);
    await sleep(20);
  }
}

/** How long a hub connection may go unanswered before it is reported so. */
const HUB_PATIENCE_MS = 5_000;

/**
 * Opens a live-hub connection with `token` and closes it again: 'connected', 'refused: ' and the
 * hub's reason, or 'no answer' when the hub neither lets it in nor refuses it.
 */
export function hubAttempt(origin: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(origin, { path: HUB_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
    const settle = (outcome: string) => {
      clearTimeout(timer);
      socket.close();
      resolve(outcome);
    };
    // socket.io's own timeout covers the transport only, not the hub's answer to the handshake.
    const timer = setTimeout(() => settle('no answer'), HUB_PATIENCE_MS);
    socket.once('connect', () => settle('connected'));
    socket.once('connect_error', (err) => settle(`refused: ${err.message}`));
  });
}
