import { eq } from 'drizzle-orm';
import type { ChargeAllRequest } from '@gavel/domain';
import { auctionItems, chargeRuns, paymentMethods } from '../../../db/schema';
import type { ChargeOutcome, PaymentGateway } from '../../../payments/gateway';
import { makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import type { TestApp } from '../../../test/harness';
import { buyNow, saveTestCard } from '../../../test/payments-fixtures';
import { chargeAllTick } from './job';

/** What charge-all tests share: bidders with saved cards and won items, the processor's witness, and the job run to the end. */

export const VISA = '4242424242424242';
/** Saved without trouble; the charge is refused ("insufficient funds"). */
export const INSUFFICIENT = '4000000000009995';

/** A Buy It Now item any number of bidders can win, at `price` dollars. */
export const plenty = (itemnum: string, price: number) => ({
  itemnum,
  name: `Gift ${itemnum}`,
  buyitnowonly: true,
  unlimitedquantity: true,
  buyitnowprice: price,
  startingbid: 0,
  minimumbidincrease: 1,
});

export async function itemIds(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  return Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
}

export interface NightBidder extends TestBidder {
  email: string;
  /** Their card on file's processor reference (none without a card). */
  card: string | null;
  /** The won item's history id (what a phone checkout names). */
  historyid: number;
}

/**
 * `count` bidders of the gala, each with a card on file (the `card` number, VISA by default; none
 * with `card: null`) and the item won by Buy It Now; made `chunk` at a time.
 */
export async function nightBidders(
  t: TestApp,
  {
    prefix,
    count,
    itemId,
    card = VISA,
    chunk = 20,
  }: { prefix: string; count: number; itemId: number; card?: string | null; chunk?: number },
): Promise<NightBidder[]> {
  const made: NightBidder[] = [];
  for (let start = 0; start < count; start += chunk) {
    const batch = Array.from({ length: Math.min(chunk, count - start) }, (_, i) => start + i);
    made.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const email = `${prefix}${i}@example.org`;
          const who = await makeBidder(t, 'gala', email, { firstname: `${prefix}${i}` });
          if (card) {
            const saved = await saveTestCard(t, who, 'gala', card);
            if (saved.statusCode !== 200) throw new Error(`saving a card: ${saved.body}`);
          }
          const historyid = await buyNow(t, who, 'gala', itemId);
          const [method] = await t.ctx.db
            .select({ ref: paymentMethods.ref })
            .from(paymentMethods)
            .where(eq(paymentMethods.bidderId, who.bidderId));
          return { ...who, email, card: method?.ref ?? null, historyid };
        }),
      )),
    );
  }
  return made;
}

/** One charge as the processor saw it: the first answer under its key (the gateway answers a repeated key alike). */
export interface Witnessed {
  key: string;
  amount: number;
  /** The card on file's reference, or the one-time token. */
  source: string;
  /** The bidder (bidders.id) the charge says it is for (its metadata, as the processor keeps it). */
  bidder: number;
  kind: ChargeOutcome['kind'];
}

/**
 * The processor's side of every charge of the app's events: each key the gateway charged, with
 * its amount, card and outcome. The test gateway answers a key it has seen with its first answer
 * and charges nothing again, so one key is one charge at most: a balance charged twice shows as two
 * succeeded keys on one card. `lose` drops the answers (the connection died after the charge).
 */
export function witness(t: TestApp) {
  const charges = new Map<string, Witnessed>();
  let lose = false;
  const real = t.ctx.payments.gatewayFor;
  t.ctx.payments.gatewayFor = (event) => {
    const gateway = real(event);
    if (!gateway) return gateway;
    const watched: PaymentGateway = {
      ...gateway,
      charge: async (request) => {
        const outcome = await gateway.charge(request);
        const source = 'card' in request.source ? request.source.card.ref : request.source.token;
        if (!charges.has(request.key))
          charges.set(request.key, {
            key: request.key,
            amount: request.amount,
            source,
            bidder: Number(request.metadata.bidderid),
            kind: outcome.kind,
          });
        if (lose) throw new Error('the connection dropped before the answer');
        return outcome;
      },
    };
    return watched;
  };
  return {
    charges,
    /** The succeeded charges of a card. */
    succeeded: (source: string) => [...charges.values()].filter((c) => c.source === source && c.kind === 'succeeded'),
    /** The succeeded charges the processor holds per bidder (bidders.id). */
    succeededByBidder: () => {
      const by = new Map<number, Witnessed[]>();
      for (const c of charges.values()) if (c.kind === 'succeeded') by.set(c.bidder, [...(by.get(c.bidder) ?? []), c]);
      return by;
    },
    loseAnswers: (on: boolean) => {
      lose = on;
    },
    restore: () => {
      t.ctx.payments.gatewayFor = real;
    },
  };
}
export type Witness = ReturnType<typeof witness>;

/** The job, tick after tick, until no run is running (a bound keeps a broken run from spinning). */
export async function runJobUntilDone(t: TestApp): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    await chargeAllTick(t.ctx);
    const running = await t.ctx.db.select().from(chargeRuns).where(eq(chargeRuns.state, 'running')).limit(1);
    if (running.length === 0) return;
  }
  throw new Error('the charge-all run never finished');
}

let keys = 0;
/** Starts a run as the owner's screen does: preview false, an Idempotency-Key. */
export function startRun(
  t: TestApp,
  headers: Record<string, string>,
  { minimum = 0, key = `run-key-${++keys}-${Date.now()}` }: { minimum?: number; key?: string } = {},
) {
  const body: ChargeAllRequest = { preview: false, minimum };
  return call(t.app, 'POST /console/events/:eventcode/charge-all', body, {
    params: { eventcode: 'gala' },
    headers: { ...headers, 'idempotency-key': key },
  });
}

export function preview(t: TestApp, headers: Record<string, string>, minimum = 0) {
  return call(
    t.app,
    'POST /console/events/:eventcode/charge-all',
    { preview: true, minimum },
    { params: { eventcode: 'gala' }, headers },
  );
}
