import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deadlinePassed,
  DEFAULT_TEXT_LENGTH,
  displayValueOf,
  FIELD_CONTROL,
  type FieldControl,
  type FieldValue,
  fieldProblem,
  formValueOf,
  type GuestFieldDef,
  guestFieldsPayload,
  guestFormProblems,
  guestNameOf,
  isEmailField,
  MAX_FIELD_NUMBER,
  registrationMessages,
  seatLocked,
  storedValueOf,
  wireValueOf,
} from './fields';

const field = (fieldcontrol: FieldControl, fieldlabel: string, over: Partial<GuestFieldDef> = {}): GuestFieldDef => ({
  fieldid: fieldcontrol,
  fieldlabel,
  fieldcontrol,
  fieldrequired: false,
  fieldreadonly: false,
  fieldtextlength: DEFAULT_TEXT_LENGTH,
  ...over,
});

const valet = field(1, 'Valet Parking');
const meal = field(2, 'Meal Choice', { fieldrequired: true });
const age = field(3, 'Age');
const pledge = field(4, 'Pledge');
const notes = field(5, 'Notes', { fieldtextlength: 20 });
const email = field(5, 'Email', { fieldid: 6, fieldtextlength: 254 });
const nonYesNo = [meal, age, pledge, notes, email];
const mealChoices = new Set([11, 12, 13]);

describe('the control codes', () => {
  it('are the spec’s: 1 yes/no, 2 lookup, 3 number, 4 currency, 5 text', () => {
    expect(FIELD_CONTROL).toEqual({ yesno: 1, lookup: 2, number: 3, currency: 4, text: 5 });
  });
});

describe('fieldProblem', () => {
  it('answers "{label} is required." for an empty required field of every control but yes/no', () => {
    for (const f of nonYesNo) {
      const required = { ...f, fieldrequired: true };
      for (const empty of [undefined, '', '   '])
        expect(fieldProblem(required, empty, mealChoices)).toBe(`${f.fieldlabel} is required.`);
      expect(fieldProblem({ ...f, fieldrequired: false }, '', mealChoices)).toBeUndefined();
    }
  });

  it('never finds a problem with a yes/no, required or not, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.oneof(fc.boolean(), fc.string()), { nil: undefined }),
        (required, value) => {
          expect(fieldProblem({ ...valet, fieldrequired: required }, value)).toBeUndefined();
        },
      ),
    );
  });

  it('answers "{label} is invalid." for a field labelled Email (in every case) that is not an address', () => {
    for (const label of ['Email', 'EMAIL', ' email ']) {
      const f = { ...email, fieldlabel: label };
      expect(isEmailField(f)).toBe(true);
      expect(fieldProblem(f, 'bo.example.org')).toBe(`${label} is invalid.`);
      expect(fieldProblem(f, 'bo @example.org')).toBe(`${label} is invalid.`);
      expect(fieldProblem(f, 'bo@example')).toBe(`${label} is invalid.`);
      expect(fieldProblem(f, ' bo@example.org ')).toBeUndefined();
    }
    // Only a field labelled exactly Email is read as an address.
    expect(isEmailField({ fieldlabel: 'Email Address' })).toBe(false);
    expect(fieldProblem({ ...email, fieldlabel: 'Email Address' }, 'not an address')).toBeUndefined();
  });

  it('takes a lookup that is a choice of the field, and every whole number when no choices are given', () => {
    expect(fieldProblem(meal, '12', mealChoices)).toBeUndefined();
    for (const bad of ['14', '1.5', 'Fish', '-'])
      expect(fieldProblem(meal, bad, mealChoices)).toBe('Meal Choice is invalid.');
    expect(fieldProblem(meal, '99')).toBeUndefined();
    expect(fieldProblem(meal, 'Fish')).toBe('Meal Choice is invalid.');
  });

  it('takes a number, whole or not, signed, up to a billion either way', () => {
    for (const ok of ['41', '-3', '2.5', ' 7 ', '1000000000', '-1000000000'])
      expect(fieldProblem(age, ok), ok).toBeUndefined();
    for (const bad of ['4e2', 'forty', '1.', '.5', '1,000', '1000000001', '-1000000000.5'])
      expect(fieldProblem(age, bad), bad).toBe('Age is invalid.');
  });

  it('takes a currency of at most two decimals, not negative, up to a billion dollars', () => {
    for (const ok of ['250', '250.5', '250.50', '0', '1000000000'])
      expect(fieldProblem(pledge, ok), ok).toBeUndefined();
    for (const bad of ['250.505', '-5', '$5', '5.', '1000000000.01', '1,000'])
      expect(fieldProblem(pledge, bad), bad).toBe('Pledge is invalid.');
  });

  it('takes a text of the field’s length, counted without the spaces around it, and refuses a longer one', () => {
    expect(fieldProblem(notes, 'x'.repeat(20))).toBeUndefined();
    expect(fieldProblem(notes, `  ${'x'.repeat(20)}  `)).toBeUndefined();
    expect(fieldProblem(notes, 'x'.repeat(21))).toBe('Notes must be at most 20 characters.');
    // The length is checked before the address.
    expect(fieldProblem({ ...email, fieldtextlength: 5 }, 'bo@example.org')).toBe(
      'Email must be at most 5 characters.',
    );
  });

  it('refuses a text exactly when it is longer than the field allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.stringMatching(/^[a-z]{1,80}$/), (length, text) => {
        const problem = fieldProblem({ ...notes, fieldtextlength: length }, text);
        expect(problem).toBe(text.length > length ? `Notes must be at most ${length} characters.` : undefined);
      }),
    );
  });
});

