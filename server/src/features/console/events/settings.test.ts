import { describe, expect, it } from 'vitest';
import { type EventSettingsFields, roleNeeded } from '@gavel/domain';
import { call } from '../../../test/call';
import { PNG_DATA_URL } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';
import {
  asBody,
  auditEntries,
  consoleInject,
  eventRow,
  everything,
  useEventsTest,
  type EventsTest,
  NOW,
  settingsOf,
} from './events-fixtures';

/** Saving an event's settings: the import's fields and rules, payment fields for owners, secrets never shown. */
let t: TestApp;
let s: EventsTest;
useEventsTest(NOW, (app, setup) => {
  t = app;
  s = setup;
});

const put = (headers: Record<string, string>, body: unknown, eventcode = 'gala') =>
  consoleInject(t, 'PUT', `/api/console/events/${eventcode}`, headers, body);

async function current(): Promise<EventSettingsFields> {
  return asBody(await settingsOf(t, s.owner.headers));
}

const STRIPE = {
  paymentprocessorcode: 2 as const,
  processorpublickey: 'pk_test_gala',
  processorsecretkey: 'sk_test_VERYSECRET',
  processorwebhooksecret: 'whsec_ALSOSECRET',
};

describe('PUT /console/events/:eventcode', () => {
  it('saves what staff change through the import mapping, audits the changed fields, and bidders see it', async () => {
    const body = {
      ...(await current()),
      eventname: 'Spring Gala 2026',
      welcomemessage: '<p onclick="x()">Hello <script>alert(1)</script><b>friends</b></p>',
      sponsorurl: [PNG_DATA_URL],
      display: { showtotal: false, totalincludes: ['bids'], goal: 12_500.5, message: 'Bid now' },
    };
    const res = await put(s.staffer.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().event;
    expect(saved.eventname).toBe('Spring Gala 2026');
    expect(saved.welcomemessage).toBe('<p>Hello <b>friends</b></p>');
    expect(saved.sponsorurl).toEqual([expect.stringMatching(/^\/media\//)]);
    expect(saved.display).toEqual({ showtotal: false, totalincludes: ['bids'], goal: 12_500.5, message: 'Bid now' });
    const entries = await auditEntries(t);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'event.update',
      actor: 'Sam Staff',
      summary: 'Changed the settings of Spring Gala 2026: eventname, sponsorurl, welcomemessage, display',
      before: { eventname: 'Spring Gala', welcomemessage: '<p>Welcome</p>', sponsorurl: [] },
      after: { eventname: 'Spring Gala 2026', welcomemessage: '<p>Hello <b>friends</b></p>' },
    });
    const event = await call(t.app, 'POST /event', { eventcode: 'gala' });
    expect(event.ok && event.answer.eventname).toBe('Spring Gala 2026');
    const board = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala' } });
    expect(board.ok && board.answer.total).toMatchObject({ show: false, goal: 1_250_050 });
  });

  it('writes nothing, and audits nothing, when what GET answered is sent back', async () => {
    const before = await everything(t);
    const res = await put(s.staffer.headers, await current());
    expect(res.statusCode, res.body).toBe(200);
    expect(await everything(t)).toEqual(before);
  });

  it('refuses a volunteer with the role sentence, writing nothing', async () => {
    const before = await everything(t);
    const res = await put(s.volunteer.headers, { ...(await current()), eventname: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });

  it('refuses a bidder token and the staff of another organization', async () => {
    const body = await current();
    for (const headers of [s.bidder.auth, s.otherOwner.headers]) {
      const res = await put(headers, body);
      expect(res.statusCode).toBe(401);
    }
  });

  it.each([
    ['paymentprocessorcode', { paymentprocessorcode: 0 }],
    ['processorsecretkey', { processorsecretkey: 'sk_test_mine' }],
    ['currency', { currency: 'eur' }],
  ])('refuses staff a change of %s: only an owner may', async (_field, change) => {
    const before = await everything(t);
    const res = await put(s.staffer.headers, { ...(await current()), ...change });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('owner'));
    expect(await everything(t)).toEqual(before);
  });

  it('lets an owner set the processor keys, then never shows the secrets again', async () => {
    const res = await put(s.owner.headers, { ...(await current()), ...STRIPE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({
      paymentprocessorcode: 2,
      processorpublickey: 'pk_test_gala',
      processorsecretkey: '',
      processorwebhooksecret: '',
      processorsecretkeyset: true,
      processorwebhooksecretset: true,
    });
    expect(await eventRow(t, 'gala')).toMatchObject({
      processorsecretkey: 'sk_test_VERYSECRET',
      processorwebhooksecret: 'whsec_ALSOSECRET',
    });
    // Staff may save other settings of an event on Stripe: the empty secrets keep the saved ones.
    const again = await put(s.staffer.headers, { ...(await current()), eventname: 'Renamed' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await eventRow(t, 'gala')).toMatchObject({
      eventname: 'Renamed',
      processorsecretkey: 'sk_test_VERYSECRET',
      processorwebhooksecret: 'whsec_ALSOSECRET',
    });
    const seen = [
      JSON.stringify(await settingsOf(t, s.owner.headers)),
      (await consoleInject(t, 'GET', '/api/console/events', s.owner.headers)).body,
      (await consoleInject(t, 'GET', '/api/console/events/gala/export', s.owner.headers)).body,
      JSON.stringify(await auditEntries(t)),
    ].join('\n');
    expect(seen).not.toMatch(/VERYSECRET|ALSOSECRET/);
    const [entry] = await auditEntries(t);
    expect(entry?.after).toMatchObject({ processorsecretkey: '(secret)', processorwebhooksecret: '(secret)' });
  });

  it.each([
    [{ biddingcloses: '2026-12-05T17:30:00-06:00' }, 'biddingcloses', 'Bidding must close after it opens.'],
    [{ ccfeespercent: 50 }, 'ccfeespercent', 'must be at most 20'],
    [{ organizationemail: 'nobody' }, 'organizationemail', 'must be an email address'],
    [{ display: { goal: 1.005 } }, 'display.goal', 'must have at most two decimals'],
    [
      { venue: { name: 'Hall', address: '', starts: 'soon' } },
      'venue.starts',
      'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
    ],
    [
      { paymentprocessorcode: 2, processorpublickey: 'pk_x' },
      'processorsecretkey',
      'must be a Stripe secret key (sk_... or rk_...) when paymentprocessorcode is 2',
    ],
    [{ eventcode: 'other' }, 'eventcode', 'cannot be changed here; copy the event to give it another code'],
    [{ surprise: true }, '(document)', 'has unknown field: surprise'],
  ])('refuses %j with the field and its message, writing nothing', async (change, path, message) => {
    const before = await everything(t);
    const res = await put(s.owner.headers, { ...(await current()), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toEqual({ path, message });
    expect(res.json().message).toBe(`${path}: ${message}`);
    expect(await everything(t)).toEqual(before);
  });

  it('answers 404 for an event the organization does not have', async () => {
    const res = await put(s.owner.headers, await current(), 'nosuch');
    expect(res.statusCode).toBe(404);
  });
});
