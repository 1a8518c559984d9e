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
export const rowId = z.number().min(1, 'must be at least 1').max(INT4_MAX, `must be at most ${INT4_MAX}`).int();

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
export const plainText = (max: number, tooLong = `must be at most ${max} characters`) =>
  z.string().max(max, tooLong).superRefine(oneLine);
/** A text of at most `max` characters that may hold tabs and line breaks. */
export const freeText = (max: number, tooLong = `must be at most ${max} characters`) =>
  z.string().max(max, tooLong).superRefine(multiLine);

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

export const nameMessages = {
  required: 'is required',
  invisible: 'must have visible text, not only spaces or invisible characters',
} as const;

/** What is wrong with a name the organizer gives, or null: empty when `required`, or only invisible characters. */
export function nameProblem(name: string, required: boolean): string | null {
  if (name === '') return required ? nameMessages.required : null;
  return hasVisibleText(name) ? null : nameMessages.invisible;
}

const nameRule = (required: boolean) => (name: string, ctx: z.RefinementCtx<string>) => {
  const problem = nameProblem(name, required);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: name });
};

/** A name people read (an event, an item, a store item, a label): one line, trimmed, with visible text. */
export const nameText = (max: number) => plainText(max).trim().superRefine(nameRule(true));
/** A name that may be left empty (a donor, a location, a heading), but not filled with invisible characters. */
export const optionalNameText = (max: number) => plainText(max).trim().superRefine(nameRule(false));

export const pathMessages = {
  start: 'must start with / (a path on this site)',
  otherSite: 'must not start with // (that is another site)',
  backslash: 'must not contain a backslash (\\)',
  dots: 'must not contain a . or .. segment',
  escape: 'has a % that does not start an escape such as %20',
  escapedTooDeep: 'is percent-encoded too many times',
} as const;

/** How many times a path is decoded before it must stand still: three layers of %25 are already more than any real path has. */
const DECODINGS = 3;

function decodedOnce(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * What a path on this site must not hold, in one of its decoded forms: a browser reads a
 * backslash as a slash and drops tabs and line breaks, so each of those could turn the path into
 * `//host`; `//` at its start names another site; a `.` or `..` segment climbs out of where the
 * path points.
 */
function pathFormProblem(form: string): string | null {
  if (form.includes('\\')) return pathMessages.backslash;
  const text = textProblem(form);
  if (text) return text;
  if (form.startsWith('//')) return pathMessages.otherSite;
  if (form.split(/[/?#]/).some((segment) => segment === '.' || segment === '..')) return pathMessages.dots;
  return null;
}

/**
 * What is wrong with a path on this site (an organizer's link or image, `/media/12`), or null: it
 * starts with one `/` and then no second one, holds no backslash and no `.` or `..` segment, also
 * once percent-escapes are decoded (`%2e%2e`, `%2f`, `%5c`), however many times they are layered.
 */
export function sitePathProblem(path: string): string | null {
  if (!path.startsWith('/')) return pathMessages.start;
  let form = path;
  for (let round = 0; round <= DECODINGS; round++) {
    const problem = pathFormProblem(form);
    if (problem) return problem;
    const decoded = decodedOnce(form);
    if (decoded === null) return pathMessages.escape;
    if (decoded === form) return null;
    form = decoded;
  }
  return pathMessages.escapedTooDeep;
}

/**
 * A refinement of an organizer's link or image: a path on this site (starting with `/`) must pass
 * sitePathProblem; anything else must be one of the field's absolute forms (`absolute`), else
 * `wrongForm` is said. Control and broken characters are refused first, as in any text.
 */
export function siteLink(
  absolute: (link: string) => boolean,
  wrongForm: string,
): (link: string, ctx: z.RefinementCtx<string>) => void {
  return (link, ctx) => {
    const problem =
      textProblem(link) ?? (link.startsWith('/') ? sitePathProblem(link) : absolute(link) ? null : wrongForm);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: link });
  };
}

/**
 * Unicode's explicit direction controls: embeddings and overrides (U+202A-U+202E) and isolates
 * (U+2066-U+2069). One typed into a name reverses or reorders what follows it, so a mail could
 * show `Ann\u202Efdp.exe` as `Annexe.pdf`. The marks U+200E, U+200F and U+061C stay: they only set
 * the direction of the neutral characters beside them, cannot reverse a run, and mixed Hebrew or
 * Arabic names need them to read correctly.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** The same controls as HTML character references (`&#x202E;`, `&#8238;`), which a mail's HTML would show as them. */
const BIDI_REFERENCES = /&#(?:[xX]0*(?:202[a-eA-E]|206[6-9])(?![0-9a-fA-F])|0*(?:823[4-8]|829[4-7])(?![0-9]));?/g;

/** A text without direction controls, for what leaves the site in a mail or a text message. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(BIDI_REFERENCES, '');
}

/**
 * A postal code as people write them: 3 to 10 letters, digits, spaces and hyphens, with at least
 * one digit (60601, 60601-1234, K1A 0B1, SW1A 1AA). 'NaN', 'null' or 'undefined' are not.
 */
export function isPostalCode(zip: string): boolean {
  const z = zip.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(z) && /\d/.test(z);
}
