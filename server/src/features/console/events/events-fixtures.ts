import { asc, eq } from 'drizzle-orm';
import type { EventSettingsFields, ImportDocumentInput } from '@gavel/domain';
import { audit, events } from '../../../db/schema';
import { makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { dbState } from '../../../test/db-state';
import {
  eventDocument,
  galaRegistration,
  item,
  PNG_DATA_URL,
  storeItem,
  type EventTimesInput,
} from '../../../test/documents';
import { beforeEach } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { useEmptiedApp } from '../../../test/hooks';
import { importOk } from '../../../test/import-fixtures';

/** The console events tests' gala: items with photos and an own close, a store with codes and guest fields, a venue. */
export function consoleGala(times: EventTimesInput, over: Partial<ImportDocumentInput['event']> = {}) {
  return eventDocument(times, {
    eventcode: 'gala',
    eventname: 'Spring Gala',
    event: {
      timezone: 'America/Chicago',
      logourl: PNG_DATA_URL,
      welcomemessage: '<p>Welcome</p>',
      extendedbiddingminutes: 3,
      extendedbiddinglatest: times.eventcloses,
      venue: { name: 'The Grand Ballroom', address: 'Riverbend Hotel\n210 River Street', starts: times.biddingopens },
      display: { showtotal: true, goal: 5000, message: 'Thank you!' },
      ...over,
    },
    items: [
      item('101', { name: 'Wine Tasting', photos: [PNG_DATA_URL], imageurl: PNG_DATA_URL, tags: ['wine'] }),
      item('102', { name: 'Signed Ball', quantity: 3, location: 'Main Hall' }),
      item('103', { name: 'Cabin Week', closing: times.biddingcloses, longdescription: '<p>A <em>week</em></p>' }),
    ],
    store: {
      header: 'Gala Tickets',
      billme: true,
      items: [
        storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10 }),
        storeItem('shirt', { tab: 'Merchandise', section: 'Shirts', name: 'Shirt', price: 25, quantity: 5, seats: 0 }),
      ],
      promocodes: [
        { code: 'GALA10', percent: 10 },
        { code: 'EARLY', amount: 5, validuntil: times.biddingopens, items: ['shirt'] },
      ],
      registration: galaRegistration({ editdeadline: times.biddingcloses }),
    },
  });
}

/** A December gala in Chicago, with bidding not yet open on the tests' clock. */
export const GALA: EventTimesInput = {
  eventopens: '2026-12-05T17:00:00-06:00',
  biddingopens: '2026-12-05T18:00:00-06:00',
  biddingcloses: '2026-12-05T21:00:00-06:00',
  eventcloses: '2026-12-05T23:00:00-06:00',
};
/** The tests' clock: 1 December 2026, noon in Chicago. */
export const NOW = new Date('2026-12-01T18:00:00Z');

export interface EventsTest {
  owner: TestStaff;
  staffer: TestStaff;
  volunteer: TestStaff;
  otherOwner: TestStaff;
  bidder: TestBidder;
}

/** The gala of organization demo, another organization's event, staff of each role and a bidder. */
export async function eventsTestSetup(t: TestApp, gala: ImportDocumentInput = consoleGala(GALA)): Promise<EventsTest> {
  await importOk(t, gala);
  await importOk(t, eventDocument(NOW, { auctioncode: 'other', eventcode: 'spring', eventname: 'Other Spring' }));
  return {
    owner: await signedInStaff(t, { role: 'owner', name: 'Olive Owner' }),
    staffer: await signedInStaff(t, { role: 'staff', name: 'Sam Staff' }),
    volunteer: await signedInStaff(t, { role: 'volunteer' }),
    otherOwner: await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' }),
    bidder: await makeBidder(t, 'gala', 'bidder@example.org'),
  };
}

/** The gala's settings as the console answers them to an owner. */
export async function settingsOf(t: TestApp, headers: Record<string, string>, eventcode = 'gala') {
  const res = await call(t.app, 'GET /console/events/:eventcode', undefined, { headers, params: { eventcode } });
  if (!res.ok) throw new Error(`GET settings answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

/** The settings as a PUT sends them back: the answer without what only answers carry. */
export function asBody(answer: Awaited<ReturnType<typeof settingsOf>>): EventSettingsFields {
  const { processorsecretkeyset: _key, processorwebhooksecretset: _hook, ...fields } = answer.event;
  return fields;
}

/** A raw console call, so bad input reaches the server as typed. */
export function consoleInject(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The audit log of the organization, oldest first. */
export async function auditEntries(t: TestApp) {
  return t.ctx.db.select().from(audit).orderBy(asc(audit.id));
}

/** Every row an event write can touch, for proving a refusal changed nothing. */
export async function everything(t: TestApp) {
  return { ...(await dbState(t.ctx.db)), audit: await auditEntries(t) };
}

export async function eventRow(t: TestApp, eventcode: string) {
  const [row] = await t.ctx.db.select().from(events).where(eq(events.eventcode, eventcode));
  return row;
}

/** A test file's app (emptied for each test), its clock at `now`, and the events set-up made again before each test. */
export function useEventsTest(now: Date, use: (t: TestApp, s: EventsTest) => void): void {
  let app: TestApp | undefined;
  useEmptiedApp(now, (a) => (app = a));
  beforeEach(async () => {
    if (!app) return;
    app.setNow(now);
    use(app, await eventsTestSetup(app));
  });
}
