import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { eventResponse, importDocument, type ImportDocumentInput } from '@gavel/domain';
import { ADMIN, createTestApp, failure, type TestApp } from '../../test/harness';
import { galaDocument, GALA_TIMES, PNG_DATA_URL } from '../../test/documents';
import { events, organizations } from '../../db/schema';

// The harness host is localhost, so the default organization answers; these events belong to it.
const ORG = 'demo';
let t: TestApp;

async function importDoc(doc: ImportDocumentInput): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
  expect(res.statusCode, res.body).toBe(200);
}

async function postEvent(payload: unknown, url = '/api/event/') {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

async function eventRow(eventcode: string) {
  const rows = await t.ctx.db
    .select({ event: events })
    .from(events)
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(and(eq(organizations.auctioncode, ORG), eq(events.eventcode, eventcode)));
  return rows[0]?.event;
}

// Settings the event answer gives back exactly as imported.
const SETTINGS = {
  allowbillme: true,
  allowpayccfees: false,
  ccfeespercent: 3.5,
  eventallowanonymousbidding: false,
  eventallowguestentry: false,
  addressrequired: true,
  ziprequired: false,
  notificationcolumns: [{ title: 'Email', value: 'email' }],
  notificationrows: [{ notificationrowid: 7, title: 'When I am outbid', flags: { email: true } }],
  shownotificationsmenuitem: false,
  paymentprocessorcode: 1 as const,
  needscardtobid: true,
};

const galaDoc = (event: Partial<ImportDocumentInput['event']> = {}) =>
  galaDocument({
    auctioncode: ORG,
    orgname: 'Riverbend Schools',
    event: {
      eventname: 'Riverbend Spring Gala',
      logourl: PNG_DATA_URL,
      sponsorurl: ['https://cdn.example.org/sponsor-a.png', PNG_DATA_URL],
      welcomemessage: '<p>Welcome, <strong>friends</strong>!</p>',
      homemessage: '<p>Bid often.</p>',
      preeventtext: '<p>Doors open at 5.</p>',
      contactus: '<p>Call <a href="tel:5551234567">us</a></p>',
      privacypolicy: '<h2>Privacy</h2><p>We keep your data safe.</p>',
      organizationphone: '(555) 123-4567',
      organizationemail: 'events@riverbend.example.org',
      ...SETTINGS,
      ...event,
    },
  });

beforeAll(async () => {
  t = await createTestApp({}, new Date('2026-12-06T01:00:00Z'));
  await importDoc(galaDoc());
});
afterAll(async () => t.close());

describe('POST /api/event/', () => {
  it('answers every Event field of the spec with its imported value and type', async () => {
    const res = await postEvent({ eventcode: 'gala', email: 'someone@example.org', password: 'ignored' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The response contract itself: every field present with its type, nothing extra.
    expect(eventResponse.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      status: 'success',
      eventname: 'Riverbend Spring Gala',
      eventcode: 'gala',
      auctioncode: 'demo',
      organizationname: 'Riverbend Schools',
      logourl: expect.stringMatching(/^\/media\/[A-Za-z0-9_-]{32}$/),
      sponsorurl: ['https://cdn.example.org/sponsor-a.png', expect.stringMatching(/^\/media\/[A-Za-z0-9_-]{32}$/)],
      welcomemessage: '<p>Welcome, <strong>friends</strong>!</p>',
      homemessage: '<p>Bid often.</p>',
      preeventtext: '<p>Doors open at 5.</p>',
      contactus: '<p>Call <a href="tel:5551234567" target="_blank" rel="noopener noreferrer">us</a></p>',
      organizationphone: '(555) 123-4567',
      organizationemail: 'events@riverbend.example.org',
      timezone: 'America/Chicago',
      eventopendate: '2026-12-05T23:00:00.000Z',
      eventclosedate: '2026-12-06T05:00:00.000Z',
      eventbiddingopen: '2026-12-06T00:00:00.000Z',
      eventbiddingclosed: '2026-12-06T03:00:00.000Z',
      eventbiddingopencst: '12-05-2026 6:00 PM',
      eventbiddingclosedcst: '12-05-2026 9:00 PM',
      eventflag: 'biddingopen',
      ...SETTINGS,
      // Every event offers Push after its own columns (domain/src/accounts/notifications.ts).
      notificationcolumns: [...SETTINGS.notificationcolumns, { title: 'Push', value: 'push' }],
      servertime: '2026-12-06T01:00:00.000Z',
      venue: null,
    });
    // Same logo stored once: the sponsor data: image is the same bytes, so the same path.
    expect(body.sponsorurl[1]).toBe(body.logourl);
  });

  it('sends times as ISO-8601 with an offset that name the imported instants', async () => {
    const body = (await postEvent({ eventcode: 'gala' })).json();
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;
    for (const [field, imported] of [
      ['eventopendate', GALA_TIMES.eventopens],
      ['eventclosedate', GALA_TIMES.eventcloses],
      ['eventbiddingopen', GALA_TIMES.biddingopens],
      ['eventbiddingclosed', GALA_TIMES.biddingcloses],
      ['servertime', '2026-12-06T01:00:00Z'],
    ] as const) {
      expect(body[field], field).toMatch(iso);
      expect(Date.parse(body[field]), field).toBe(Date.parse(imported));
    }
  });

  it("formats the *cst fields 'MM-DD-YYYY h:mm A' in the event's own zone, daylight time included", async () => {
    await importDoc(
      galaDocument({
        auctioncode: ORG,
        eventcode: 'summer',
        event: {
          timezone: 'America/New_York',
          eventopens: '2026-07-04T08:00:00-04:00',
          biddingopens: '2026-07-04T09:05:00-04:00',
          biddingcloses: '2026-07-04T12:30:00-04:00',
          eventcloses: '2026-07-04T23:59:00-04:00',
        },
      }),
    );
    const body = (await postEvent({ eventcode: 'summer' })).json();
    expect(body.timezone).toBe('America/New_York');
    expect(body.eventbiddingopencst).toBe('07-04-2026 9:05 AM');
    expect(body.eventbiddingclosedcst).toBe('07-04-2026 12:30 PM');
    expect(body.eventbiddingopen).toBe('2026-07-04T13:05:00.000Z');
  });

  it('derives eventflag from the clock through all five states, never from a stored value', async () => {
    const doc = (times: typeof GALA_TIMES) => galaDocument({ auctioncode: ORG, eventcode: 'clock', event: times });
    await importDoc(doc(GALA_TIMES));
    const flagAt = async (iso: string) => {
      t.setNow(new Date(iso));
      const body = (await postEvent({ eventcode: 'clock' })).json();
      expect(body.servertime).toBe(new Date(iso).toISOString());
      return body.eventflag as string;
    };
    expect(await flagAt('2026-12-05T16:59:59-06:00')).toBe('eventnotopen');
    expect(await flagAt('2026-12-05T17:00:00-06:00')).toBe('biddingnotopen');
    expect(await flagAt('2026-12-05T17:59:59-06:00')).toBe('biddingnotopen');
    expect(await flagAt('2026-12-05T18:00:00-06:00')).toBe('biddingopen');
    expect(await flagAt('2026-12-05T20:59:59-06:00')).toBe('biddingopen');
    expect(await flagAt('2026-12-05T21:00:00-06:00')).toBe('biddingclosed');
    expect(await flagAt('2026-12-05T22:59:59-06:00')).toBe('biddingclosed');
    expect(await flagAt('2026-12-05T23:00:00-06:00')).toBe('eventclosed');

    // The organizer extends bidding by an hour: the same moment is open again at once.
    await importDoc(doc({ ...GALA_TIMES, biddingcloses: '2026-12-05T22:00:00-06:00' }));
    expect(await flagAt('2026-12-05T21:30:00-06:00')).toBe('biddingopen');
    const row = await eventRow('clock');
    expect(row?.biddingcloses.toISOString()).toBe('2026-12-06T04:00:00.000Z');
    // And moves the whole evening a day later: now before doors again.
    await importDoc(
      doc({
        eventopens: '2026-12-06T17:00:00-06:00',
        biddingopens: '2026-12-06T18:00:00-06:00',
        biddingcloses: '2026-12-06T21:00:00-06:00',
        eventcloses: '2026-12-06T23:00:00-06:00',
      }),
    );
    expect(await flagAt('2026-12-05T21:30:00-06:00')).toBe('eventnotopen');
    expect(await flagAt('2026-12-06T19:00:00-06:00')).toBe('biddingopen');
    t.setNow(new Date('2026-12-06T01:00:00Z'));
  });

  it('answers with and without the trailing slash, and takes the event code in any case', async () => {
    for (const url of ['/api/event/', '/api/event']) {
      const res = await postEvent({ eventcode: 'GALA' }, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', eventcode: 'gala', eventname: 'Riverbend Spring Gala' });
    }
  });

  it("answers 404 'Event Not Found' for an unknown event code", async () => {
    const res = await postEvent({ eventcode: 'nosuchevent' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'failure', code: 'event_not_found', message: 'Event Not Found' });
  });

  it('answers 400 with a clear message and path for a missing or invalid eventcode', async () => {
    const empty = (await postEvent({ eventcode: '' })).json();
    expect(empty).toMatchObject({ status: 'failure', code: 'bad_request', message: 'eventcode: is required' });
    expect(empty.errors[0]).toEqual({ path: 'eventcode', message: 'is required' });
    const cases: Array<[unknown, string]> = [
      [{}, 'is required'],
      [{ eventcode: 5 }, 'must be a string'],
      [{ eventcode: 'no spaces' }, 'may hold only letters, digits, - and _'],
      [{ eventcode: 'x'.repeat(41) }, 'must be at most 40 characters'],
    ];
    for (const [payload, problem] of cases) {
      const res = await postEvent(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({
        status: 'failure',
        code: 'bad_request',
        message: `eventcode: ${problem}`,
        errors: [{ path: 'eventcode', message: problem }],
      });
    }
    const bad = await postEvent({ eventcode: 'gala', auctioncode: 'not valid!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'auctioncode', message: 'may hold only letters, digits, - and _' }]);
  });

  it('answers 400 when there is no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/event/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'The request body must be a JSON object.', [
        { path: '(document)', message: 'must be a JSON object' },
      ]),
    );
  });
});

describe('POST /api/privacypolicy', () => {
  it("answers the event's privacy policy", async () => {
    for (const url of ['/api/privacypolicy', '/api/privacypolicy/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { eventcode: 'gala' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        privacypolicy: '<h2>Privacy</h2><p>We keep your data safe.</p>',
      });
    }
  });

  it('answers 404 for an unknown event and 400 for a missing code', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/privacypolicy', payload: { eventcode: 'nope' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'failure', code: 'event_not_found', message: 'Event Not Found' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/privacypolicy', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'failure', code: 'bad_request', message: 'eventcode: is required' });
  });
});

