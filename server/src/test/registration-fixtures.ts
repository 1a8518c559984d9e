import { asc } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import type { ContractKey, FieldValue, GuestGroup, ImportRegistrationInput, Problem } from '@gavel/domain';
import type { Db } from '../db/client';
import {
  guestFields,
  guestGroups,
  guestLookups,
  guestSeats,
  outbox,
  registrations,
  storeOrders,
  storeSettings,
} from '../db/schema';
import { type Called, call } from './call';
import { linkSecret } from './account-fixtures';
import { failure, type TestApp } from './harness';
import { testCryptogram } from './payments-fixtures';
import { billing, bearer, cartWith, checkoutBody, checkoutCart } from './store-fixtures';
import { importGala, storeIds } from './store-state';
import { galaRegistration } from './documents';
import { useEmptiedApp } from './hooks';

/**
 * Guest registration as a buyer meets it: a gala whose guests answer a field of every control
 * (testkit's galaRegistration), a purchase with seats checked out, and the links the receipt and
 * guest emails carry.
 */
export { galaRegistration } from './documents';

/** Registration tests' app: emptied before each test, the clock at `now`, the gala with its guest fields imported. */
export function useRegistrationGala(now: Date, use: (t: TestApp) => void): void {
  let app: TestApp | undefined;
  useEmptiedApp(now, (a) => {
    app = a;
    use(a);
  });
  beforeEach(async () => {
    if (!app) return;
    app.setNow(now);
    await importRegistrationGala(app, now);
  });
}

export async function importRegistrationGala(
  t: TestApp,
  now: Date,
  over: Partial<ImportRegistrationInput> = {},
): Promise<Record<string, number>> {
  return importGala(t, now, { registration: galaRegistration(over) });
}

export interface Purchase {
  /** The checked-out cart's token (the store's Registration tab uses it). */
  cartToken: string;
  /** The secret of the receipt's Update Registration link. */
  purchaserSecret: string;
}

/** Buys these quantities by card as `email` (Ann Lee's billing otherwise) and answers the purchase's tokens. */
export async function buy(
  t: TestApp,
  lines: Record<string, number>,
  email = billing.email,
  first = billing.first,
): Promise<Purchase> {
  return {
    cartToken: await checkOut(t, lines, email, first),
    purchaserSecret: await linkSecret(t, email, 'purchaserregistration'),
  };
}

/** Checks out a cart of these quantities by card; answers the token the store goes on with (a purchase without seats mails no registration link). */
export async function checkOut(
  t: TestApp,
  lines: Record<string, number>,
  email = billing.email,
  first = billing.first,
): Promise<string> {
  const token = await cartWith(t, await storeIds(t.ctx.db), lines);
  const body = await checkoutBody(
    t,
    token,
    { processortoken: await testCryptogram(t, 'gala', '4242424242424242') },
    { email, first },
  );
  const res = await checkoutCart(t, token, body);
  if (!res.ok || res.answer.status !== 'success')
    throw new Error(`checkout failed: ${res.ok ? res.answer.status : res.failure.message}`);
  return res.answer.token || token;
}

