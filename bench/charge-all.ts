import { inArray } from 'drizzle-orm';
import { PROCESSOR_TEST } from '@gavel/domain';
import { bidders, paymentMethods, staff, wonItems } from '../server/src/db/schema';
import { TokenService } from '../server/src/lib/tokens';
import { createTestGateway, issueTestCryptogram } from '../server/src/payments/test-gateway';
import { findTenant } from '../server/src/tenancy';
import { freshDatabase, JWT_SECRET, type Postgres, seed, sleep, startServer, stop, table } from './lib';

/**
 * Charge all saved cards (issue 29): 200 balances charged by a run (the background job, batches of
 * bidders under their own keys) beside 200 balances charged one by one through the desk's API
 * (POST .../bidders/{id}/payments, one request after another, as a clerk would), on one server and
 * one database, through the test gateway (it answers at once, so what is measured is Gavel's own
 * work: locks, ledger reads, the payment's three transactions, receipts). Each bidder owes $40 for
 * one item won and has a card on file.
 */
const BIDDERS = 200;
const PRICE = 4000;

interface Figures {
  runSeconds: number;
  runCharged: number;
  deskSeconds: number;
  deskCharged: number;
}

/** The room: 2 × BIDDERS bidders with a card (signed by the test gateway with the server's secret) and an item won. */
async function room(pg: Postgres | undefined) {
  const fresh = await freshDatabase(pg, 'charge_all');
  const seeded = await seed(fresh.db, { items: 1, people: 2 * BIDDERS });
  const { db } = fresh.db;
  const tenant = await findTenant(db, 'demo', 'bench');
  const now = new Date();
  const gateway = createTestGateway({
    secret: JWT_SECRET,
    eventId: tenant.event.id,
    clock: () => now,
    spend: async () => true,
  });
  const cards = [];
  for (const bidderId of seeded.bidderIds) {
    const token = issueTestCryptogram(
      JWT_SECRET,
      tenant.event.id,
      { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030, outcome: 'success', authenticated: false },
      now,
    );
    const saved = await gateway.saveCard({
      token,
      owner: { bidderId, email: '', name: '', customer: undefined },
      key: `bench-${bidderId}`,
    });
    if (saved.kind !== 'saved') throw new Error(`card: ${JSON.stringify(saved)}`);
    cards.push({ bidderId, processorcode: PROCESSOR_TEST, ...saved.card });
  }
  await db.insert(paymentMethods).values(cards);
  await db.insert(wonItems).values(
    seeded.bidderIds.map((bidderId) => ({
      eventId: tenant.event.id,
      itemId: seeded.itemIds[0]!,
      bidderId,
      kind: 'buynow' as const,
      amount: PRICE,
      quantity: 1,
      createdAt: now,
    })),
  );
  const [owner] = await db
    .insert(staff)
    .values({
      organizationId: tenant.organization.id,
      email: 'owner@bench.example',
      name: 'Bench Owner',
      role: 'owner',
    })
    .returning({ id: staff.id });
  const token = await new TokenService(JWT_SECRET).signStaff({ staffid: owner!.id, auctioncode: 'demo', ver: 0 }, now);
  const accounts = await db
    .select({ accountId: bidders.accountId })
    .from(bidders)
    .where(inArray(bidders.id, seeded.bidderIds.slice(0, BIDDERS)))
    .orderBy(bidders.id);
  await fresh.db.close();
  return { fresh, staffAuth: { authorization: `Bearer ${token}` }, deskAccounts: accounts.map((a) => a.accountId) };
}

async function measure(pg: Postgres | undefined, port: number): Promise<Figures> {
  const { fresh, staffAuth, deskAccounts } = await room(pg);
  const server = await startServer(port, pg && fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir });
  const api = (path: string, init: { method: string; body?: object; key?: string }) =>
    fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: init.method,
      headers: {
        ...staffAuth,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    }).then(async (res) => ({ status: res.status, json: (await res.json()) as Record<string, unknown> }));
  try {
    // One by one at the desk: the first half, each paid with the card on file before the next is asked.
    const deskStart = performance.now();
    let deskCharged = 0;
    for (const accountId of deskAccounts) {
      const res = await api(`/console/events/bench/bidders/${accountId}/payments`, {
        method: 'POST',
        body: { method: 'card', amount: PRICE / 100 },
        key: `bench-desk-${accountId}`,
      });
      if (res.status === 200 && res.json.result === 'paid') deskCharged++;
    }
    const deskSeconds = (performance.now() - deskStart) / 1000;
    // Charge all: the other half, from the request that starts the run to the run done.
    const runStart = performance.now();
    const started = await api('/console/events/bench/charge-all', {
      method: 'POST',
      body: { preview: false },
      key: 'bench-charge-all',
    });
    const runid = started.json.runid;
    if (typeof runid !== 'number') throw new Error(`charge all: ${JSON.stringify(started.json)}`);
    let run = await api(`/console/events/bench/charge-all/${runid}`, { method: 'GET' });
    while (run.json.state !== 'done') {
      await sleep(25);
      run = await api(`/console/events/bench/charge-all/${runid}`, { method: 'GET' });
    }
    const runSeconds = (performance.now() - runStart) / 1000;
    return { runSeconds, runCharged: Number(run.json.charged), deskSeconds, deskCharged };
  } finally {
    await stop(server);
  }
}

export async function benchChargeAll(pg: Postgres | undefined, port: number): Promise<string> {
  const rows: Array<Array<string | number>> = [];
  const databases: Array<[string, Postgres | undefined]> = pg
    ? [
        ['PostgreSQL', pg],
        ['PGlite', undefined],
      ]
    : [['PGlite', undefined]];
  for (const [name, db] of databases) {
    const f = await measure(db, port);
    rows.push([
      name,
      `${f.runCharged}/${BIDDERS}`,
      f.runSeconds.toFixed(2),
      (f.runCharged / f.runSeconds).toFixed(1),
      `${f.deskCharged}/${BIDDERS}`,
      f.deskSeconds.toFixed(2),
      (f.deskCharged / f.deskSeconds).toFixed(1),
    ]);
  }
  return table(
    `Charge all: ${BIDDERS} saved cards by a run, beside ${BIDDERS} paid one by one through the desk's API (test gateway)`,
    [
      'database',
      'run: charged',
      'run: s',
      'run: bidders/s',
      'one by one: charged',
      'one by one: s',
      'one by one: bidders/s',
    ],
    rows,
  );
}
