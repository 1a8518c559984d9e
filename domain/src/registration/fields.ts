import type { Cents } from '../money';
import { hasVisibleText } from '../bounds';
import { centsToDollars, dollarsToCents } from '../money';

/**
 * Guest registration (spec store-and-display.md, sections 2 to 5): the organizer's guest fields,
 * what a value of each control may be, and the spec's words. The edit dialog, the guest page and
 * the server all check a registration with these functions, so they never disagree.
 */

/** Control types: 1 yes/no, 2 lookup dropdown, 3 number, 4 currency (2 decimals, $ prefix), 5 text. */
export const FIELD_CONTROL = { yesno: 1, lookup: 2, number: 3, currency: 4, text: 5 } as const;
export type FieldControl = (typeof FIELD_CONTROL)[keyof typeof FIELD_CONTROL];
export const FIELD_CONTROLS: readonly FieldControl[] = [1, 2, 3, 4, 5];

/** The registration id the dialog sends for a new person. */
export const NEW_REGISTRATION_ID = -1;
/** The line of dashes between Add New and the existing registrations in the dialog's list. */
export const GUEST_LIST_SEPARATOR = '----------------------------';
/** A text field's length when the organizer gives none, and the most any may allow. */
export const DEFAULT_TEXT_LENGTH = 100;
export const MAX_TEXT_LENGTH = 2000;
/** The largest number or currency value a guest field takes (a currency in dollars). */
export const MAX_FIELD_NUMBER = 1_000_000_000;
export const MAX_GROUP_NAME = 100;

/**
 * What a purchase can make the server do for strangers (security finding 5). Guest-link emails go
 * to addresses the purchaser types, so they are counted per purchase and per recipient over a
 * sliding day (`GUEST_LINK_WINDOW_MS`):
 * - a purchase mails at most one link per seat plus `GUEST_LINK_CHANGES_PER_DAY` (a corrected
 *   email, a guest moved, a seat given to someone else): a table of eight can be filled and then
 *   fixed a few times; twenty addresses tried in a row cannot;
 * - an address gets at most `GUEST_LINK_MAILS_PER_RECIPIENT` links, from all purchases together:
 *   a guest moved twice in a day still gets each link, and no one is mailed over and over.
 * A purchase lists at most `PEOPLE_PER_SEAT` people per seat: everyone seated plus as many
 * entered and set aside, not an address book.
 */
export const GUEST_LINK_WINDOW_MS = 24 * 60 * 60 * 1000;
export const GUEST_LINK_CHANGES_PER_DAY = 3;
export const GUEST_LINK_MAILS_PER_RECIPIENT = 3;
export const PEOPLE_PER_SEAT = 2;

/** The guest links a purchase of `seats` seats may mail within the window. */
export const guestLinkMailCap = (seats: number) => seats + GUEST_LINK_CHANGES_PER_DAY;
/** The people a purchase of `seats` seats may list, the purchaser included. */
export const peopleCap = (seats: number) => seats * PEOPLE_PER_SEAT;

/** Whether one more guest link may be mailed, given what the window already holds. */
export function guestLinkMailAllowed(sent: { seats: number; byPurchase: number; toRecipient: number }): boolean {
  return sent.byPurchase < guestLinkMailCap(sent.seats) && sent.toRecipient < GUEST_LINK_MAILS_PER_RECIPIENT;
}

/** The three fields every registration has, ahead of the organizer's own (their roles). */
export const STANDARD_FIELDS = [
  { role: 'first', label: 'First Name', textlength: 50 },
  { role: 'last', label: 'Last Name', textlength: 50 },
  { role: 'email', label: 'Email', textlength: 254 },
] as const;
export type FieldRole = (typeof STANDARD_FIELDS)[number]['role'];

