import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STATE_CODES,
  TEXT_NOTIFICATION_COLUMN,
  canReceiveTexts,
  formatPhone,
  joinEmail,
  joinEmailError,
  newPasswordPair,
  passwordError,
  phoneDigits,
  phoneRules,
  profileErrors,
  setupStepOneErrors,
} from './validation';
import { z } from 'zod';

describe('join email', () => {
  it('gives the spec messages in order', () => {
    expect(joinEmailError('a@b')).toBe('Email should be at least 5 charcters long');
    expect(joinEmailError('abcdef.com')).toBe('Email should contain a @');
    expect(joinEmailError('a@b@c.com')).toBe('Email should contain a @');
    expect(joinEmailError('abc@def')).toBe('Email should contain at least one dot');
    expect(joinEmailError('ann@example.org')).toBeNull();
  });
  it('accepts any address with one @ and a dot', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        if (email.length >= 5 && email.includes('.')) expect(joinEmailError(email)).toBeNull();
      }),
    );
  });
});

describe('profile rules', () => {
  const ok = { firstname: 'Ann', lastname: 'Lee', cellphone: '', zip: '60601' };
  it('accepts a complete profile', () => {
    expect(profileErrors(ok)).toEqual({});
    expect(profileErrors({ ...ok, cellphone: '(312) 555-0100', zip: '' })).toEqual({});
  });
  it('gives the spec messages', () => {
    expect(profileErrors({ ...ok, firstname: ' ' })).toEqual({ firstname: 'Firstname is invalid.' });
    expect(profileErrors({ ...ok, lastname: '' })).toEqual({ lastname: 'Lastname is invalid.' });
    expect(profileErrors({ ...ok, cellphone: '555-0100' })).toEqual({ cellphone: 'Phone number is invalid.' });
    expect(profileErrors({ ...ok, zip: '' })).toEqual({ zip: 'zip is invalid.' });
    expect(profileErrors({ ...ok, state: 'XX' })).toEqual({ state: 'State is invalid.' });
  });
  it('formats and strips phones', () => {
    expect(formatPhone('3125550100')).toBe('(312) 555-0100');
    expect(phoneDigits('(312) 555-0100')).toBe('3125550100');
  });
  it('drops a leading country code 1 before the 10-digit rule', () => {
    expect(phoneDigits('+1 (312) 555-0199')).toBe('3125550199');
    expect(phoneDigits('1-312-555-0199')).toBe('3125550199');
    expect(formatPhone('+1 (312) 555-0199')).toBe('(312) 555-0199');
    expect(profileErrors({ ...ok, cellphone: '+1 (312) 555-0199' })).toEqual({});
    // Only a 1, only with 11 digits: anything else is still judged as typed.
    expect(phoneDigits('2 (312) 555-0199')).toBe('23125550199');
    expect(profileErrors({ ...ok, cellphone: '2 (312) 555-0199' })).toEqual({ cellphone: 'Phone number is invalid.' });
    expect(profileErrors({ ...ok, cellphone: '+1 312 555 01999' })).toEqual({ cellphone: 'Phone number is invalid.' });
    expect(profileErrors({ ...ok, cellphone: '+11 (312) 555-0199' })).toEqual({
      cellphone: 'Phone number is invalid.',
    });
  });
  it('any 10-digit number reads the same with +1 in front', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), (digits) => {
        expect(phoneDigits(`+1 ${formatPhone(digits)}`)).toBe(digits);
        expect(phoneDigits(digits)).toBe(digits);
      }),
    );
  });
  it('texts reach only a bidder with a phone who agreed to them', () => {
    expect(TEXT_NOTIFICATION_COLUMN).toBe('text');
    expect(canReceiveTexts({ cellphone: '(312) 555-0199', allowtexting: true })).toBe(true);
    expect(canReceiveTexts({ cellphone: '+1 312 555 0199', allowtexting: true })).toBe(true);
    expect(canReceiveTexts({ cellphone: '(312) 555-0199', allowtexting: false })).toBe(false);
    expect(canReceiveTexts({ cellphone: '', allowtexting: true })).toBe(false);
    expect(canReceiveTexts({ cellphone: '555-01', allowtexting: true })).toBe(false);
  });
  it('setup step one', () => {
    expect(setupStepOneErrors({ firstname: '', lastname: '', zip: '' })).toEqual({
      firstname: 'First name is required.',
      lastname: 'Last name is required.',
      zip: 'Zip code is required.',
    });
  });
  it('passwords and states', () => {
    expect(passwordError('short')).toMatch(/at least 8/);
    expect(passwordError('long enough')).toBeNull();
    expect(STATE_CODES).toContain('IL');
    expect(STATE_CODES).toContain('ON');
    expect(new Set(STATE_CODES).size).toBe(STATE_CODES.length);
  });
});

describe('the same rules as form schemas', () => {
  const first = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;
  it('checks the join email with the spec messages, trimmed', () => {
    expect(first(joinEmail.safeParse('ab'))).toBe(joinEmailError('ab'));
    expect(joinEmail.parse('  ann@example.org ')).toBe('ann@example.org');
  });
  it('says a mismatch before the password rule, and accepts a good pair', () => {
    expect(first(newPasswordPair.safeParse({ password: 'short', confirm: 'other' }))).toBe('Passwords do not match');
    expect(first(newPasswordPair.safeParse({ password: 'short', confirm: 'short' }))).toBe(passwordError('short'));
    expect(newPasswordPair.safeParse({ password: 'long enough', confirm: 'long enough' }).success).toBe(true);
  });
  it('puts the phone rule on the phone field', () => {
    const schema = z.object({ cellphone: z.string() }).superRefine(phoneRules);
    expect(schema.safeParse({ cellphone: '555-01' }).error?.issues[0]).toMatchObject({
      path: ['cellphone'],
      message: 'Phone number is invalid.',
    });
    expect(schema.safeParse({ cellphone: '' }).success).toBe(true);
  });
});