describe('guestFormProblems', () => {
  it('keys each field’s first problem by its id, and is empty when the form may be saved', () => {
    const fields = [valet, meal, age, notes];
    const choicesOf = (fieldid: number) => (fieldid === meal.fieldid ? mealChoices : new Set<number>());
    expect(
      guestFormProblems(fields, { [meal.fieldid]: '', [age.fieldid]: 'old', [notes.fieldid]: 'fine' }, choicesOf),
    ).toEqual({
      [meal.fieldid]: 'Meal Choice is required.',
      [age.fieldid]: 'Age is invalid.',
    });
    expect(guestFormProblems(fields, { [meal.fieldid]: '14' }, choicesOf)).toEqual({
      [meal.fieldid]: 'Meal Choice is invalid.',
    });
    expect(guestFormProblems(fields, { [meal.fieldid]: '11', [valet.fieldid]: true }, choicesOf)).toEqual({});
  });
});

describe('guestFieldsPayload', () => {
  const fields = [valet, meal, age, pledge, notes];

  it('sends yes/no as booleans (an untouched one as false), numbers as numbers and text trimmed', () => {
    expect(
      guestFieldsPayload(fields, {
        [valet.fieldid]: true,
        [meal.fieldid]: '12',
        [age.fieldid]: ' 41.5 ',
        [pledge.fieldid]: '250.50',
        [notes.fieldid]: '  Window seat ',
      }),
    ).toEqual([
      { fieldid: valet.fieldid, value: true },
      { fieldid: meal.fieldid, value: 12 },
      { fieldid: age.fieldid, value: 41.5 },
      { fieldid: pledge.fieldid, value: 250.5 },
      { fieldid: notes.fieldid, value: 'Window seat' },
    ]);
    expect(guestFieldsPayload([valet], {})).toEqual([{ fieldid: valet.fieldid, value: false }]);
  });

  it('leaves out every empty field that is not a yes/no', () => {
    expect(
      guestFieldsPayload(fields, {
        [valet.fieldid]: false,
        [meal.fieldid]: '',
        [age.fieldid]: '  ',
        [notes.fieldid]: '',
      }),
    ).toEqual([{ fieldid: valet.fieldid, value: false }]);
  });
});

