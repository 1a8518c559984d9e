import { describe, expect, it } from 'vitest';
import { roleNeeded } from '@gavel/domain';
import { call } from '../../../test/call';
import { signedInStaff } from '../../../test/console-fixtures';
import type { TestApp } from '../../../test/harness';
import {
  auditEntries,
  consoleInject,
  eventRow,
  everything,
  useEventsTest,
  type EventsTest,
  NOW,
  settingsOf,
} from './events-fixtures';

/** The organization's events: the list, a new event, archiving, an event's settings and opening bidding. */
let t: TestApp;
let s: EventsTest;
useEventsTest(NOW, (app, setup) => {
  t = app;
  s = setup;
});

const newEvent = {
  eventcode: 'fall',
  eventname: 'Fall Fair',
  timezone: 'America/New_York',
  eventopens: '2027-10-01T09:00:00-04:00',
  biddingopens: '2027-10-01T10:00:00-04:00',
  biddingcloses: '2027-10-02T20:00:00-04:00',
  eventcloses: '2027-10-02T22:00:00-04:00',
};

describe('GET /console/events', () => {
  it("answers a volunteer the organization's events with their state and counts, and no other organization's", async () => {
    const res = await call(t.app, 'GET /console/events', undefined, { headers: s.volunteer.headers });
    expect(res.ok && res.answer.events).toEqual([
      {
        eventcode: 'gala',
        eventname: 'Spring Gala',
        timezone: 'America/Chicago',
        eventopens: '2026-12-05T17:00:00-06:00',
        eventcloses: '2026-12-05T23:00:00-06:00',
        biddingopens: '2026-12-05T18:00:00-06:00',
        biddingcloses: '2026-12-05T21:00:00-06:00',
        eventflag: 'eventnotopen',
        items: 3,
        bidders: 1,
        archived: false,
      },
    ]);
  });

  it('refuses a bidder token, a signed-out caller and the staff of another organization', async () => {
    for (const headers of [s.bidder.auth, {}, s.otherOwner.headers]) {
      const res = await consoleInject(t, 'GET', '/api/console/events', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to the console.');
    }
  });

  it('refuses a staff token on bidder calls', async () => {
    const res = await call(t.app, 'POST /auctionitems', { eventcode: 'gala' }, { headers: s.owner.headers });
    expect(res.ok).toBe(false);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /console/events', () => {
  it('creates an event with the import defaults, audited', async () => {
    const res = await call(t.app, 'POST /console/events', newEvent, { headers: s.staffer.headers });
    expect(res.ok && res.answer).toEqual({
      status: 'success',
      message: 'Created Fall Fair.',
      event: { ...newEvent, eventflag: 'eventnotopen', items: 0, bidders: 0, archived: false },
    });
    const settings = await settingsOf(t, s.owner.headers, 'fall');
    expect(settings.event).toMatchObject({ ccfeespercent: 3, allowbillme: false, paymentprocessorcode: 1 });
    expect(settings.event.display).toEqual({
      showtotal: true,
      totalincludes: ['bids', 'buyitnow', 'store', 'donations'],
      goal: 0,
      message: '',
    });
    const [entry] = (await auditEntries(t)).filter((a) => a.kind === 'event.create');
    expect(entry).toMatchObject({
      staffId: s.staffer.id,
      actor: 'Sam Staff',
      summary: 'Created Fall Fair (fall)',
      before: null,
      after: newEvent,
    });
    expect(entry?.eventId).toBe((await eventRow(t, 'fall'))?.id);
  });

  it('refuses a volunteer with the role sentence, writing nothing', async () => {
    const before = await everything(t);
    const res = await consoleInject(t, 'POST', '/api/console/events', s.volunteer.headers, newEvent);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });

  it.each([
    [{ eventcode: 'console' }, 'eventcode', 'is a word the site keeps for itself; choose another code'],
    [{ eventcode: 'a b' }, 'eventcode', 'may hold only letters, digits, - and _'],
    [{ eventname: '   ' }, 'eventname', 'is required'],
    [{ timezone: 'Mars/Base' }, 'timezone', 'must be an IANA time zone such as America/Chicago'],
    [
      { biddingcloses: 'tomorrow' },
      'biddingcloses',
      'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
    ],
    [{ biddingcloses: '2027-10-01T09:30:00-04:00' }, 'biddingcloses', 'Bidding must close after it opens.'],
    [{ eventopens: '2027-10-01T11:00:00-04:00' }, 'biddingopens', 'Bidding cannot open before the event opens.'],
    [{ copyfrom: 'nosuch' }, 'copyfrom', 'is not the code of an event of this organization'],
    [{ copyfrom: 'spring' }, 'copyfrom', 'is not the code of an event of this organization'],
  ])('refuses %j with the field and its message, writing nothing', async (over, path, message) => {
    const before = await everything(t);
    const res = await consoleInject(t, 'POST', '/api/console/events', s.owner.headers, { ...newEvent, ...over });
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(answer.message).toBe(`${path}: ${message}`);
    expect(answer.errors[0]).toEqual({ path, message });
    expect(await everything(t)).toEqual(before);
  });

  it('refuses a code the organization already uses (409), whatever its capitals', async () => {
    const before = await everything(t);
    const res = await consoleInject(t, 'POST', '/api/console/events', s.owner.headers, {
      ...newEvent,
      eventcode: 'GALA',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Another event of this organization already has the code gala. Please choose another code.',
    );
    expect(await everything(t)).toEqual(before);
  });

  it("takes a code another organization uses: codes are each organization's own", async () => {
    const res = await call(
      t.app,
      'POST /console/events',
      { ...newEvent, eventcode: 'spring' },
      { headers: s.owner.headers },
    );
    expect(res.ok).toBe(true);
  });
});

describe('GET /console/events/:eventcode', () => {
  it("answers the settings as the import's event, its state and counts, never a secret", async () => {
    const answer = await settingsOf(t, s.volunteer.headers);
    expect(answer.eventflag).toBe('eventnotopen');
    expect(answer.archived).toBe(false);
    expect(answer.counts).toEqual({ items: 3, bidders: 1, bids: 0, raised: 0 });
    expect(answer.event).toMatchObject({
      eventcode: 'gala',
      eventname: 'Spring Gala',
      biddingopens: '2026-12-05T18:00:00-06:00',
      extendedbiddinglatest: '2026-12-05T23:00:00-06:00',
      welcomemessage: '<p>Welcome</p>',
      venue: {
        name: 'The Grand Ballroom',
        address: 'Riverbend Hotel\n210 River Street',
        starts: '2026-12-05T18:00:00-06:00',
      },
      display: { showtotal: true, goal: 5000, message: 'Thank you!' },
      processorsecretkey: '',
      processorsecretkeyset: false,
    });
    expect(answer.event.logourl).toMatch(/^\/media\//);
  });

  it("answers 404 for an event of another organization, and refuses that organization's staff here", async () => {
    const res = await consoleInject(t, 'GET', '/api/console/events/spring', s.owner.headers);
    expect(res.statusCode).toBe(404);
    const other = await consoleInject(t, 'GET', '/api/console/events/gala', s.otherOwner.headers);
    expect(other.statusCode).toBe(401);
  });
});

describe('PUT /console/events/:eventcode/archive', () => {
  it('archives and brings back an event, audited, the list keeping it flagged', async () => {
    const archive = (archived: boolean) =>
      call(
        t.app,
        'PUT /console/events/:eventcode/archive',
        { archived },
        { headers: s.staffer.headers, params: { eventcode: 'gala' } },
      );
    const res = await archive(true);
    expect(res.ok && res.answer.event.archived).toBe(true);
    expect(res.ok && res.answer.message).toBe('Spring Gala is archived.');
    const list = await call(t.app, 'GET /console/events', undefined, { headers: s.volunteer.headers });
    expect(list.ok && list.answer.events.map((e) => [e.eventcode, e.archived])).toEqual([['gala', true]]);
    expect((await archive(false)).ok).toBe(true);
    expect((await auditEntries(t)).map((a) => [a.kind, a.summary, a.before, a.after])).toEqual([
      ['event.archive', 'Archived Spring Gala (gala)', { archived: false }, { archived: true }],
      ['event.unarchive', 'Brought back Spring Gala (gala)', { archived: true }, { archived: false }],
    ]);
    // Bidders are unaffected: the event answers as before.
    expect((await call(t.app, 'POST /event', { eventcode: 'gala' })).ok).toBe(true);
  });

  it('refuses a volunteer, writing nothing', async () => {
    const before = await everything(t);
    const res = await consoleInject(t, 'PUT', '/api/console/events/gala/archive', s.volunteer.headers, {
      archived: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });

  it('refuses a body without the flag', async () => {
    const res = await consoleInject(t, 'PUT', '/api/console/events/gala/archive', s.staffer.headers, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('archived: is required');
  });
});

describe('POST /console/events/:eventcode/open-bidding', () => {
  const open = (headers: Record<string, string>) =>
    consoleInject(t, 'POST', '/api/console/events/gala/open-bidding', headers);

  it('opens bidding and the event now, audited, and bidders see it open', async () => {
    const res = await open(s.staffer.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      eventflag: 'biddingopen',
      event: { eventopens: '2026-12-01T12:00:00-06:00', biddingopens: '2026-12-01T12:00:00-06:00' },
    });
    const event = await call(t.app, 'POST /event', { eventcode: 'gala' });
    expect(event.ok && event.answer.eventflag).toBe('biddingopen');
    const [entry] = await auditEntries(t);
    expect(entry).toMatchObject({
      kind: 'event.openbidding',
      summary: 'Opened bidding of Spring Gala: eventopens, biddingopens',
      before: { eventopens: '2026-12-05T17:00:00-06:00', biddingopens: '2026-12-05T18:00:00-06:00' },
      after: { eventopens: '2026-12-01T12:00:00-06:00', biddingopens: '2026-12-01T12:00:00-06:00' },
    });
  });

  it('refuses when bidding is open already, or has closed', async () => {
    expect((await open(s.staffer.headers)).statusCode).toBe(200);
    const again = await open(s.staffer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Bidding is already open.');
    t.setNow(new Date('2026-12-06T04:00:00Z'));
    // A session lasts 12 hours: someone signed in that night.
    const late = await signedInStaff(t, { role: 'staff', email: 'late@example.org' });
    const closed = await open(late.headers);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/^Bidding has closed for this event\./);
  });

  it('refuses a volunteer, writing nothing', async () => {
    const before = await everything(t);
    const res = await open(s.volunteer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect(await everything(t)).toEqual(before);
  });
});
