import { z } from 'zod';
import { hasVisibleText, isPostalCode } from '../bounds';

/**
 * Account rules shared by the web forms and the server, with the spec's messages word for word
 * (bidder-app.md section 5, spelling included). Each rule is a function (the server calls them)
 * and, at the end of this file, the same rule as zod for the forms' schemas.
 */
export const EMAIL_MIN_LENGTH = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** The join screen's email check; null when acceptable. Shown as 'Error : ' + message. */
export function joinEmailError(email: string): string | null {
  const e = email.trim();
  if (e.length < EMAIL_MIN_LENGTH) return 'Email should be at least 5 charcters long';
  if (e.split('@').length !== 2) return 'Email should contain a @';
  if (!e.includes('.')) return 'Email should contain at least one dot';
  return null;
}

/** A stricter check for addresses we send mail to. */
export function isDeliverableEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && email.length <= 254;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/**
 * Digits only, as the phone is sent. A US number typed with its country code ('+1 (312) 555-0199',
 * 11 digits starting with 1) loses the 1, so the 10-digit rule below judges the number itself.
 */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (###) ###-#### for 10 digits; the digits as typed otherwise. */
export function formatPhone(phone: string): string {
  const d = phoneDigits(phone);
  if (d.length !== 10) return d;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A phone is optional; one that is given has 10 digits (after a leading country code 1). */
export function phoneError(phone: string): string | null {
  return phone.trim() !== '' && phoneDigits(phone).length !== 10 ? 'Phone number is invalid.' : null;
}

/** The notification column whose notices go out as text messages. */
export const TEXT_NOTIFICATION_COLUMN = 'text';

/** Why the Text column cannot be chosen: texts go only to a bidder with a cell phone who agreed to them. */
export const TEXTS_NEED_PHONE = 'Add a cell phone and agree to texts to get text messages.';

/** Whether text notices can reach a bidder: a valid cell phone and agreement to texts. */
export function canReceiveTexts(p: { cellphone: string; allowtexting: boolean }): boolean {
  return p.allowtexting && phoneDigits(p.cellphone).length === 10;
}

export interface ProfileFields {
  firstname: string;
  lastname: string;
  cellphone: string;
  zip: string;
  state?: string;
}

/** The profile form's rules; the field names of the first failing rules with their messages. */
export function profileErrors(
  p: ProfileFields,
): Partial<Record<'firstname' | 'lastname' | 'cellphone' | 'zip' | 'state', string>> {
  const errors: Partial<Record<'firstname' | 'lastname' | 'cellphone' | 'zip' | 'state', string>> = {};
  // A name of only invisible characters (zero-width spaces) is an empty name.
  if (!hasVisibleText(p.firstname)) errors.firstname = 'Firstname is invalid.';
  if (!hasVisibleText(p.lastname)) errors.lastname = 'Lastname is invalid.';
  const phone = phoneError(p.cellphone);
  if (phone) errors.cellphone = phone;
  // With no phone a zip is required; one that is given must look like a postal code ('NaN' does not).
  if (phoneDigits(p.cellphone).length === 0 && !p.zip.trim()) errors.zip = 'zip is invalid.';
  else if (p.zip.trim() && !isPostalCode(p.zip)) errors.zip = 'zip is invalid.';
  if (p.state && !isStateCode(p.state)) errors.state = 'State is invalid.';
  return errors;
}

/** Setup wizard, step 1. */
export function setupStepOneErrors(p: {
  firstname: string;
  lastname: string;
  zip: string;
}): Partial<Record<'firstname' | 'lastname' | 'zip', string>> {
  const errors: Partial<Record<'firstname' | 'lastname' | 'zip', string>> = {};
  if (!hasVisibleText(p.firstname)) errors.firstname = 'First name is required.';
  if (!hasVisibleText(p.lastname)) errors.lastname = 'Last name is required.';
  if (!p.zip.trim()) errors.zip = 'Zip code is required.';
  else if (!isPostalCode(p.zip)) errors.zip = 'zip is invalid.';
  return errors;
}

/** US states, DC, territories, military mail codes and Canadian provinces and territories. */
export const STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
  'UM',
  'FM',
  'MH',
  'PW',
  'AA',
  'AE',
  'AP',
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
export type StateCode = (typeof STATE_CODES)[number];

export function isStateCode(s: string): s is StateCode {
  return (STATE_CODES as readonly string[]).includes(s);
}

/** A rule above as a zod refinement: each field it faults gets its message. */
function fieldRules<T>(
  errorsOf: (value: T) => Partial<Record<string, string | null>>,
): (value: T, ctx: z.RefinementCtx<T>) => void {
  return (value, ctx) => {
    for (const [field, message] of Object.entries(errorsOf(value)))
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  };
}

/** A value's rule (a message or null) as a zod refinement. */
function valueRule<T>(errorOf: (value: T) => string | null): (value: T, ctx: z.RefinementCtx<T>) => void {
  return (value, ctx) => {
    const message = errorOf(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** The join screen's email: trimmed, with the spec's checks in order. */
export const joinEmail = z.string().trim().superRefine(valueRule(joinEmailError));

/** A password being chosen (the server's rule): at least 8 characters, at most 200. */
export const newPassword = z.string().superRefine(valueRule(passwordError));

/** A password typed twice (create account): a mismatch is said first, then the password's own rule. */
export const newPasswordPair = z
  .object({ password: z.string(), confirm: z.string() })
  .refine((p) => p.password === p.confirm, { message: 'Passwords do not match', path: ['confirm'] })
  .pipe(z.object({ password: newPassword, confirm: z.string() }));

/** The profile's rules (the server's too), for a schema of the profile's fields: `.superRefine(profileRules)`. */
export const profileRules = fieldRules(profileErrors);
/** Setup wizard, step 1, likewise. */
export const setupStepOneRules = fieldRules(setupStepOneErrors);
/** The phone's rule alone (the wizard's preferences step), likewise. */
export const phoneRules = fieldRules((p: { cellphone: string }) => ({ cellphone: phoneError(p.cellphone) }));