describe('formValueOf', () => {
  it('shows a yes/no as its checkbox, currency with two decimals, other values as text, and nothing for no value', () => {
    expect([formValueOf(valet, true), formValueOf(valet, false), formValueOf(valet, null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(formValueOf(pledge, 250.5)).toBe('250.50');
    expect(formValueOf(pledge, 7)).toBe('7.00');
    expect(formValueOf(meal, 12)).toBe('12');
    expect(formValueOf(age, 41)).toBe('41');
    expect(formValueOf(notes, 'Window seat')).toBe('Window seat');
    for (const f of nonYesNo) {
      expect(formValueOf(f, null)).toBe('');
      expect(formValueOf(f, '')).toBe('');
    }
  });

  // A value the server sends, shown in the form and sent back unchanged, is the value it sent.
  const wireValues: Array<[string, GuestFieldDef, fc.Arbitrary<FieldValue>]> = [
    ['yes/no', valet, fc.boolean()],
    ['lookup', meal, fc.constantFrom(...mealChoices)],
    ['number', age, fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 }).map((n) => n / 10_000)],
    ['currency', pledge, fc.integer({ min: 0, max: MAX_FIELD_NUMBER * 100 }).map((c) => c / 100)],
    ['text', notes, fc.stringMatching(/^[!-~]([ -~]{0,18}[!-~])?$/)],
  ];
  // A number takes at most four decimals, so what the server keeps is always written without an exponent.
  it('refuses a number with more than four decimals, on the page and on the server alike', () => {
    expect(storedValueOf(age, 1e-7, mealChoices)).toEqual({ problem: 'Age is invalid.' });
    expect(fieldProblem(age, '0.0000001')).toBe('Age is invalid.');
    expect(storedValueOf(age, 2.5001, mealChoices)).toEqual({ value: 2.5001 });
    expect(fieldProblem(age, formValueOf(age, 2.5001))).toBeUndefined();
  });

  it.each(wireValues)(
    'round-trips a %s value through the form back to the payload, with no problem on the way',
    (_control, f, values) => {
      fc.assert(
        fc.property(values, (value) => {
          const shown = formValueOf(f, value);
          expect(fieldProblem(f, shown, mealChoices)).toBeUndefined();
          expect(guestFieldsPayload([f], { [f.fieldid]: shown })).toEqual([{ fieldid: f.fieldid, value }]);
        }),
      );
    },
  );
});

describe('storedValueOf', () => {
  const invalid = (label: string) => ({ problem: `${label} is invalid.` });

  it('keeps a yes/no only as a boolean', () => {
    expect(storedValueOf(valet, true, mealChoices)).toEqual({ value: true });
    expect(storedValueOf(valet, false, mealChoices)).toEqual({ value: false });
    expect(storedValueOf(valet, 'yes', mealChoices)).toEqual(invalid('Valet Parking'));
    expect(storedValueOf(valet, 1, mealChoices)).toEqual(invalid('Valet Parking'));
  });

  it('keeps a lookup only as the id of one of the choices given', () => {
    expect(storedValueOf(meal, 12, mealChoices)).toEqual({ value: 12 });
    expect(storedValueOf(meal, 14, mealChoices)).toEqual(invalid('Meal Choice'));
    expect(storedValueOf(meal, '12', mealChoices)).toEqual(invalid('Meal Choice'));
  });

  it('keeps a finite number within a billion either way', () => {
    expect(storedValueOf(age, -41.5, mealChoices)).toEqual({ value: -41.5 });
    expect(storedValueOf(age, MAX_FIELD_NUMBER, mealChoices)).toEqual({ value: MAX_FIELD_NUMBER });
    for (const bad of [MAX_FIELD_NUMBER + 1, -MAX_FIELD_NUMBER - 1, Number.NaN, Number.POSITIVE_INFINITY, '41'])
      expect(storedValueOf(age, bad, mealChoices), String(bad)).toEqual(invalid('Age'));
  });

  it('keeps a currency as cents, refusing a third decimal, a negative amount, more than a billion, or text', () => {
    expect(storedValueOf(pledge, 250.5, mealChoices)).toEqual({ value: 25_050 });
    expect(storedValueOf(pledge, 0.07, mealChoices)).toEqual({ value: 7 });
    expect(storedValueOf(pledge, MAX_FIELD_NUMBER, mealChoices)).toEqual({ value: MAX_FIELD_NUMBER * 100 });
    for (const bad of [10.005, 0.001, -1, MAX_FIELD_NUMBER + 0.01, '250'])
      expect(storedValueOf(pledge, bad, mealChoices), String(bad)).toEqual(invalid('Pledge'));
  });

  it('refuses a third decimal on every amount below $50,000', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 - 1 }).filter((m) => m % 10 !== 0),
        (mills) => {
          expect(storedValueOf(pledge, mills / 1000, mealChoices)).toEqual(invalid('Pledge'));
        },
      ),
    );
  });

  // The server's bound on float noise (dollarsToCents) stays below a tenth of a cent however large
  // the amount, so it refuses what the form's own pattern refuses.
  it('refuses a third decimal on a large amount too, as the form does', () => {
    expect(fieldProblem(pledge, '200000.001')).toBe('Pledge is invalid.');
    expect(storedValueOf(pledge, 200_000.001, mealChoices)).toEqual(invalid('Pledge'));
  });

  it('keeps text trimmed, refusing one too long, an Email that is not an address, or a number', () => {
    expect(storedValueOf(notes, '  Window seat ', mealChoices)).toEqual({ value: 'Window seat' });
    expect(storedValueOf(notes, 'x'.repeat(21), mealChoices)).toEqual({
      problem: 'Notes must be at most 20 characters.',
    });
    expect(storedValueOf(email, 'bo@example.org', mealChoices)).toEqual({ value: 'bo@example.org' });
    expect(storedValueOf(email, 'bo.example.org', mealChoices)).toEqual(invalid('Email'));
    // An empty Email is no address to check; whether it is required is the caller's question.
    expect(storedValueOf(email, ' ', mealChoices)).toEqual({ value: '' });
    expect(storedValueOf(notes, 5, mealChoices)).toEqual(invalid('Notes'));
  });

  it('stores a currency of at most two decimals as its cents, and the wire gives back the dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FIELD_NUMBER * 100 }), (cents) => {
        const dollars = cents / 100;
        expect(storedValueOf(pledge, dollars, mealChoices)).toEqual({ value: cents });
        expect(wireValueOf(pledge, cents)).toBe(dollars);
      }),
    );
  });
});

