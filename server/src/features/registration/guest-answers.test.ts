import { describe, expect, it } from 'vitest';
import { type FieldValue, registrationMessages } from '@gavel/domain';
import { guestLookups } from '../../db/schema';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import {
  annTable,
  type AnnTable,
  boAnswers,
  dialogOf,
  expectRefused,
  fieldIdOf,
  galaRegistration,
  importRegistrationGala,
  lookupIdOf,
  saveGuest,
  seatAt,
  valuesOf,
  useRegistrationGala,
} from '../../test/registration-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

describe('answers that are refused with 400, saving nothing', () => {
  const send = (p: AnnTable, guestfieldslist: ReturnType<typeof boAnswers>, unlock?: boolean) => () =>
    saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: -1,
      guestfieldslist,
      ...(unlock === undefined ? {} : { unlock }),
    });
  const problem = (p: AnnTable, label: string, message: string) => ({
    path: `guestfieldslist.${fieldIdOf(p.fields, label)}`,
    message,
  });

  it('a required field left empty: "{label} is required.", each problem listed with its field', async () => {
    const p = await annTable(t);
    await expectRefused(t, send(p, boAnswers(p, { 'Meal Choice': null })), {
      status: 400,
      code: 'bad_request',
      message: 'Meal Choice is required.',
      errors: [problem(p, 'Meal Choice', 'Meal Choice is required.')],
    });
    await expectRefused(t, send(p, boAnswers(p, { 'First Name': '  ', 'Meal Choice': null })), {
      status: 400,
      code: 'bad_request',
      message: 'First Name is required.',
      errors: [
        problem(p, 'First Name', 'First Name is required.'),
        problem(p, 'Meal Choice', 'Meal Choice is required.'),
      ],
    });
  });

  it('an Email that is not an address: "Email is invalid."', async () => {
    const p = await annTable(t);
    await expectRefused(t, send(p, boAnswers(p, { Email: 'bo.example.org' })), {
      status: 400,
      code: 'bad_request',
      message: 'Email is invalid.',
      errors: [problem(p, 'Email', 'Email is invalid.')],
    });
  });

  it('a choice of another event’s lookup', async () => {
    await importEvent(t, eventDocument(now, { eventcode: 'spring', store: { registration: galaRegistration() } }));
    const p = await annTable(t);
    const ours = lookupIdOf(p.lookups, 'Fish');
    const theirs =
      (await t.ctx.db.select().from(guestLookups)).find((l) => l.label === 'Fish' && l.id !== ours)?.id ?? 0;
    expect(theirs).toBeGreaterThan(0);
    await expectRefused(t, send(p, boAnswers(p, { 'Meal Choice': theirs })), {
      status: 400,
      code: 'bad_request',
      message: 'Meal Choice is invalid.',
      errors: [problem(p, 'Meal Choice', 'Meal Choice is invalid.')],
    });
    await expectRefused(t, send(p, boAnswers(p, { 'Meal Choice': 'Fish' })), {
      status: 400,
      code: 'bad_request',
      message: 'Meal Choice is invalid.',
      errors: [problem(p, 'Meal Choice', 'Meal Choice is invalid.')],
    });
  });

  // Each lookup takes its own field's choices only: a Shirt Size choice is not a meal.
  it('a choice of another lookup field of the same event', async () => {
    await importRegistrationGala(t, now, {
      fields: [
        ...(galaRegistration().fields ?? []),
        { code: 'shirt', label: 'Shirt Size', control: 2, lookups: ['S', 'M', 'L'] },
      ],
    });
    const p = await annTable(t);
    await expectRefused(t, send(p, boAnswers(p, { 'Meal Choice': lookupIdOf(p.lookups, 'M') })), {
      status: 400,
      code: 'bad_request',
      message: 'Meal Choice is invalid.',
      errors: [problem(p, 'Meal Choice', 'Meal Choice is invalid.')],
    });
  });

  it('a text longer than its field allows', async () => {
    const p = await annTable(t);
    await expectRefused(t, send(p, boAnswers(p, { Notes: 'x'.repeat(21) })), {
      status: 400,
      code: 'bad_request',
      message: 'Notes must be at most 20 characters.',
      errors: [problem(p, 'Notes', 'Notes must be at most 20 characters.')],
    });
  });

  it('a field id the event does not have', async () => {
    const p = await annTable(t);
    const fields = [...boAnswers(p), { fieldid: 999_999, value: 'x' }];
    await expectRefused(t, send(p, fields), {
      status: 400,
      code: 'bad_request',
      message: registrationMessages.unknownField,
      errors: [{ path: 'guestfieldslist.999999', message: registrationMessages.unknownField }],
    });
  });

  it('a yes/no that is not a boolean, a number that is text, a currency with a third decimal or below zero', async () => {
    const p = await annTable(t);
    await expectRefused(t, send(p, boAnswers(p, { 'Valet Parking': 'yes' })), {
      status: 400,
      code: 'bad_request',
      message: 'Valet Parking is invalid.',
      errors: [problem(p, 'Valet Parking', 'Valet Parking is invalid.')],
    });
    await expectRefused(t, send(p, boAnswers(p, { Age: '41' })), {
      status: 400,
      code: 'bad_request',
      message: 'Age is invalid.',
      errors: [problem(p, 'Age', 'Age is invalid.')],
    });
    await expectRefused(t, send(p, boAnswers(p, { Pledge: 10.005 })), {
      status: 400,
      code: 'bad_request',
      message: 'Pledge is invalid.',
      errors: [problem(p, 'Pledge', 'Pledge is invalid.')],
    });
    await expectRefused(t, send(p, boAnswers(p, { Pledge: -5 })), {
      status: 400,
      code: 'bad_request',
      message: 'Pledge is invalid.',
      errors: [problem(p, 'Pledge', 'Pledge is invalid.')],
    });
  });

  it('a read-only field changed without the edit-lock toggle (400, the field’s problem); with it, the change is saved', async () => {
    const p = await annTable(t);
    const readOnly = registrationMessages.readOnly('Table Number');
    expect(readOnly).toBe("Table Number can only be changed after unlocking the guest's details.");
    await expectRefused(t, send(p, boAnswers(p, { 'Table Number': '12' })), {
      status: 400,
      code: 'bad_request',
      message: readOnly,
      errors: [problem(p, 'Table Number', readOnly)],
    });
    await expectRefused(t, send(p, boAnswers(p, { 'Table Number': '12' }), false), {
      status: 400,
      code: 'bad_request',
      message: readOnly,
      errors: [problem(p, 'Table Number', readOnly)],
    });

    const saved = await send(p, boAnswers(p, { 'Table Number': '12' }), true)();
    if (!saved.ok) throw new Error(saved.failure.message);
    const boId = saved.answer.registrationid;
    expect(valuesOf((await dialogOf(t, p.token, seatAt(p.groups, 1))).guestfieldslist)['Table Number']).toBe('12');
    // Sent back unchanged it needs no toggle; changed or emptied it does.
    const again = (over: Record<string, FieldValue | null>) => () =>
      saveGuest(t, p.token, {
        guestid: seatAt(p.groups, 1),
        registrationid: boId,
        guestfieldslist: boAnswers(p, over),
      });
    expect((await again({ 'Table Number': '12', Notes: 'Aisle' })()).ok).toBe(true);
    await expectRefused(t, again({ 'Table Number': '14' }), {
      status: 400,
      code: 'bad_request',
      message: readOnly,
      errors: [problem(p, 'Table Number', readOnly)],
    });
    await expectRefused(t, again({ 'Table Number': null }), {
      status: 400,
      code: 'bad_request',
      message: readOnly,
      errors: [problem(p, 'Table Number', readOnly)],
    });
  });
});
