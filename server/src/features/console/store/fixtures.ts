import { asc, desc } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { type ConsoleStoreInput, type ImportStore, importStore } from '@gavel/domain';
import { audit, guestFields, guestLookups } from '../../../db/schema';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument, galaRegistration, type StoreInput, storeItem } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';
import { useEmptiedApp } from '../../../test/hooks';
import { importDoc } from '../../../test/import-fixtures';
import { storeState } from '../../../test/store-state';

/**
 * The console store tests' gala: tickets with seats, merchandise, promo codes of each kind and the
 * gala's guest fields, its times written on the event's clock (Chicago) as the console answers them.
 */
export function consoleGalaStore(over: Partial<StoreInput> = {}): StoreInput {
  return {
    header: 'Gala Tickets',
    billme: true,
    ccfeespercent: 3,
    items: [
      storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10, maxpertransaction: 4 }),
      storeItem('table', { name: 'Table of Eight', price: 1100, quantity: 2, seats: 8 }),
      storeItem('shirt', { tab: 'Merchandise', section: 'Shirts', name: 'Shirt', price: 25, quantity: 5, seats: 0 }),
    ],
    promocodes: [
      { code: 'GALA10', percent: 10 },
      { code: 'FIVE', amount: 5, maxuses: 3, items: ['shirt'] },
      { code: 'EARLY', percent: 15, validuntil: '2026-12-03T17:00:00-06:00' },
    ],
    registration: galaRegistration({ editdeadline: '2026-12-04T17:00:00-06:00' }),
    ...over,
  };
}

/** The store as the console answers it: the import schema's output of that input. */
export const parsedStore = (store: StoreInput): ImportStore => importStore.parse(store);

export function galaDocumentWith(now: Date, store: StoreInput) {
  return eventDocument(now, { store });
}

export interface StoreTest {
  owner: TestStaff;
  staffer: TestStaff;
  volunteer: TestStaff;
  otherOwner: TestStaff;
}

/** The gala (organization demo) with its store, another organization's event, and staff of each role. */
export async function storeTestSetup(t: TestApp, now: Date): Promise<StoreTest> {
  const res = await importDoc(t, galaDocumentWith(now, consoleGalaStore()));
  if (res.statusCode !== 200) throw new Error(res.body);
  const other = await importDoc(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  if (other.statusCode !== 200) throw new Error(other.body);
  return {
    owner: await signedInStaff(t, { role: 'owner', name: 'Olive Owner' }),
    staffer: await signedInStaff(t, { role: 'staff', name: 'Sam Staff' }),
    volunteer: await signedInStaff(t, { role: 'volunteer' }),
    otherOwner: await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' }),
  };
}

/** A test file's app, emptied before each test, with the gala and its staff made again; `use` gets both. */
export function useStoreTest(now: Date, use: (t: TestApp, s: StoreTest) => void): void {
  let app: TestApp | undefined;
  useEmptiedApp(now, (a) => (app = a));
  beforeEach(async () => {
    if (!app) return;
    app.setNow(now);
    use(app, await storeTestSetup(app, now));
  });
}

export const getStore = (t: TestApp, headers: Record<string, string>, eventcode = 'gala') =>
  call(t.app, 'GET /console/events/:eventcode/store', undefined, { params: { eventcode }, headers });

export const putStore = (t: TestApp, headers: Record<string, string>, store: ImportStore, eventcode = 'gala') =>
  call(t.app, 'PUT /console/events/:eventcode/store', { store }, { params: { eventcode }, headers });

/** A PUT as typed (bad input reaches the server as sent). */
export const putRaw = (t: TestApp, headers: Record<string, string>, body: ConsoleStoreInput | object) =>
  t.app.inject({ method: 'PUT', url: '/api/console/events/gala/store', headers, payload: body });

/** The store as the console reads it now (staff), failing loudly. */
export async function storeNow(t: TestApp, headers: Record<string, string>) {
  const res = await getStore(t, headers);
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer;
}

/** Every row a store save can touch, and the audit log: a refused save leaves all of it as it was. */
export async function everything(t: TestApp) {
  return {
    store: await storeState(t.ctx.db),
    fields: await t.ctx.db.select().from(guestFields).orderBy(asc(guestFields.id)),
    lookups: await t.ctx.db.select().from(guestLookups).orderBy(asc(guestLookups.id)),
    audit: await t.ctx.db.select().from(audit).orderBy(asc(audit.id)),
  };
}

export const lastAudit = async (t: TestApp) =>
  (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];
