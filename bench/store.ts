import { z } from 'zod';
import {
  type AnswerOf,
  type Contract,
  type ContractKey,
  contracts,
  errorResponse,
  type RequestOf,
  storeAmounts,
} from '@gavel/domain';
import { type Postgres, startServer, stop, summary, table } from './lib';
import { openRaw, raw } from './store-raw';
import {
  billing,
  BUYERS,
  count,
  DURATION_MS,
  emptyBurst,
  type Burst,
  type Failures,
  HOT,
  type Journeys,
  note,
  pick,
  ROUNDS,
  seedStore,
} from './store-setup';

/**
 * The event store under 200 buyers at once. Contention: 200 carts each take one of a ticket with
 * 100 left, in 5 rounds (a new ticket each): exactly 100 must be sold each time. Throughput: each
 * buyer opens a cart, adds 2 of 20 items, reads the cart and checks out (Bill Me) for 10 s. Beside
 * each, the same transactions straight on the same database from this process (no HTTP, no server),
 * on a second event with the same items: what the server adds.
 */
type Outcome<K extends ContractKey> =
  { ok: true; answer: AnswerOf<K>; ms: number } | { ok: false; ms: number; why: string };

/** One call of the contract map, as the web makes it: the body encoded and the answer decoded by its schemas. */
async function call<K extends ContractKey>(
  port: number,
  key: K,
  body: RequestOf<K>,
  token?: string,
): Promise<Outcome<K>> {
  const contract: Contract = contracts[key];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const payload = contract.body && body !== undefined ? JSON.stringify(z.encode(contract.body, body)) : undefined;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api${contract.path}`, {
      method: contract.method,
      headers,
      body: payload,
    });
    const data: unknown = await res.json().catch(() => ({}));
    const ms = performance.now() - t0;
    if (!res.ok) {
      const failure = errorResponse.safeParse(data);
      return { ok: false, ms, why: `${res.status} ${failure.success ? failure.data.message : res.statusText}` };
    }
    const schema: z.ZodType<AnswerOf<K>> = contracts[key].response;
    const answer = schema.safeParse(data);
    return answer.success
      ? { ok: true, answer: answer.data, ms }
      : { ok: false, ms, why: `${res.status} answer off its schema` };
  } catch (err) {
    return { ok: false, ms: performance.now() - t0, why: `no answer: ${String(err)}` };
  }
}

/** The server's rounds: every cart adds one of the round's ticket at the same moment. */
async function contention(port: number, hot: number[], failures: Failures): Promise<Burst> {
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const r = await call(port, 'POST /storesetup2', { eventcode: 'bench' });
    if (!r.ok) throw new Error(`storesetup2: ${r.why}`);
    tokens.push(r.answer.token);
  }
  const out = emptyBurst();
  for (const itemid of hot) {
    const t0 = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const r = await call(port, 'POST /storecartadditem', { itemid, quantity: 1 }, token);
        out.adds.push(r.ms);
        if (!r.ok) note(failures, `POST /storecartadditem ${r.why}`);
        else if (r.answer.status === 'success') tokens[i] = r.answer.token;
        return r.ok ? r.answer.status : 'error';
      }),
    );
    out.wallMs += performance.now() - t0;
    const sold = answers.filter((s) => s === 'success').length;
    out.sold.push(sold);
    out.refused += answers.filter((s) => s === 'failure').length;
    if (sold > HOT) throw new Error(`OVERSOLD: ${sold} of ${HOT} tickets sold to ${BUYERS} carts`);
    const shown = await call(port, 'POST /storesetup1', { eventcode: 'bench' });
    const left = shown.ok
      ? shown.answer.tabs.flatMap((t) => t.sections.flatMap((s) => s.data)).find((it) => it.id === itemid)
          ?.quantityremaining
      : undefined;
    if (left !== HOT - sold)
      throw new Error(`the store shows ${String(left)} left of the ticket after ${sold} of ${HOT} were taken`);
  }
  return out;
}

/**
 * The server's throughput: every buyer starts whole journeys until the time is up; the journeys
 * under way then are finished and counted, and the rate is over the whole time they took.
 */
async function journeys(port: number, catalogue: number[], failures: Failures): Promise<Journeys> {
  const out: Journeys = { checkouts: 0, elapsedMs: 0, setup: [], adds: [], cart: [], checkout: [], journey: [] };
  const start = performance.now();
  const end = Date.now() + DURATION_MS;
  const miss = (key: string, why: string) => note(failures, `${key} ${why}`);
  const buyer = async () => {
    journey: while (Date.now() < end) {
      const t0 = performance.now();
      const setup = await call(port, 'POST /storesetup2', { eventcode: 'bench' });
      out.setup.push(setup.ms);
      if (!setup.ok) {
        miss('POST /storesetup2', setup.why);
        continue;
      }
      let token = setup.answer.token;
      const first = pick(catalogue);
      for (const itemid of [first, pick(catalogue.filter((id) => id !== first))]) {
        const r = await call(port, 'POST /storecartadditem', { itemid, quantity: 1 }, token);
        out.adds.push(r.ms);
        if (!r.ok || r.answer.status !== 'success') {
          miss('POST /storecartadditem', r.ok ? `refused: ${r.answer.message}` : r.why);
          continue journey;
        }
        token = r.answer.token;
      }
      const cart = await call(port, 'GET /storecart', undefined, token);
      out.cart.push(cart.ms);
      if (!cart.ok) {
        miss('GET /storecart', cart.why);
        continue;
      }
      const lines = cart.answer.cartitems.map((l) => ({ itemId: l.itemid, quantity: l.quantity, price: l.price }));
      const sums = storeAmounts({
        lines,
        discount: cart.answer.discountamount,
        donation: 0,
        coverFee: false,
        percent: cart.answer.ccfee,
      });
      const body = {
        ...billing,
        subtotal: sums.subtotal,
        discountamount: sums.discount,
        additionaldonation: 0,
        ccfeesamount: 0,
        totalamount: sums.total,
        paymentmethod: 'BILLME' as const,
      };
      const done = await call(port, 'PUT /storecheckout', body, token);
      out.checkout.push(done.ms);
      if (!done.ok || done.answer.status !== 'success') {
        miss('PUT /storecheckout', done.ok ? `status ${done.answer.status}` : done.why);
        continue;
      }
      out.checkouts++;
      out.journey.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  out.elapsedMs = performance.now() - start;
  return out;
}

const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
const p50p99 = (samples: number[]) => {
  const s = summary(samples);
  return `${s.p50.toFixed(0)} / ${s.p99.toFixed(0)}`;
};

export async function benchStore(pg: Postgres | undefined, port: number): Promise<string> {
  const contended: Array<Array<string | number>> = [];
  const flowing: Array<Array<string | number>> = [];
  const calls: Array<Array<string | number>> = [];
  const problems: string[] = [];
  for (const kind of pg ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const { items, url, dataDir } = await seedStore(kind === 'postgres' ? pg : undefined, `bench_store_${kind}`);
    const server = await startServer(port, url ? { DATABASE_URL: url } : { DATA_DIR: dataDir });
    const failures: Failures = new Map();
    const burst = await contention(port, items.hot, failures);
    const served = await journeys(port, items.catalogue, failures);
    await stop(server);
    const db = await openRaw(url, dataDir);
    const base = await raw(db, items, served).finally(() => db.close());

    const adds = burst.adds.length / (burst.wallMs / 1000);
    const rawAdds = base.burst.adds.length / (base.burst.wallMs / 1000);
    contended.push([
      label,
      burst.sold.join(', '),
      burst.refused,
      adds,
      p50p99(burst.adds),
      base.burst.sold.join(', '),
      rawAdds,
      p50p99(base.burst.adds),
      pct(adds, rawAdds),
    ]);
    const perSecond = served.checkouts / (served.elapsedMs / 1000);
    flowing.push([
      label,
      perSecond,
      `${served.checkouts} in ${(served.elapsedMs / 1000).toFixed(1)} s`,
      p50p99(served.journey),
      count(failures),
      base.journeys,
      pct(perSecond, base.journeys),
    ]);
    calls.push([
      label,
      p50p99(served.setup),
      p50p99(served.adds),
      p50p99(served.cart),
      p50p99(served.checkout),
      p50p99(base.adds),
    ]);
    for (const [what, n] of failures) problems.push(`- ${label}: ${what} (×${n})`);
  }
  return [
    table(
      `Store contention: ${BUYERS} carts add 1 of a ticket with ${HOT} left, at once (${ROUNDS} rounds)`,
      [
        'database',
        'sold per round',
        'refused',
        'adds/s',
        'p50 / p99 ms',
        'raw SQL sold per round',
        'raw SQL adds/s',
        'raw SQL p50 / p99 ms',
        'ratio',
      ],
      contended,
    ),
    table(
      `Store throughput: ${BUYERS} buyers start journeys for ${DURATION_MS / 1000} s (storesetup2, 2 adds, cart, checkout by Bill Me)`,
      ['database', 'checkouts/s', 'checkouts', 'journey p50 / p99 ms', 'errors', 'raw SQL journeys/s', 'ratio'],
      flowing,
    ),
    table(
      'Store throughput: each call, p50 / p99 ms',
      ['database', 'storesetup2', 'storecartadditem', 'storecart', 'storecheckout', 'raw SQL add'],
      calls,
    ),
    problems.length > 0
      ? `Errors:\n\n${problems.join('\n')}\n`
      : 'No call failed; after each run the orders and units sold in the database matched the checkouts answered.\n',
  ].join('\n');
}
