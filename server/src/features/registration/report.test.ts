import { describe, expect, it } from 'vitest';
import type { FieldValue } from '@gavel/domain';
import { call } from '../../test/call';
import { ADMIN, type TestApp } from '../../test/harness';
import { bearer, checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';
import { idOf, storeIds } from '../../test/store-state';
import {
  addGuest,
  dialogOf,
  expectRefused,
  fieldIdOf,
  importRegistrationGala,
  lookupIdOf,
  purchase,
  seatAt,
  useRegistrationGala,
} from '../../test/registration-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

const report =
  (query: Record<string, string> = { eventcode: 'gala' }, headers: Record<string, string> = ADMIN) =>
  () =>
    call(t.app, 'GET /admin/registrations', undefined, { headers, query });
const csv = (headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'GET', url: '/api/admin/registrations?eventcode=gala&format=csv', headers });
const EMPTY = ['', '', '', '', '', ''];

/** A Bill Me purchase of two single tickets by Dee Park. */
async function billMe() {
  let token = await openCart(t);
  const held = await setQty(t, token, idOf(await storeIds(t.ctx.db), 'single'), 2);
  if (held.ok && held.answer.status === 'success') token = held.answer.token;
  const res = await checkoutCart(
    t,
    token,
    await checkoutBody(t, token, { method: 'BILLME' }, { first: 'Dee', last: 'Park', email: 'dee@example.org' }),
  );
  if (!res.ok) throw new Error(res.failure.message);
}

/**
 * Ann Lee's single ticket and table, the table renamed, with Bo (every answer) and Cy (a few) at it;
 * then Dee's Bill Me singles.
 */
async function seating() {
  const ann = await purchase(t, { single: 1, table: 1 });
  const d = await dialogOf(t, ann.token, seatAt(ann.groups, 1));
  const fish = lookupIdOf(d.guestlookuplist, 'Fish');
  const bo: Record<string, FieldValue> = {
    'First Name': 'Bo',
    'Last Name': 'Diaz',
    Email: 'bo@example.org',
    'Meal Choice': fish,
    'Valet Parking': true,
    Age: 41,
    Pledge: 250.5,
    Notes: 'Window seat',
  };
  const boId = await addGuest(t, ann.token, seatAt(ann.groups, 1), bo);
  // Table Number is read-only: the organizer's answer goes in with the edit-lock toggle.
  const table = await call(
    t.app,
    'PUT /storeguest',
    {
      guestid: seatAt(ann.groups, 1),
      registrationid: boId,
      unlock: true,
      guestfieldslist: [
        ...Object.entries(bo).map(([label, value]) => ({ fieldid: fieldIdOf(d.guestfieldslist, label), value })),
        { fieldid: fieldIdOf(d.guestfieldslist, 'Table Number'), value: '7' },
      ],
    },
    { headers: bearer(ann.token) },
  );
  if (!table.ok) throw new Error(table.failure.message);
  const cyId = await addGuest(t, ann.token, seatAt(ann.groups, 2), {
    'First Name': 'Cy',
    'Last Name': 'Ng',
    Pledge: 100,
    Notes: '=1+2',
  });
  await call(
    t.app,
    'PUT /storeguestgroupname',
    { groupid: ann.groups[1]?.groupid ?? 0, groupname: 'The Lee Family' },
    { headers: bearer(ann.token) },
  );
  await billMe();
  const annId = (await dialogOf(t, ann.token, seatAt(ann.groups, 0))).selectedregistrationid;
  return { ann, fields: d.guestfieldslist, annId, boId, cyId };
}

