import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems } from '../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { dbState } from '../test/db-state';
import { eventDocument, item } from '../test/documents';
import { ADMIN, createTestApp, failure, type TestApp } from '../test/harness';
import { expectImportRefused } from '../test/import-fixtures';
import {
  answersFor,
  dialogOf,
  importRegistrationGala,
  lookupIdOf,
  purchase,
  saveGuest,
  seatAt,
} from '../test/registration-fixtures';
import { tableDigests } from './fuzz-db';

/**
 * Issue 15, findings 3 and 10: values that passed validation and then broke the database (500s),
 * and loose text that was stored or answered with the wrong words. Each is refused with a 400 of
 * the one error shape, with a precise message, and nothing is written.
 */

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ann: TestBidder;
let itemid: number;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items: [item('a', { startingbid: 50, minimumbidincrease: 5 })] }));
  const [row] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
  itemid = row?.id ?? 0;
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
});
afterAll(async () => t.close());

type Method = 'POST' | 'PUT';

/** Sends a raw request that must be refused with 400 and `message`; no table of the database changes. */
async function expectRefused(
  method: Method,
  url: string,
  payload: object,
  headers: Record<string, string>,
  message: string,
): Promise<void> {
  const before = await tableDigests(t.ctx.db);
  const res = await t.app.inject({ method, url, headers, payload });
  expect(res.statusCode, `${url} ${res.body}`).toBe(400);
  expect(res.json(), url).toMatchObject(failure('bad_request', message));
  expect(await tableDigests(t.ctx.db), url).toEqual(before);
}

const INT4_OVER = 2_147_483_648;

