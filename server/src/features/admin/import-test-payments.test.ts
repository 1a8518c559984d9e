import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDocumentInput } from '@gavel/domain';
import { events } from '../../db/schema';
import { dbState } from '../../test/db-state';
import { galaDocument } from '../../test/documents';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';

// The finding replayed at the door: in production an event document on the test gateway (code 1,
// named or by default) is refused, and nothing of it is imported, unless ALLOW_TEST_PAYMENTS=true.
const now = new Date('2026-12-06T01:00:00Z');
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://auction.example.org' };
let strict: TestApp;
let rehearsal: TestApp;
let development: TestApp;

beforeAll(async () => {
  [strict, rehearsal, development] = await Promise.all([
    createTestApp(production, now),
    createTestApp({ ...production, ALLOW_TEST_PAYMENTS: 'true' }, now),
    createTestApp({ NODE_ENV: 'development' }, now),
  ]);
});
afterAll(async () => Promise.all([strict, rehearsal, development].map((t) => t?.close())));

const importDoc = (t: TestApp, doc: ImportDocumentInput) =>
  t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
const withProcessor = (event: Partial<ImportDocumentInput['event']>) => galaDocument({ event });
const stripe = {
  paymentprocessorcode: 2 as const,
  processorpublickey: 'pk_live_gavel',
  processorsecretkey: 'sk_live_gavel',
};

const whatToDo =
  'the test gateway, where no money moves, which this server does not take. Name Stripe (paymentprocessorcode 2 with processorpublickey and processorsecretkey), or 0 for Bill Me only; or, for a rehearsal, set ALLOW_TEST_PAYMENTS=true on the server.';

describe('the import in production, without ALLOW_TEST_PAYMENTS', () => {
  it.each([
    ['named', withProcessor({ paymentprocessorcode: 1 }), `is 1: ${whatToDo}`],
    ['by default', galaDocument(), `is not given, so it would be 1: ${whatToDo}`],
  ])(
    'refuses the test gateway %s with 400 at event.paymentprocessorcode, and imports nothing',
    async (_how, doc, message) => {
      const before = await dbState(strict.ctx.db);
      const res = await importDoc(strict, doc);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'failure',
        code: 'bad_request',
        message: 'The event document has 1 problem; nothing was imported.',
        errors: [{ path: 'event.paymentprocessorcode', message }],
      });
      expect(await dbState(strict.ctx.db)).toEqual(before);
    },
  );

  it('refuses a re-import that moves an event to the test gateway, leaving it as it was', async () => {
    expect((await importDoc(strict, withProcessor(stripe))).statusCode).toBe(200);
    const before = await dbState(strict.ctx.db);
    const res = await importDoc(strict, withProcessor({ paymentprocessorcode: 1 }));
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ path: 'event.paymentprocessorcode', message: `is 1: ${whatToDo}` }],
    ]);
    expect(await dbState(strict.ctx.db)).toEqual(before);
  });

  it('takes Stripe and Bill Me only', async () => {
    expect(
      (await importDoc(strict, galaDocument({ eventcode: 'billonly', event: { paymentprocessorcode: 0 } }))).statusCode,
    ).toBe(200);
    const codes = (
      await strict.ctx.db.select({ eventcode: events.eventcode, code: events.paymentprocessorcode }).from(events)
    ).map((e) => [e.eventcode, e.code]);
    expect(codes.sort()).toEqual([
      ['billonly', 0],
      ['gala', 2],
    ]);
  });
});

describe('where test payments are allowed', () => {
  it('in production with ALLOW_TEST_PAYMENTS=true, imports the test gateway, named or by default', async () => {
    expect((await importDoc(rehearsal, withProcessor({ paymentprocessorcode: 1 }))).statusCode).toBe(200);
    expect((await importDoc(rehearsal, galaDocument({ eventcode: 'rehearsal' }))).statusCode).toBe(200);
    const codes = (await rehearsal.ctx.db.select({ code: events.paymentprocessorcode }).from(events)).map(
      (e) => e.code,
    );
    expect(codes).toEqual([1, 1]);
  });

  it('in development, an event that names no processor is on the test gateway, as before', async () => {
    expect((await importDoc(development, galaDocument())).statusCode).toBe(200);
    const [event] = await development.ctx.db.select({ code: events.paymentprocessorcode }).from(events);
    expect(event?.code).toBe(1);
  });
});
