import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { type CpuShare, percentile, sleep, type Seeded } from './lib';

/**
 * The bidders' load on /api/submitbid: a closed loop with autocannon (capacity) and an open loop
 * on a schedule (latency at a gala's peak). Each request takes the next of the bidders' tokens and
 * the next item in turn, and bids what the item's answers say is its minimum (see Prices).
 */

/**
 * Each item's next bid (dollars, as on the wire). A bid sent raises it by the increment at once, so
 * bids in flight together on one item go up in steps instead of all offering the same amount (of
 * which only the first could win); the answers correct it: an accepted bid's answer carries the
 * item's minimum next bid, a refused one says the minimum in its message.
 */
export class Prices {
  private readonly next = new Map<number, number>();

  constructor(private readonly increment = 1) {}

  /** The amount to bid now, reserved for this bid. */
  take(itemid: number): number {
    const bid = this.next.get(itemid) ?? 10;
    this.next.set(itemid, bid + this.increment);
    return bid;
  }

  learn(itemid: number, status: number, text: string): void {
    const body = parse(text);
    const fromItem =
      status === 200 && body && typeof body.item === 'object' && body.item && 'minimumnextbid' in body.item
        ? Number(body.item.minimumnextbid)
        : Number.NaN;
    const said =
      typeof body?.message === 'string'
        ? /minimum bid for this item is \$([\d,]+(?:\.\d+)?)/.exec(body.message)?.[1]
        : undefined;
    const min = Number.isFinite(fromItem) ? fromItem : said ? Number(said.replace(/,/g, '')) : Number.NaN;
    if (Number.isFinite(min)) this.next.set(itemid, Math.max(this.next.get(itemid) ?? 10, min));
  }
}

function parse(text: string): { item?: unknown; message?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The bidders in turn: request k is bidder k's token on item k (both lists wrap). */
function turns(seeded: Seeded) {
  let k = 0;
  return () => {
    const n = k++;
    return {
      token: seeded.tokens[n % seeded.tokens.length] ?? '',
      itemid: seeded.itemIds[n % seeded.itemIds.length] ?? 0,
    };
  };
}

export interface Tally {
  accepted: number;
  refused: number;
  /** Any other status, a connection error or no answer in time. */
  errors: number;
}

export interface CapacityResult extends Tally {
  seconds: number;
  p50: number;
  p99: number;
  cpu: CpuShare;
}

/** Seconds of the same load before measuring: the server compiles its hot paths and opens its pool. */
export const WARMUP_SECONDS = 3;

/**
 * Closed loop: one connection per bidder, each sending its next bid as soon as the last is
 * answered, for `seconds` after a warm-up. autocannon builds each request in `setupRequest` (the
 * price is read then, not when the run starts) and hands each answer to `onResponse`; a connection
 * has one request in flight, so its context remembers which item it bid on. `meter` measures CPU
 * over the measured part.
 */
export async function capacity(
  port: number,
  seeded: Seeded,
  seconds: number,
  meter: () => { stop(): CpuShare },
): Promise<CapacityResult> {
  const prices = new Prices();
  const next = turns(seeded);
  const bidOn = new WeakMap<object, number>();
  const run = async (duration: number) => {
    const tally: Tally = { accepted: 0, refused: 0, errors: 0 };
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: seeded.tokens.length,
      duration,
      // An answer that takes long is late, not lost: count it in the latency.
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/api/submitbid',
          setupRequest: (req, context) => {
            const { token, itemid } = next();
            bidOn.set(context, itemid);
            return {
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ eventcode: seeded.eventcode, itemid, bid: prices.take(itemid) }),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 200) tally.accepted++;
            else if (status === 400) tally.refused++;
            else tally.errors++;
            const itemid = bidOn.get(context);
            if (itemid !== undefined) prices.learn(itemid, status, body);
          },
        },
      ],
    });
    tally.errors += result.errors + result.timeouts;
    return { ...tally, p50: result.latency.p50, p99: result.latency.p99 };
  };
  await run(WARMUP_SECONDS);
  // The warm-up's last bids, cut off on the client, are still being answered.
  await sleep(1_000);
  const cpu = meter();
  const r = await run(seconds);
  return { ...r, seconds, cpu: cpu.stop() };
}