describe('ids beyond an integer column (finding 3)', () => {
  const routes: Array<[string, object]> = [
    ['/api/itemdetails', {}],
    ['/api/itemphotos', {}],
    ['/api/bidhistory', {}],
    ['/api/watchlist', {}],
    ['/api/submitbid', { bid: 60 }],
    ['/api/submitbid', { buyitnow: true }],
    ['/api/maxbid', { maxbid: 100, increment: 5 }],
  ];
  it.each(routes)('%s refuses itemid 2147483648 with 400, not 500', async (url, rest) => {
    await expectRefused(
      'POST',
      url,
      { eventcode: 'gala', itemid: INT4_OVER, ...rest },
      ann.auth,
      'itemid: must be at most 2147483647',
    );
  });

  it('still answers an id within the column that names no item with 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/itemdetails',
      headers: ann.auth,
      payload: { eventcode: 'gala', itemid: 2_147_483_647 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('amounts beyond the bid cap (finding 3)', () => {
  const increment = 'The bid increment cannot be above $1,000,000.00.';
  const cap = 'Bids cannot be above $1,000,000.00.';
  it.each([1e17, 1e308, 1e9, 1_000_000.01])(
    'refuses an automatic bid increment of %d and stores nothing',
    async (amount) => {
      await expectRefused(
        'POST',
        '/api/submitbid',
        { eventcode: 'gala', itemid, autobid: true, maxbid: 100, increment: amount },
        ann.auth,
        increment,
      );
      await expectRefused(
        'POST',
        '/api/maxbid',
        { eventcode: 'gala', itemid, maxbid: 100, increment: amount },
        ann.auth,
        increment,
      );
    },
  );

  it.each([1e17, 1e308])('refuses a bid or maximum of %d with the cap', async (amount) => {
    await expectRefused('POST', '/api/submitbid', { eventcode: 'gala', itemid, bid: amount }, ann.auth, cap);
    await expectRefused(
      'POST',
      '/api/submitbid',
      { eventcode: 'gala', itemid, autobid: true, maxbid: amount, increment: 5 },
      ann.auth,
      cap,
    );
  });
});

describe('control characters and broken text (finding 3)', () => {
  const control = 'must not contain control characters';
  const broken = 'must not contain broken characters (a lone surrogate)';
  const email = 'a\u0000b@example.org';

  it.each(['/api/joinemail', '/api/forgotpassword', '/api/passwordresetlink'])(
    '%s refuses a NUL in the email',
    async (url) => {
      await expectRefused('POST', url, { eventcode: 'gala', email }, {}, `email: ${control}`);
    },
  );

  it('refuses a NUL in the email of sign-in and create account', async () => {
    await expectRefused(
      'POST',
      '/api/login',
      { eventcode: 'gala', email, password: 'password123' },
      {},
      `email: ${control}`,
    );
    await expectRefused(
      'POST',
      '/api/create',
      { eventcode: 'gala', email, password: 'password123' },
      {},
      `email: ${control}`,
    );
  });

  const profile = { eventcode: 'gala', firstname: 'Ann', lastname: 'Lee', zip: '60601' };
  it.each([
    ['firstname', 'A\u0000nn', control],
    ['lastname', 'Lee\u0007', control],
    ['address', '1 Main\u0000 St', control],
    ['city', 'Chicago\u009b', control],
    ['zip', '606\u000001', control],
    ['firstname', 'Ann\ud800', broken],
    ['city', '\udc00Chicago', broken],
  ])('the profile refuses %s %j', async (field, value, message) => {
    await expectRefused('PUT', '/api/userprofile', { ...profile, [field]: value }, ann.auth, `${field}: ${message}`);
  });

  const doc = (over: Parameters<typeof item>[1]) =>
    eventDocument(now, { eventcode: 'spring', items: [item('x', over)] });
  const state = () => dbState(t.ctx.db);
  it('the import refuses a NUL in an item, and a lone surrogate in its tags, and imports nothing', async () => {
    await expectImportRefused(t, doc({ name: 'Wine\u0000' }), [{ path: 'items[0].name', message: control }], state);
    await expectImportRefused(
      t,
      doc({ description: 'Two\u0000bottles' }),
      [{ path: 'items[0].description', message: control }],
      state,
    );
    await expectImportRefused(
      t,
      doc({ tags: ['wine', 'red\ud800'] }),
      [{ path: 'items[0].tags[1]', message: broken }],
      state,
    );
    await expectImportRefused(t, doc({ tags: 'wine,\udc00red' }), [{ path: 'items[0].tags', message: broken }], state);
    const named = { ...doc({}), event: { ...doc({}).event, eventname: 'Spring\u0000Gala' } };
    await expectImportRefused(t, named, [{ path: 'event.eventname', message: control }], state);
  });

  it('the import still takes line breaks and tabs in a description', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: ADMIN,
      payload: doc({ description: 'Two bottles:\n\tred\r\n\twhite' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('loose text gets a precise message (finding 10)', () => {
  const profile = { eventcode: 'gala', firstname: 'Ann', lastname: 'Lee', zip: '60601' };
  it.each(['NaN', 'null', 'undefined', '12', '!!!!!'])('refuses the zip %j with the spec’s words', async (zip) => {
    await expectRefused('PUT', '/api/userprofile', { ...profile, zip }, ann.auth, 'zip is invalid.');
    await expectRefused(
      'PUT',
      '/api/userprofile',
      { ...profile, zip, cellphone: '3125550199' },
      ann.auth,
      'zip is invalid.',
    );
  });

  it('refuses names of only invisible characters as it refuses empty ones', async () => {
    await expectRefused(
      'PUT',
      '/api/userprofile',
      { ...profile, firstname: '\u200b\u200b' },
      ann.auth,
      'Firstname is invalid.',
    );
    await expectRefused(
      'PUT',
      '/api/userprofile',
      { ...profile, lastname: ' \u2060\ufeff\u00ad ' },
      ann.auth,
      'Lastname is invalid.',
    );
  });

  it('refuses a notification row listed twice, naming it', async () => {
    const notifications = [
      { notificationrowid: 1, flags: { email: true } },
      { notificationrowid: 2, flags: { email: true } },
      { notificationrowid: 1, flags: { email: false } },
    ];
    await expectRefused(
      'PUT',
      '/api/userprofile',
      { ...profile, notifications },
      ann.auth,
      'notifications[2].notificationrowid: repeats notification row 1 of notifications[0]',
    );
  });

  it('asks for a bid amount when none is sent, not for two decimals', async () => {
    await expectRefused(
      'POST',
      '/api/submitbid',
      { eventcode: 'gala', itemid },
      ann.auth,
      'Please enter your bid amount.',
    );
    await expectRefused(
      'POST',
      '/api/submitbid',
      { eventcode: 'gala', itemid, autobid: true },
      ann.auth,
      'Please enter your maximum bid.',
    );
    await expectRefused(
      'POST',
      '/api/submitbid',
      { eventcode: 'gala', itemid, bid: 60.001 },
      ann.auth,
      'The bid must have at most two decimals.',
    );
  });
});

describe('a guest of only invisible characters (finding 10)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({}, now);
    await importRegistrationGala(r, now);
  });
  afterAll(async () => r.close());

  it('is refused as an empty name is', async () => {
    const p = await purchase(r, { table: 1 });
    const guestid = seatAt(p.groups, 1);
    const d = await dialogOf(r, p.token, guestid, -1);
    const meal = lookupIdOf(d.guestlookuplist, 'Fish');
    const before = await tableDigests(r.ctx.db);
    const res = await saveGuest(r, p.token, {
      guestid,
      registrationid: -1,
      guestfieldslist: answersFor(d.guestfieldslist, {
        'First Name': '\u200b\u200c',
        'Last Name': 'Diaz',
        'Meal Choice': meal,
      }),
    });
    expect(res.ok ? res.answer : res.failure).toMatchObject(failure('bad_request', 'First Name is required.'));
    expect(await tableDigests(r.ctx.db)).toEqual(before);
  });
});