describe('organizer HTML', () => {
  const hostile = {
    welcomemessage: '<p onclick="steal()">Hello<script>alert(1)</script></p>',
    homemessage: '<a href="javascript:alert(1)">Click</a><img src="x" onerror="alert(2)">',
    preeventtext: '<iframe src="https://evil.example"></iframe><p style="color: red; position: fixed">Soon</p>',
    contactus: '<a href="JaVaScRiPt:alert(3)" onmouseover="x()">Mail</a><style>body{display:none}</style>',
    privacypolicy: '<p>Policy</p><script src="https://evil.example/x.js"></script><svg onload="alert(4)"></svg>',
  };

  it('is answered sanitized: no script, no event handlers, no javascript: links', async () => {
    await importDoc(galaDocument({ auctioncode: ORG, eventcode: 'hostile', event: hostile }));
    const body = (await postEvent({ eventcode: 'hostile' })).json();
    const policy = (
      await t.app.inject({ method: 'POST', url: '/api/privacypolicy', payload: { eventcode: 'hostile' } })
    ).json();
    const answered = [body.welcomemessage, body.homemessage, body.preeventtext, body.contactus, policy.privacypolicy];
    for (const html of answered) {
      expect(html).not.toMatch(/<script|<style|<iframe|<svg|javascript:|\bon\w+=/i);
    }
    expect(body.welcomemessage).toBe('<p>Hello</p>');
    // A relative image path is harmless once its handler is gone.
    expect(body.homemessage).toBe('<a target="_blank" rel="noopener noreferrer">Click</a><img src="x" />');
    expect(body.preeventtext).toBe('<p style="color:red">Soon</p>');
    expect(body.contactus).toBe('<a target="_blank" rel="noopener noreferrer">Mail</a>');
    expect(policy.privacypolicy).toBe('<p>Policy</p>');
  });

  it('is stored sanitized too, so no other reader of the database sees the raw HTML', async () => {
    const row = await eventRow('hostile');
    expect(row).toBeDefined();
    for (const field of ['welcomemessage', 'homemessage', 'preeventtext', 'contactus', 'privacypolicy'] as const) {
      expect(row?.[field], field).not.toMatch(/<script|javascript:|\bon\w+=/i);
    }
  });

  it('keeps the raw document valid: sanitizing is not a validation failure', () => {
    expect(importDocument.safeParse(galaDocument({ event: hostile })).success).toBe(true);
  });
});