export const registrationMessages = {
  required: (label: string) => `${label} is required.`,
  invalid: (label: string) => `${label} is invalid.`,
  tooLong: (label: string, n: number) => `${label} must be at most ${n} characters.`,
  title: 'Guest Registration',
  welcome: (name: string) => `Welcome, ${name}`,
  assign: 'Assign guests to your tickets',
  yourGuests: 'Your Guests',
  guestWelcome: (name: string) => `Welcome, ${name}!`,
  editYours: 'Edit Your Guest Registration',
  thankYou: 'Thank you for updating your registration!',
  guestOf: (purchaser: string) => `Guest of ${purchaser}`,
  editTitle: 'Edit Guest Information',
  addNew: 'Add New',
  renameTitle: 'Rename Your Group',
  renameError: 'Error Saving Group Name',
  saved: 'Your guest registration is saved.',
  guestLocked: 'This guest is locked. Please contact the event organizer to make changes.',
  deadlinePassed: 'Guest registration has closed. Please contact the event organizer to make changes.',
  readOnly: (label: string) => `${label} can only be changed after unlocking the guest's details.`,
  renameNotAllowed: "This group's name cannot be changed.",
  groupNameRequired: 'Please enter a group name.',
  groupNameTooLong: `The group name must be at most ${MAX_GROUP_NAME} characters.`,
  linkInvalid:
    'This registration link is not valid. Please use the link in your most recent email, or contact the event organizer.',
  notYours: 'This guest is not part of your purchase.',
  ownSeatOnly: 'You can only edit your own registration.',
  personLocked: (name: string) => `${name} is in a locked seat and cannot be moved.`,
  unknownField: 'A field of this registration no longer exists. Please reload the page.',
  tooManyPeople: (seats: number) =>
    `This purchase already lists ${peopleCap(seats)} people, twice its ${seats} ${seats === 1 ? 'seat' : 'seats'}. Please choose someone from the Guest list instead of Add New.`,
  // One message for both caps: which one was met would tell a purchaser that other purchases mailed this address.
  linkNotEmailed: (name: string) =>
    `${name}'s registration link was not emailed: too many registration emails were sent in the last 24 hours. The details are saved; save them again in 24 hours to email the link.`,
} as const;

/** The problem with a group's new name, or undefined: it must show something (zero-width spaces are no name) and fit. */
export function groupNameProblem(name: string): string | undefined {
  if (!hasVisibleText(name)) return registrationMessages.groupNameRequired;
  if (name.length > MAX_GROUP_NAME) return registrationMessages.groupNameTooLong;
  return undefined;
}

/** What a field is, as the dialog and the server see it. */
export interface GuestFieldDef {
  fieldid: number;
  fieldlabel: string;
  fieldcontrol: FieldControl;
  fieldrequired: boolean;
  fieldreadonly: boolean;
  fieldtextlength: number;
}

/** A value on the wire: a boolean (yes/no), a lookup id, a number, dollars (currency) or text. */
export type FieldValue = boolean | number | string;
/** A value as stored: the same, with currency in cents. */
export type StoredValue = boolean | number | string;

/** What a form holds for a field: a yes/no's checkbox, every other control's typed text. */
export type FormValue = boolean | string;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A number field takes up to four decimals (so it never needs an exponent to be written). */
const NUMBER = /^-?\d+(\.\d{1,4})?$/;
const CURRENCY = /^\d+(\.\d{1,2})?$/;

/** A field labelled Email is checked as an email address (spec section 5). */
export const isEmailField = (f: Pick<GuestFieldDef, 'fieldlabel'>) => f.fieldlabel.trim().toLowerCase() === 'email';

/** Nothing typed, or only invisible characters (a name of zero-width spaces is no name). */
const isEmpty = (v: FormValue | undefined) => v === undefined || (typeof v === 'string' && !hasVisibleText(v));

/** The choices of each lookup field, by field id. */
export type ChoicesOf = (fieldid: number) => ReadonlySet<number>;

export function choicesByField(lookups: ReadonlyArray<{ lookupfieldid: number; lookupid: number }>): ChoicesOf {
  const byField = new Map<number, Set<number>>();
  for (const l of lookups) {
    const set = byField.get(l.lookupfieldid) ?? new Set<number>();
    set.add(l.lookupid);
    byField.set(l.lookupfieldid, set);
  }
  const none: ReadonlySet<number> = new Set();
  return (fieldid) => byField.get(fieldid) ?? none;
}

/** The problem with one field's typed value, or undefined. A lookup's choice is checked against `choices`, that field's own. */
export function fieldProblem(
  field: GuestFieldDef,
  value: FormValue | undefined,
  choices?: ReadonlySet<number>,
): string | undefined {
  const label = field.fieldlabel;
  if (field.fieldcontrol === FIELD_CONTROL.yesno) return undefined;
  if (isEmpty(value)) return field.fieldrequired ? registrationMessages.required(label) : undefined;
  const text = String(value).trim();
  switch (field.fieldcontrol) {
    case FIELD_CONTROL.lookup: {
      const id = Number(text);
      return Number.isInteger(id) && (!choices || choices.has(id)) ? undefined : registrationMessages.invalid(label);
    }
    case FIELD_CONTROL.number:
      return NUMBER.test(text) && Math.abs(Number(text)) <= MAX_FIELD_NUMBER
        ? undefined
        : registrationMessages.invalid(label);
    case FIELD_CONTROL.currency:
      return CURRENCY.test(text) && Number(text) <= MAX_FIELD_NUMBER ? undefined : registrationMessages.invalid(label);
    default:
      if (text.length > field.fieldtextlength) return registrationMessages.tooLong(label, field.fieldtextlength);
      return isEmailField(field) && !EMAIL.test(text) ? registrationMessages.invalid(label) : undefined;
  }
}

