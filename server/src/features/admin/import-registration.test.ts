import { beforeEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { ImportDocumentInput, ImportRegistrationInput, Problem } from '@gavel/domain';
import { guestFields, guestLookups, storeSettings } from '../../db/schema';
import { call } from '../../test/call';
import { dbState } from '../../test/db-state';
import { eventDocument, storeItem } from '../../test/documents';
import { ADMIN, type TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { expectImportRefused, importOk as importOkAs } from '../../test/import-fixtures';
import { bearer } from '../../test/store-fixtures';
import { galaStore } from '../../test/store-state';
import {
  addGuest,
  answersFor,
  dialogOf,
  expectRefused as expectCallRefused,
  galaRegistration,
  lookupIdOf,
  purchase,
  registrationState,
  saveGuest,
  seatAt,
  valuesOf,
} from '../../test/registration-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));
beforeEach(() => t.setNow(now));

const doc = (registration?: ImportRegistrationInput): ImportDocumentInput =>
  eventDocument(now, { event: { ccfeespercent: 3 }, store: galaStore(now, registration ? { registration } : {}) });

const importOk = (payload: unknown) => importOkAs(t, payload);

const fieldRows = () => t.ctx.db.select().from(guestFields).orderBy(asc(guestFields.position));
const lookupRows = () => t.ctx.db.select().from(guestLookups).orderBy(asc(guestLookups.id));
const state = async () => ({ db: await dbState(t.ctx.db), registration: await registrationState(t.ctx.db) });

const expectRefused = (payload: unknown, problems: Problem[]) => expectImportRefused(t, payload, problems, state);

describe('the standard fields', () => {
  it('come first for every store: First Name and Last Name required, Email not, with the default title and renaming on', async () => {
    await importOk(eventDocument(now, { store: { items: [storeItem('t1')] } }));
    expect(
      (await fieldRows()).map((f) => [
        f.code,
        f.role,
        f.position,
        f.label,
        f.control,
        f.required,
        f.readonly,
        f.textlength,
        f.retired,
      ]),
    ).toEqual([
      ['first', 'first', 0, 'First Name', 5, true, false, 50, false],
      ['last', 'last', 1, 'Last Name', 5, true, false, 50, false],
      ['email', 'email', 2, 'Email', 5, false, false, 254, false],
    ]);
    const [settings] = await t.ctx.db.select().from(storeSettings);
    expect(settings).toMatchObject({
      registrationtitle: 'Guest Registration',
      allowgrouprename: true,
      editdeadline: null,
    });
  });

  it('make Email required with emailrequired', async () => {
    await importOk(doc({ emailrequired: true }));
    expect((await fieldRows()).slice(0, 3).map((f) => [f.label, f.required])).toEqual([
      ['First Name', true],
      ['Last Name', true],
      ['Email', true],
    ]);
  });
});

describe('the organizer’s fields', () => {
  it('follow the standard ones in document order, with their settings and choices', async () => {
    const deadline = '2026-12-04T17:00:00-06:00';
    await importOk(doc(galaRegistration({ editdeadline: deadline, allowgrouprename: false })));
    const rows = await fieldRows();
    expect(
      rows.slice(3).map((f) => [f.code, f.role, f.position, f.label, f.control, f.required, f.readonly, f.textlength]),
    ).toEqual([
      ['meal', '', 3, 'Meal Choice', 2, true, false, 100],
      ['valet', '', 4, 'Valet Parking', 1, false, false, 100],
      ['age', '', 5, 'Age', 3, false, false, 100],
      ['pledge', '', 6, 'Pledge', 4, false, false, 100],
      ['notes', '', 7, 'Notes', 5, false, false, 20],
      ['table', '', 8, 'Table Number', 5, false, true, 10],
    ]);
    const meal = rows.find((f) => f.code === 'meal')?.id;
    expect((await lookupRows()).map((l) => [l.fieldId, l.position, l.label, l.retired])).toEqual([
      [meal, 0, 'Chicken', false],
      [meal, 1, 'Fish', false],
      [meal, 2, 'Vegetarian', false],
    ]);
    const [settings] = await t.ctx.db.select().from(storeSettings);
    expect(settings).toMatchObject({
      registrationtitle: 'Gala Guest Registration',
      allowgrouprename: false,
      editdeadline: new Date(deadline),
    });
  });
});

describe('a registration that is not valid', () => {
  const at = (i: number, key: string) => `store.registration.fields[${i}].${key}`;
  const text = { code: 'notes', label: 'Notes', control: 5 };
  const cases: Array<[string, Record<string, unknown>, Problem[]]> = [
    [
      'a control that is not 1 to 5',
      { fields: [{ ...text, control: 6 }] },
      [{ path: at(0, 'control'), message: 'must be 1 (yes/no), 2 (lookup), 3 (number), 4 (currency) or 5 (text)' }],
    ],
    [
      'a lookup field without choices',
      { fields: [{ code: 'meal', label: 'Meal', control: 2 }] },
      [{ path: at(0, 'lookups'), message: 'a lookup field needs at least one choice' }],
    ],
    [
      'choices on a text field',
      { fields: [{ ...text, lookups: ['A'] }] },
      [{ path: at(0, 'lookups'), message: 'are only for a lookup field (control 2)' }],
    ],
    [
      'a choice listed twice',
      { fields: [{ code: 'meal', label: 'Meal', control: 2, lookups: ['Fish', 'fish'] }] },
      [{ path: at(0, 'lookups'), message: 'lists a choice twice' }],
    ],
    [
      'a repeated code, whatever its case',
      { fields: [text, { ...text, code: 'NOTES', label: 'More notes' }] },
      [{ path: at(1, 'code'), message: 'repeats the code of fields[0]' }],
    ],
    [
      'the code of a standard field',
      { fields: [{ ...text, code: 'Email' }] },
      [{ path: at(0, 'code'), message: 'first, last and email are the standard fields' }],
    ],
    [
      'the label of a standard field',
      { fields: [{ ...text, label: 'first name' }] },
      [
        {
          path: at(0, 'label'),
          message: 'First Name, Last Name and Email are the standard fields; choose another label',
        },
      ],
    ],
    [
      'a text length out of range',
      {
        fields: [
          { ...text, textlength: 0 },
          { ...text, code: 'n2', label: 'N2', textlength: 2001 },
          { ...text, code: 'n3', label: 'N3', textlength: 2.5 },
        ],
      },
      [
        { path: at(0, 'textlength'), message: 'must be at least 1' },
        { path: at(1, 'textlength'), message: 'must be at most 2000' },
        { path: at(2, 'textlength'), message: 'must be a whole number' },
      ],
    ],
    [
      'an unknown key of a field',
      { fields: [{ ...text, colour: 'red' }] },
      [{ path: at(0, 'colour'), message: 'is not a known field' }],
    ],
    [
      'an unknown key of the registration',
      { titel: 'Guests' },
      [{ path: 'store.registration.titel', message: 'is not a known field' }],
    ],
  ];

  it.each(cases)('refuses %s with its JSON path, importing nothing', async (_name, registration, problems) => {
    await expectRefused({ ...doc(), store: { ...galaStore(now), registration } }, problems);
  });

  it('refuses it on a re-import too, leaving the fields as they were', async () => {
    await importOk(doc(galaRegistration()));
    await expectRefused(
      {
        ...doc(),
        store: { ...galaStore(now), registration: { fields: [{ code: 'meal', label: 'Meal', control: 2 }] } },
      },
      [{ path: at(0, 'lookups'), message: 'a lookup field needs at least one choice' }],
    );
    expect((await fieldRows()).map((f) => f.label)).toContain('Table Number');
  });
});

describe('a re-import', () => {
  /** Bo Diaz at Ann Lee's table, with a meal, an age and notes. */
  async function withBo() {
    const p = await purchase(t, { table: 1 });
    const boId = await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Age: 41,
      Notes: 'Window seat',
    });
    return {
      ...p,
      boId,
      shown: async () => valuesOf((await dialogOf(t, p.token, seatAt(p.groups, 1))).guestfieldslist),
    };
  }
  const gala = galaRegistration();
  const fields = gala.fields ?? [];

  it('keeps each field’s id by its code, whatever its case, so the answers stay', async () => {
    await importOk(doc(gala));
    const bo = await withBo();
    const before = await fieldRows();
    const renamed = fields
      .map((f) => (f.code === 'notes' ? { ...f, code: 'NOTES', label: 'Seating Notes' } : f))
      .reverse();
    await importOk(doc({ ...gala, fields: renamed }));
    const after = await fieldRows();
    expect(after.find((f) => f.label === 'Seating Notes')?.id).toBe(before.find((f) => f.code === 'notes')?.id);
    expect(after.map((f) => f.label)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Table Number',
      'Seating Notes',
      'Pledge',
      'Age',
      'Valet Parking',
      'Meal Choice',
    ]);
    expect(await bo.shown()).toMatchObject({ 'Seating Notes': 'Window seat', Age: 41, 'First Name': 'Bo' });
  });

  it('retires a field it leaves out: no longer asked or listed, its answers kept for when it returns', async () => {
    await importOk(doc(gala));
    const bo = await withBo();
    await importOk(doc({ ...gala, fields: fields.filter((f) => f.code !== 'age') }));
    expect((await fieldRows()).find((f) => f.code === 'age')?.retired).toBe(true);
    expect(Object.keys(await bo.shown())).not.toContain('Age');
    const listed = await call(t.app, 'GET /admin/registrations', undefined, {
      headers: ADMIN,
      query: { eventcode: 'gala' },
    });
    expect(listed.ok && listed.answer.fields.map((f) => f.fieldlabel)).toEqual([
      'Meal Choice',
      'Valet Parking',
      'Pledge',
      'Notes',
      'Table Number',
    ]);

    // Bo is saved while Age is retired; the answer is still there when Age comes back.
    const d = await dialogOf(t, bo.token, seatAt(bo.groups, 1));
    const res = await saveGuest(t, bo.token, {
      guestid: seatAt(bo.groups, 1),
      registrationid: bo.boId,
      guestfieldslist: answersFor(d.guestfieldslist, {
        'First Name': 'Bo',
        'Last Name': 'Diaz',
        'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
      }),
    });
    expect(res.ok).toBe(true);
    await importOk(doc(gala));
    expect((await fieldRows()).find((f) => f.code === 'age')?.retired).toBe(false);
    expect(await bo.shown()).toMatchObject({
      Age: 41,
      'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
      Notes: null,
    });
  });

  it('retires a choice it leaves out, keeps the others’ ids, and refuses the retired one from then on', async () => {
    await importOk(doc(gala));
    const bo = await withBo();
    const before = await lookupRows();
    const meals = fields.map((f) => (f.code === 'meal' ? { ...f, lookups: ['Vegetarian', 'chicken', 'Beef'] } : f));
    await importOk(doc({ ...gala, fields: meals }));
    const d = await dialogOf(t, bo.token, seatAt(bo.groups, 2));
    expect(d.guestlookuplist.map((l) => l.lookup)).toEqual(['Vegetarian', 'chicken', 'Beef']);
    const id = (rows: Array<{ id: number; label: string }>, label: string) =>
      rows.find((l) => l.label.toLowerCase() === label)?.id;
    expect(lookupIdOf(d.guestlookuplist, 'chicken')).toBe(id(before, 'chicken'));
    expect(lookupIdOf(d.guestlookuplist, 'Vegetarian')).toBe(id(before, 'vegetarian'));
    expect((await lookupRows()).find((l) => l.label === 'Fish')?.retired).toBe(true);

    const fish = id(before, 'fish') ?? 0;
    const mealPath = `guestfieldslist.${d.guestfieldslist.find((f) => f.fieldlabel === 'Meal Choice')?.fieldid}`;
    const send = () =>
      saveGuest(t, bo.token, {
        guestid: seatAt(bo.groups, 2),
        registrationid: -1,
        guestfieldslist: answersFor(d.guestfieldslist, { 'First Name': 'Cy', 'Last Name': 'Ng', 'Meal Choice': fish }),
      });
    await expectCallRefused(t, send, {
      status: 400,
      code: 'bad_request',
      message: 'Meal Choice is invalid.',
      errors: [{ path: mealPath, message: 'Meal Choice is invalid.' }],
    });
  });

  it('refuses to change the control of a field guests have answered, and changes one nobody has', async () => {
    await importOk(doc(gala));
    const asCurrency = (code: string) => ({
      ...gala,
      fields: fields.map((f) => (f.code === code ? { ...f, control: 4 } : f)),
    });
    await importOk(doc(asCurrency('pledge')));
    expect((await fieldRows()).find((f) => f.code === 'pledge')?.control).toBe(4);
    await withBo();
    const i = fields.findIndex((f) => f.code === 'age');
    await expectRefused(doc(asCurrency('age')), [
      {
        path: `store.registration.fields[${i}].control`,
        message: 'cannot change from 3 to 4: guests have answered this field (give the new field another code)',
      },
    ]);
  });

  it('the seating list still names a choice the organizer has since retired', async () => {
    await importOk(doc(gala));
    const p = await purchase(t, { table: 1 });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
    await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
    });
    await importOk(
      doc({
        ...gala,
        fields: fields.map((f) => (f.code === 'meal' ? { ...f, lookups: ['Chicken', 'Vegetarian'] } : f)),
      }),
    );
    const listed = await call(t.app, 'GET /admin/registrations', undefined, {
      headers: ADMIN,
      query: { eventcode: 'gala' },
    });
    if (!listed.ok) throw new Error(listed.failure.message);
    const meal = listed.answer.fields.findIndex((f) => f.fieldlabel === 'Meal Choice');
    expect(listed.answer.groups[0]?.seats[1]?.answers[meal]).toBe('Fish');
  });

  it('takes a new title and renaming setting', async () => {
    await importOk(doc(gala));
    const p = await purchase(t, { table: 1 });
    await importOk(doc({ ...gala, title: 'Seating', allowgrouprename: false }));
    const page = await call(t.app, 'GET /storeguest', undefined, { headers: bearer(p.token) });
    expect(page.ok && page.answer.groups.map((g) => g.allowchangegroupname)).toEqual([false]);
    const [settings] = await t.ctx.db.select().from(storeSettings);
    expect(settings?.registrationtitle).toBe('Seating');
  });
});