export interface OpenLoopResult extends Tally {
  offered: number;
  /** Answers a second, over the time from the first send to the last answer. */
  achieved: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** The generator's worst delay between a bid's scheduled time and its sending. */
  sendLag: number;
  cpu: CpuShare;
}

/**
 * Open loop: bids at `rate` a second for `seconds`, sent on schedule whether or not earlier ones
 * were answered. Arrivals are a Poisson process (independent bidders: 500 bidders each bidding
 * about every 2 s is 250 a second, unevenly spaced), bidders in turn. Every request may open its
 * own connection (an agent without a socket limit keeps idle ones for reuse), so a slow answer
 * never holds back the next bid; autocannon's rate options cannot do that (each connection waits
 * for its answer, and the rate is released in bursts once a second). Latency runs from the
 * scheduled time, so a late send counts against the figure rather than hiding it. The first
 * WARMUP_SECONDS run the same schedule uncounted. The bidders come from `from` (a loopback
 * address), so a flood from 127.0.0.1 does not share their address.
 */
export async function openLoop(
  port: number,
  seeded: Seeded,
  rate: number,
  seconds: number,
  meter: () => { stop(): CpuShare },
  from = '127.0.0.2',
): Promise<OpenLoopResult> {
  const prices = new Prices();
  const next = turns(seeded);
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const tally: Tally = { accepted: 0, refused: 0, errors: 0 };
  const latencies: number[] = [];
  let sendLag = 0;
  let outstanding = 0;
  let answered = 0;
  let lastAnswer = 0;

  /** Sends one bid; only a `counted` one (scheduled after the warm-up) goes into the figures. */
  const fire = (scheduled: number, counted: boolean) => {
    const { token, itemid } = next();
    const body = JSON.stringify({ eventcode: seeded.eventcode, itemid, bid: prices.take(itemid) });
    if (counted) sendLag = Math.max(sendLag, performance.now() - scheduled);
    if (counted) outstanding++;
    let finished = false;
    const done = (status: number, text: string) => {
      if (finished) return;
      finished = true;
      if (status === 200 || status === 400) prices.learn(itemid, status, text);
      if (!counted) return;
      outstanding--;
      lastAnswer = performance.now();
      if (status === 200) tally.accepted++;
      else if (status === 400) tally.refused++;
      else tally.errors++;
      if (!status) return;
      answered++;
      latencies.push(lastAnswer - scheduled);
    };
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent,
        method: 'POST',
        path: '/api/submitbid',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => done(res.statusCode ?? 0, text));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0, ''));
    req.end(body);
  };

  const start = performance.now();
  const measureFrom = start + WARMUP_SECONDS * 1000;
  const end = measureFrom + seconds * 1000;
  let at = start;
  let sent = 0;
  let cpu: { stop(): CpuShare } | undefined;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (at <= now && at < end) {
        const counted = at >= measureFrom;
        if (counted) cpu ??= meter();
        fire(at, counted);
        if (counted) sent++;
        at += (-Math.log(1 - Math.random()) / rate) * 1000;
      }
      if (at >= end) resolve();
      else setTimeout(tick, Math.max(0, at - performance.now()));
    };
    tick();
  });
  for (let waited = 0; outstanding > 0 && waited < 35_000; waited += 50) await sleep(50);
  const share = (cpu ?? meter()).stop();
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    ...tally,
    errors: tally.errors + outstanding,
    offered: sent / seconds,
    achieved: answered / ((lastAnswer - measureFrom) / 1000),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    sendLag,
    cpu: share,
  };
}