describe('wireValueOf', () => {
  it('answers null for no value, dollars for a currency, and every other value as stored', () => {
    for (const f of [valet, meal, age, pledge, notes]) expect(wireValueOf(f, undefined)).toBeNull();
    expect(wireValueOf(pledge, 25_050)).toBe(250.5);
    expect(wireValueOf(age, 25_050)).toBe(25_050);
    expect(wireValueOf(meal, 12)).toBe(12);
    expect(wireValueOf(valet, false)).toBe(false);
    expect(wireValueOf(notes, 'Window seat')).toBe('Window seat');
  });
});

describe('displayValueOf', () => {
  const choices = new Map([
    [11, 'Chicken'],
    [12, 'Fish'],
  ]);
  const label = (id: number) => choices.get(id);

  it('answers in words: Yes or No, the choice’s label, dollars with two decimals, the number or text', () => {
    expect(displayValueOf(valet, true, label)).toBe('Yes');
    expect(displayValueOf(valet, false, label)).toBe('No');
    expect(displayValueOf(meal, 12, label)).toBe('Fish');
    expect(displayValueOf(pledge, 25_050, label)).toBe('250.50');
    expect(displayValueOf(pledge, 100, label)).toBe('1.00');
    expect(displayValueOf(age, 41, label)).toBe('41');
    expect(displayValueOf(notes, 'Window seat', label)).toBe('Window seat');
  });

  it('answers nothing for no value, an empty one, or a choice it cannot name', () => {
    for (const f of [valet, meal, age, pledge, notes]) {
      expect(displayValueOf(f, undefined, label)).toBe('');
      expect(displayValueOf(f, '', label)).toBe('');
    }
    expect(displayValueOf(meal, 99, label)).toBe('');
  });
});

describe('guestNameOf', () => {
  it('names the seat’s person, or "Guest of {purchaser}" until one with a name is entered', () => {
    expect(guestNameOf({ first: 'Bo', last: 'Diaz' }, 'Ann Lee')).toBe('Bo Diaz');
    expect(guestNameOf({ first: 'Bo', last: '' }, 'Ann Lee')).toBe('Bo');
    expect(guestNameOf({ first: '', last: 'Diaz' }, 'Ann Lee')).toBe('Diaz');
    expect(guestNameOf(null, 'Ann Lee')).toBe('Guest of Ann Lee');
    expect(guestNameOf({ first: ' ', last: '' }, 'Ann Lee')).toBe('Guest of Ann Lee');
  });
});

describe('seatLocked and deadlinePassed', () => {
  const deadline = new Date('2026-12-04T23:00:00Z');
  const before = new Date(deadline.getTime() - 1);

  it('locks a seat the organizer locked, and every seat from the deadline on', () => {
    expect(seatLocked({ locked: false }, deadline, before)).toBe(false);
    expect(seatLocked({ locked: true }, deadline, before)).toBe(true);
    expect(seatLocked({ locked: false }, deadline, deadline)).toBe(true);
    expect(seatLocked({ locked: false }, null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
    expect(seatLocked({ locked: true }, null, before)).toBe(true);
  });

  it('has passed at the deadline itself and after it, never without one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (offset) => {
        const now = new Date(deadline.getTime() + offset);
        expect(deadlinePassed(deadline, now)).toBe(offset >= 0);
        expect(deadlinePassed(null, now)).toBe(false);
      }),
    );
  });
});

describe('registrationMessages', () => {
  it('words the field problems as the spec does', () => {
    expect(registrationMessages.required('Meal Choice')).toBe('Meal Choice is required.');
    expect(registrationMessages.invalid('Email')).toBe('Email is invalid.');
    expect(registrationMessages.guestOf('Ann Lee')).toBe('Guest of Ann Lee');
  });
});
