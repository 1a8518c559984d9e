import { describe, expect, it } from 'vitest';
import { FIELD_CONTROL, type GuestFieldDef } from './fields';
import { deadlineLine, missingAnswers, progressMessages, savedNotice, seatsNamed } from './progress';

const field = (fieldid: number, fieldlabel: string, over: Partial<GuestFieldDef> = {}): GuestFieldDef => ({
  fieldid,
  fieldlabel,
  fieldcontrol: FIELD_CONTROL.text,
  fieldrequired: false,
  fieldreadonly: false,
  fieldtextlength: 50,
  ...over,
});

const fields = [
  field(1, 'First Name', { fieldrequired: true }),
  field(2, 'Last Name', { fieldrequired: true }),
  field(3, 'Email'),
  field(4, 'Meal Choice', { fieldrequired: true, fieldcontrol: FIELD_CONTROL.lookup }),
  field(5, 'Valet Parking', { fieldrequired: true, fieldcontrol: FIELD_CONTROL.yesno }),
  field(6, 'Table Number', { fieldrequired: true, fieldreadonly: true }),
];

describe('missingAnswers', () => {
  it('lists the required fields without an answer, in order; blanks are no answer, a yes/no always is', () => {
    expect(missingAnswers(fields, {})).toEqual(['First Name', 'Last Name', 'Meal Choice', 'Table Number']);
    expect(missingAnswers(fields, { '1': 'Dana', '2': '  ', '4': 12, '6': '7' })).toEqual(['Last Name']);
    expect(missingAnswers(fields, { '1': 'Dana', '2': 'Reyes', '4': 12, '5': false, '6': '7' })).toEqual([]);
    // An answer of 0 is an answer.
    expect(
      missingAnswers([field(7, 'Age', { fieldrequired: true, fieldcontrol: FIELD_CONTROL.number })], { '7': 0 }),
    ).toEqual([]);
  });
});

describe('seatsNamed', () => {
  it('counts named seats over every group', () => {
    const seat = (guestisnamed: boolean) => ({ guestisnamed });
    expect(
      seatsNamed([{ guests: [seat(true), seat(false)] }, { guests: [seat(true), seat(true), seat(false)] }]),
    ).toEqual({ named: 3, total: 5 });
    expect(seatsNamed([])).toEqual({ named: 0, total: 0 });
    expect(progressMessages.seatsNamed(5, 8)).toBe('5 of 8 seats named');
    expect(progressMessages.seatsNamed(1, 1)).toBe('1 of 1 seat named');
  });
});

describe('deadlineLine', () => {
  const zone = 'America/Chicago';
  it('says nothing without a deadline, rather than one made up', () => {
    expect(deadlineLine('', new Date('2026-12-01T18:00:00Z'), zone)).toBeNull();
    expect(deadlineLine('not a time', new Date('2026-12-01T18:00:00Z'), zone)).toBeNull();
  });

  it('says by when guests must be registered, then that registration has closed', () => {
    const deadline = '2026-12-04T23:00:00.000Z';
    expect(deadlineLine(deadline, new Date('2026-12-01T18:00:00Z'), zone)).toEqual({
      text: 'Please register your guests by 12-04-2026 5:00 PM CST.',
      passed: false,
    });
    expect(deadlineLine(deadline, new Date(deadline), zone)).toEqual({
      text: 'Guest registration closed on 12-04-2026 5:00 PM CST. Please contact the event organizer to make changes.',
      passed: true,
    });
  });
});

describe('savedNotice', () => {
  it("says the guest's link was emailed only when it was", () => {
    expect(savedNotice({ guestname: 'Dana Reyes', linkemailed: true })).toBe("Saved — Dana Reyes's link was emailed");
    expect(savedNotice({ guestname: 'Dana Reyes', linkemailed: false })).toBe('Saved');
  });
});