describe('GET /admin/registrations', () => {
  it('lists the organizer’s fields only, and every group of the final orders with its seats and answers in words', async () => {
    const { ann, fields, annId, boId, cyId } = await seating();
    const res = await report()();
    if (!res.ok) throw new Error(res.failure.message);
    const organizer = ['Meal Choice', 'Valet Parking', 'Age', 'Pledge', 'Notes', 'Table Number'];
    expect(res.answer.fields).toEqual(
      organizer.map((label) => ({ fieldid: fieldIdOf(fields, label), fieldlabel: label })),
    );
    expect(
      res.answer.groups.map((g) => [g.groupname, g.itemname, g.purchaser, g.purchaseremail, g.seats.length]),
    ).toEqual([
      ['Single Ticket', 'Single Ticket', 'Ann Lee', 'ann@example.org', 1],
      ['The Lee Family', 'Table of Eight', 'Ann Lee', 'ann@example.org', 8],
      ['Single Ticket', 'Single Ticket', 'Dee Park', 'dee@example.org', 2],
    ]);
    const [singles, table, dee] = res.answer.groups;
    expect(singles?.seats).toEqual([
      {
        guestid: seatAt(ann.groups, 0),
        seat: 1,
        guestname: 'Ann Lee',
        email: 'ann@example.org',
        registrationid: annId,
        locked: false,
        answers: EMPTY,
      },
    ]);
    expect(table?.seats.slice(0, 3)).toEqual([
      {
        guestid: seatAt(ann.groups, 1),
        seat: 1,
        guestname: 'Bo Diaz',
        email: 'bo@example.org',
        registrationid: boId,
        locked: false,
        answers: ['Fish', 'Yes', '41', '250.50', 'Window seat', '7'],
      },
      {
        guestid: seatAt(ann.groups, 2),
        seat: 2,
        guestname: 'Cy Ng',
        email: '',
        registrationid: cyId,
        locked: false,
        answers: ['Chicken', 'No', '', '100.00', '=1+2', ''],
      },
      {
        guestid: seatAt(ann.groups, 3),
        seat: 3,
        guestname: 'Guest of Ann Lee',
        email: '',
        registrationid: null,
        locked: false,
        answers: EMPTY,
      },
    ]);
    expect(table?.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(dee?.seats.map((s) => s.guestname)).toEqual(['Dee Park', 'Guest of Dee Park']);
    expect(new Set(res.answer.groups.map((g) => g.orderid)).size).toBe(2);
  });

  it('shows a seat the organizer locked, and every seat once the deadline has passed', async () => {
    const deadline = new Date(now.getTime() + 60_000);
    await importRegistrationGala(t, now, { editdeadline: deadline.toISOString() });
    const { ann } = await seating();
    await call(
      t.app,
      'PUT /admin/registrations/lock',
      { eventcode: 'gala', guestid: seatAt(ann.groups, 2), locked: true },
      { headers: ADMIN },
    );
    const locks = async () => {
      const res = await report()();
      return res.ok ? res.answer.groups.flatMap((g) => g.seats.map((s) => s.locked)) : [];
    };
    expect(await locks()).toEqual([false, false, true, false, false, false, false, false, false, false, false]);
    t.setNow(deadline);
    expect(await locks()).toEqual(Array(11).fill(true));
  });

  it('answers an empty list for an event with no purchases', async () => {
    const res = await report()();
    expect(res.ok && res.answer).toMatchObject({ status: 'success', groups: [] });
  });

  it('gives a CSV of one row per seat with format=csv, cells a spreadsheet will not run', async () => {
    await seating();
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gala-seating.csv"');
    const rows = res.body.split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(0, -1)).toHaveLength(1 + 11);
    expect(rows[0]).toBe(
      '"Group","Ticket","Seat","Guest","Email","Purchaser","Purchaser email","Order","Locked","Meal Choice","Valet Parking","Age","Pledge","Notes","Table Number"',
    );
    expect(rows[1]).toBe(
      '"Single Ticket","Single Ticket","1","Ann Lee","ann@example.org","Ann Lee","ann@example.org","S-1","No","","","","","",""',
    );
    expect(rows[2]).toBe(
      '"The Lee Family","Table of Eight","1","Bo Diaz","bo@example.org","Ann Lee","ann@example.org","S-1","No","Fish","Yes","41","250.50","Window seat","7"',
    );
    // A cell starting with = is made inert with a quote.
    expect(rows[3]).toBe(
      '"The Lee Family","Table of Eight","2","Cy Ng","","Ann Lee","ann@example.org","S-1","No","Chicken","No","","100.00","\'=1+2",""',
    );
    expect(rows[11]).toBe(
      '"Single Ticket","Single Ticket","2","Guest of Dee Park","","Dee Park","dee@example.org","S-2","No","","","","","",""',
    );
  });

  it('refuses the call without the admin token, or without an event', async () => {
    await seating();
    await expectRefused(t, report({ eventcode: 'gala' }, {}), {
      status: 401,
      code: 'unauthorized',
      message: 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.',
    });
    expect((await csv({})).statusCode).toBe(401);
    await expectRefused(t, report({}), {
      status: 400,
      code: 'bad_request',
      message: 'eventcode: is required',
      errors: [{ path: 'eventcode', message: 'is required' }],
    });
    await expectRefused(t, report({ eventcode: 'nope' }), {
      status: 404,
      code: 'event_not_found',
      message: 'Event Not Found',
    });
  });
});
