import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type BidderSession, verifiedBidder } from '../../../../../testkit/bidders';
import { bearer, expectOk, numberField, type Transport } from '../../../../../testkit/transport';
import { eventDocument } from '../../../test/documents';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { withMigratedDatabase } from '../../../test/migrated-dir';
import { stripeEventFields } from '../../../test/payments-fixtures';
import {
  consoleOwner,
  isRunning,
  SERVER_ADMIN_TOKEN,
  started,
  startServer,
  type ServerProcess,
} from '../../../test/server-process';
import { plenty } from './chargeall-fixtures';

/**
 * Charge all against the real server as a child process (test/server-process.ts), its event on
 * Stripe through a fake Stripe API running in the test's process, whose ledger of PaymentIntents
 * is the witness: the crash test (crash.test.ts) and the two servers on one account (two-servers.test.ts).
 */
export const EVENT = 'night';
export const PRICE = 40;

/**
 * A test file's servers, directories and fake Stripe, all stopped and removed after the file:
 * `directory(name)` is a new DATA_DIR holding the run's migrated database, `stripe()` the fake.
 */
export function serverRoom() {
  const dirs: string[] = [];
  let fake: FakeStripe | undefined;
  afterAll(async () => {
    for (const server of started) if (isRunning(server)) server.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    await fake?.close();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });
  return {
    directory: async (name: string) => {
      const dir = await withMigratedDatabase(mkdtempSync(join(tmpdir(), `gavel-${name}-`)));
      dirs.push(dir);
      return dir;
    },
    stripe: async () => (fake ??= await startFakeStripe()),
  };
}

/** The real server, its Stripe calls sent to the fake. */
export function startOnFake(dir: string, port: number, fake: FakeStripe): ServerProcess {
  return startServer(dir, port, { STRIPE_API_URL: fake.url });
}

/**
 * The gala on Stripe: its owner signed in, and `count` bidders, each with a Stripe card on file and
 * the gift won (ten at a time). Made the same way on two servers, it has the same ids on both.
 */
export async function stripeGala(
  transport: Transport,
  count: number,
): Promise<{ auth: { authorization: string }; room: BidderSession[] }> {
  const auth = await consoleOwner(transport, 'owner.night@example.org');
  const doc = eventDocument(new Date(), {
    eventcode: EVENT,
    orgname: 'Test Foundation',
    event: stripeEventFields('whsec_night'),
    items: [plenty('gift', PRICE)],
  });
  await expectOk('import', transport.post('/api/admin/import', doc, bearer(SERVER_ADMIN_TOKEN)));
  const sample = await verifiedBidder(transport, { eventcode: EVENT, email: 'sample@example.org' });
  const listed = (await expectOk('items', transport.post('/api/auctionitems', { eventcode: EVENT }, sample.auth))) as {
    auctionitems: Array<{ itemid: number }>;
  };
  const itemid = listed.auctionitems[0]!.itemid;
  const room: BidderSession[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => start + i);
    room.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const who = await verifiedBidder(transport, { eventcode: EVENT, email: `night${i}@example.org` });
          await expectOk(
            'card',
            // With an Idempotency-Key of its own, as the app sends (web/src/api/idempotency.ts).
            transport.post(
              '/api/updatecard',
              { eventcode: EVENT, processortoken: 'ctoken_visa' },
              { ...who.auth, 'idempotency-key': randomUUID() },
            ),
          );
          await expectOk(
            'buy',
            transport.post('/api/submitbid', { eventcode: EVENT, itemid, buyitnow: true, quantity: 1 }, who.auth),
          );
          return who;
        }),
      )),
    );
  }
  return { auth, room };
}

/** Starts a charge-all run (no preview) under `key`; answers its id. */
export async function startRun(transport: Transport, auth: { authorization: string }, key: string): Promise<number> {
  const begun = await expectOk(
    'start',
    transport.post(`/api/console/events/${EVENT}/charge-all`, { preview: false }, { ...auth, 'idempotency-key': key }),
  );
  return numberField(begun, 'runid');
}

export interface RunState {
  state: string;
  charged: number;
  left: number;
  declined: number;
  review: number;
  results: Array<{ bidderid: number; state: string; message: string }>;
}

export async function runState(
  transport: Transport,
  runid: number,
  auth: { authorization: string },
): Promise<RunState> {
  return (await expectOk('run', transport.get(`/api/console/events/${EVENT}/charge-all/${runid}`, auth))) as RunState;
}

/** Succeeded PaymentIntents per bidder (bidders.id, as the charge's metadata says), at the processor. */
export function chargesAtStripe(stripe: FakeStripe): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const pi of stripe.state.paymentIntents.values())
    if (pi.status === 'succeeded')
      by.set(pi.metadata.bidderid ?? '?', [...(by.get(pi.metadata.bidderid ?? '?') ?? []), pi.amount]);
  return by;
}
