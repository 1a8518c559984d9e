import { z } from 'zod';

/**
 * What every value a caller sends must keep to, so that nothing the schemas accept can break the
 * database (issue 15): ids within an integer column, text without control characters (PostgreSQL
 * cannot hold a NUL in text) and without broken characters (a lone UTF-16 surrogate cannot be
 * written as UTF-8 or stored in jsonb). Request schemas and the import document build on these.
 */

/** The largest value of an integer (int4) column, and so of every serial id. */
export const INT4_MAX = 2_147_483_647;

/** A row's id as a caller names it: a whole number from 1 to INT4_MAX. */
export const rowId = z
  .number()
  .min(1, 'must be at least 1')
  .max(INT4_MAX, `must be at most ${INT4_MAX}`)
  .int();

/** A whole number an integer column can hold, for the few fields that are not ids (userid as the spec sends it). */
export const int4 = z
  .number()
  .min(-INT4_MAX - 1, `must be at least ${-INT4_MAX - 1}`)
  .max(INT4_MAX, `must be at most ${INT4_MAX}`)
  .int();

export const textMessages = {
  control: 'must not contain control characters',
  broken: 'must not contain broken characters (a lone surrogate)',
} as const;

const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);
const isLineBreakOrTab = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * What is wrong with a text, or null: a control character (C0, DEL or C1; tabs and line breaks
 * only where `lines` allows them), or a surrogate without its pair. A loop over code units rather
 * than String.isWellFormed, which older phones' browsers lack (the forms check with it too).
 */
export function textProblem(text: string, lines = false): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isControl(c) && !(lines && isLineBreakOrTab(c))) return textMessages.control;
    if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    else if (isHighSurrogate(c) || isLowSurrogate(c)) return textMessages.broken;
  }
  return null;
}

function textRule(lines: boolean): (text: string, ctx: z.RefinementCtx<string>) => void {
  return (text, ctx) => {
    const problem = textProblem(text, lines);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  };
}

/** A refinement of a one-line string (names, emails, codes, tokens): no control characters at all. */
export const oneLine = textRule(false);
/** A refinement of a text that may hold tabs and line breaks (descriptions, messages, notes, passwords). */
export const multiLine = textRule(true);

/** A one-line text of at most `max` characters. */
export const plainText = (max: number, tooLong = `must be at most ${max} characters`) => z.string().max(max, tooLong).superRefine(oneLine);
/** A text of at most `max` characters that may hold tabs and line breaks. */
export const freeText = (max: number, tooLong = `must be at most ${max} characters`) => z.string().max(max, tooLong).superRefine(multiLine);

/**
 * Characters that show nothing on their own: white space and separators, controls, format
 * characters (zero-width space and joiners, the byte order mark, the soft hyphen), combining marks
 * without a base, and the blank fillers of Hangul and Braille.
 */
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** True when a text shows at least one character: a name of zero-width spaces is an empty name. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}

/**
 * A postal code as people write them: 3 to 10 letters, digits, spaces and hyphens, with at least
 * one digit (60601, 60601-1234, K1A 0B1, SW1A 1AA). 'NaN', 'null' or 'undefined' are not.
 */
export function isPostalCode(zip: string): boolean {
  const z = zip.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(z) && /\d/.test(z);
}