/** Opens the purchaser's link: their groups and a registration token. */
export async function openPurchaserLink(t: TestApp, secret: string) {
  const res = await call(t.app, 'GET /purchaserregistration/:id', undefined, { params: { id: secret } });
  if (!res.ok) throw new Error(`purchaserregistration answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

/** Opens the newest guest link mailed to `email`: their registration and a token for their seat. */
export async function openGuestLink(t: TestApp, email: string) {
  const secret = await linkSecret(t, email, 'guestregistration');
  const res = await call(t.app, 'GET /guestregistration/:id', undefined, { params: { id: secret } });
  if (!res.ok) throw new Error(`guestregistration answered ${res.statusCode}: ${res.failure.message}`);
  return { ...res.answer, secret };
}

export const dialog = (t: TestApp, token: string, guestid: number, registrationid?: number) =>
  call(
    t.app,
    'POST /storeguest',
    { guestid, ...(registrationid === undefined ? {} : { registrationid }) },
    { headers: bearer(token) },
  );

export const saveGuest = (
  t: TestApp,
  token: string,
  body: {
    guestid: number;
    registrationid: number;
    guestfieldslist: Array<{ fieldid: number; value: boolean | number | string }>;
    unlock?: boolean;
  },
) => call(t.app, 'PUT /storeguest', body, { headers: bearer(token) });

export async function groupsOf(t: TestApp, token: string) {
  const res = await call(t.app, 'GET /storeguest', undefined, { headers: bearer(token) });
  if (!res.ok) throw new Error(`storeguest answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer.groups;
}

/** A purchase opened through its receipt's link: the registration token and the groups, beside the purchase's tokens. */
export async function purchase(
  t: TestApp,
  lines: Record<string, number>,
  email = billing.email,
  first = billing.first,
) {
  const bought = await buy(t, lines, email, first);
  const page = await openPurchaserLink(t, bought.purchaserSecret);
  return { ...bought, token: page.token, groups: page.groups };
}

/** Every seat of the groups, in order. */
export const seatsOf = (groups: readonly GuestGroup[]) => groups.flatMap((g) => g.guests);

/** The guest id of the n-th seat (from 0) of the groups. */
export function seatAt(groups: readonly GuestGroup[], n: number): number {
  const seat = seatsOf(groups)[n];
  if (!seat) throw new Error(`no seat ${n}`);
  return seat.guestid;
}

type Labelled = ReadonlyArray<{ fieldid: number; fieldlabel: string }>;

/** A save's guestfieldslist from values by field label. */
export function answersFor(
  fields: Labelled,
  values: Record<string, FieldValue>,
): Array<{ fieldid: number; value: FieldValue }> {
  return Object.entries(values).map(([label, value]) => {
    const field = fields.find((f) => f.fieldlabel === label);
    if (!field) throw new Error(`no field ${label}`);
    return { fieldid: field.fieldid, value };
  });
}

/** The id of a field by its label. */
export function fieldIdOf(fields: Labelled, label: string): number {
  const field = fields.find((f) => f.fieldlabel === label);
  if (!field) throw new Error(`no field ${label}`);
  return field.fieldid;
}

/** The values a dialog or guest page shows, by field label. */
export const valuesOf = (fields: ReadonlyArray<{ fieldlabel: string; fieldvalue: FieldValue | null }>) =>
  Object.fromEntries(fields.map((f) => [f.fieldlabel, f.fieldvalue]));

/** The id of a lookup choice by its label. */
export function lookupIdOf(lookups: ReadonlyArray<{ lookupid: number; lookup: string }>, label: string): number {
  const choice = lookups.find((l) => l.lookup === label);
  if (!choice) throw new Error(`no choice ${label}`);
  return choice.lookupid;
}

/** Opens a seat's dialog, failing loudly when it is refused. */
export async function dialogOf(t: TestApp, token: string, guestid: number, registrationid?: number) {
  const res = await dialog(t, token, guestid, registrationid);
  if (!res.ok) throw new Error(`storeguest answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

/** Saves a new person into a seat, the gala's required meal chosen (Chicken unless `values` say); answers their registration id. */
export async function addGuest(
  t: TestApp,
  token: string,
  guestid: number,
  values: Record<string, FieldValue>,
): Promise<number> {
  const d = await dialogOf(t, token, guestid, -1);
  const guestfieldslist = answersFor(d.guestfieldslist, {
    'Meal Choice': lookupIdOf(d.guestlookuplist, 'Chicken'),
    ...values,
  });
  const res = await saveGuest(t, token, { guestid, registrationid: -1, guestfieldslist });
  if (!res.ok) throw new Error(`saving a guest answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer.registrationid;
}

/** Ann Lee's table of eight, opened through her link, with the fields and choices of its dialog. */
export async function annTable(t: TestApp) {
  const p = await purchase(t, { table: 1 });
  const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
  return { ...p, fields: d.guestfieldslist, lookups: d.guestlookuplist };
}
export type AnnTable = Awaited<ReturnType<typeof annTable>>;

/** Bo Diaz's answers for Ann's table, the required ones filled; `over` replaces some, and null leaves one out. */
export function boAnswers(p: AnnTable, over: Record<string, FieldValue | null> = {}) {
  const values: Record<string, FieldValue | null> = {
    'First Name': 'Bo',
    'Last Name': 'Diaz',
    Email: 'bo@example.org',
    'Meal Choice': lookupIdOf(p.lookups, 'Fish'),
    ...over,
  };
  return answersFor(
    p.fields,
    Object.fromEntries(Object.entries(values).filter((e): e is [string, FieldValue] => e[1] !== null)),
  );
}

/** Every row guest registration can touch, in a stable order: one taken before a refused call equals one taken after. */
export async function registrationState(db: Db) {
  return {
    settings: await db.select().from(storeSettings).orderBy(asc(storeSettings.eventId)),
    fields: await db.select().from(guestFields).orderBy(asc(guestFields.id)),
    lookups: await db.select().from(guestLookups).orderBy(asc(guestLookups.id)),
    groups: await db.select().from(guestGroups).orderBy(asc(guestGroups.id)),
    seats: await db.select().from(guestSeats).orderBy(asc(guestSeats.id)),
    people: await db.select().from(registrations).orderBy(asc(registrations.id)),
    orders: await db.select().from(storeOrders).orderBy(asc(storeOrders.id)),
    mail: await db.select().from(outbox).orderBy(asc(outbox.id)),
  };
}

/** Makes a call that must be refused; checks its status, its whole answer (message and problems) and that no row changed. */
export async function expectRefused<K extends ContractKey>(
  t: TestApp,
  send: () => Promise<Called<K>>,
  { status, code, message, errors }: { status: number; code: string; message: string; errors?: Problem[] },
): Promise<void> {
  const before = await registrationState(t.ctx.db);
  const res = await send();
  expect(res.statusCode, message).toBe(status);
  // An expired token is answered with status expired (spec section 8); every other refusal with failure.
  const body =
    code === 'expired' ? { ...failure(code, message, errors), status: 'expired' } : failure(code, message, errors);
  expect(res.ok ? res.answer : res.failure, message).toEqual(body);
  expect(await registrationState(t.ctx.db)).toEqual(before);
}