/** Every field's problem, keyed by field id (empty when the form may be saved). */
export function guestFormProblems(
  fields: readonly GuestFieldDef[],
  values: Readonly<Record<number, FormValue>>,
  choicesOf?: ChoicesOf,
): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const f of fields) {
    const p = fieldProblem(f, values[f.fieldid], choicesOf?.(f.fieldid));
    if (p) problems[f.fieldid] = p;
  }
  return problems;
}

/** A typed value as the payload carries it: yes/no as booleans; empty other fields omitted (spec section 5). */
export function guestFieldsPayload(
  fields: readonly GuestFieldDef[],
  values: Readonly<Record<number, FormValue>>,
): Array<{ fieldid: number; value: FieldValue }> {
  const out: Array<{ fieldid: number; value: FieldValue }> = [];
  for (const f of fields) {
    const v = values[f.fieldid];
    if (f.fieldcontrol === FIELD_CONTROL.yesno) {
      out.push({ fieldid: f.fieldid, value: v === true });
      continue;
    }
    if (isEmpty(v)) continue;
    const text = String(v).trim();
    out.push({ fieldid: f.fieldid, value: f.fieldcontrol === FIELD_CONTROL.text ? text : Number(text) });
  }
  return out;
}

/** What a form shows for a value the server sent. */
export function formValueOf(field: GuestFieldDef, value: FieldValue | null): FormValue {
  if (field.fieldcontrol === FIELD_CONTROL.yesno) return value === true;
  if (value === null || value === '') return '';
  if (field.fieldcontrol === FIELD_CONTROL.currency && typeof value === 'number') return value.toFixed(2);
  return String(value);
}

/** A wire value to what the database keeps (currency to cents), or the problem with it. `choices`: a lookup field's own. */
export function storedValueOf(
  field: GuestFieldDef,
  value: FieldValue,
  choices: ReadonlySet<number>,
): { value: StoredValue } | { problem: string } {
  const invalid = { problem: registrationMessages.invalid(field.fieldlabel) };
  switch (field.fieldcontrol) {
    case FIELD_CONTROL.yesno:
      return typeof value === 'boolean' ? { value } : invalid;
    case FIELD_CONTROL.lookup:
      return typeof value === 'number' && choices.has(value) ? { value } : invalid;
    case FIELD_CONTROL.number:
      return typeof value === 'number' && NUMBER.test(String(value)) && Math.abs(value) <= MAX_FIELD_NUMBER
        ? { value }
        : invalid;
    case FIELD_CONTROL.currency: {
      const cents: Cents | null =
        typeof value === 'number' && value >= 0 && value <= MAX_FIELD_NUMBER ? dollarsToCents(value) : null;
      return cents === null ? invalid : { value: cents };
    }
    default: {
      if (typeof value !== 'string') return invalid;
      // Only invisible characters are no answer: a required field then says it is required.
      const text = hasVisibleText(value) ? value.trim() : '';
      if (text.length > field.fieldtextlength)
        return { problem: registrationMessages.tooLong(field.fieldlabel, field.fieldtextlength) };
      if (isEmailField(field) && text !== '' && !EMAIL.test(text)) return invalid;
      return { value: text };
    }
  }
}

/** A stored value as the wire carries it (currency back to dollars). */
export function wireValueOf(
  field: Pick<GuestFieldDef, 'fieldcontrol'>,
  value: StoredValue | undefined,
): FieldValue | null {
  if (value === undefined) return null;
  if (field.fieldcontrol === FIELD_CONTROL.currency && typeof value === 'number') return centsToDollars(value);
  return value;
}

/** A stored value in words, for the seating list (lookups by their label). */
export function displayValueOf(
  field: Pick<GuestFieldDef, 'fieldcontrol'>,
  value: StoredValue | undefined,
  lookupLabel: (id: number) => string | undefined,
): string {
  if (value === undefined || value === '') return '';
  switch (field.fieldcontrol) {
    case FIELD_CONTROL.yesno:
      return value === true ? 'Yes' : 'No';
    case FIELD_CONTROL.lookup:
      return typeof value === 'number' ? (lookupLabel(value) ?? '') : '';
    case FIELD_CONTROL.currency:
      return typeof value === 'number' ? centsToDollars(value).toFixed(2) : '';
    default:
      return String(value);
  }
}

/** How a seat's guest is named: the person, or the placeholder until one is entered. */
export function guestNameOf(person: { first: string; last: string } | null, purchaser: string): string {
  if (!person) return registrationMessages.guestOf(purchaser);
  return `${person.first} ${person.last}`.trim() || registrationMessages.guestOf(purchaser);
}

/** A seat is locked by the organizer, or for everyone once the edit deadline has passed. */
export function seatLocked(seat: { locked: boolean }, deadline: Date | null, now: Date): boolean {
  return seat.locked || deadlinePassed(deadline, now);
}

export const deadlinePassed = (deadline: Date | null, now: Date) => deadline !== null && now >= deadline;
