import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inertText } from './inert-text';

/**
 * What a mail client would make a link of, in the manner of the autolinkers of Gmail, Outlook,
 * Apple Mail and linkify-it: a scheme and its colon (with or without slashes), or a host of two
 * words joined by a dot ("www.x" among them; the full-width and ideographic dots count, as hosts
 * accept them; a word is any run linkify-it takes for one: letters, digits, marks, emoji, - and _).
 */
const HOST = String.raw`(?:[^\s\p{P}\p{Cc}\p{Cf}]|[-_])`;
const AUTOLINKABLE = [
  /[a-z][a-z0-9+.-]*:\p{Cf}*[/\\]/iu,
  /\b(?:https?|ftp|mailto|tel|sms|javascript|data|file):\p{Cf}*\S/iu,
  new RegExp(String.raw`${HOST}\p{Cf}*[.\u3002\uFF0E\uFF61]\p{Cf}*${HOST}`, 'u'),
];
const autolinkable = (s: string) => AUTOLINKABLE.some((re) => re.test(s));

/** The brackets taken out again: what the reader reads. */
const unbracketed = (s: string) => s.replace(/\[([.\u3002\uFF0E\uFF61:])\]/gu, '$1');
/** The input as one line, without direction overrides: what inertText keeps of it. */
const oneLine = (s: string) =>
  s
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();

/** Text made of the pieces of URLs and names, so the generator finds the near misses. */
const piece = fc.constantFrom(
  'https',
  'http',
  'HTTPS',
  'mailto',
  'tel',
  'javascript',
  'www',
  'evil',
  'example',
  'com',
  'x',
  '1',
  '127',
  'Dana',
  'Ng',
  ':',
  '//',
  '/',
  '\\',
  '.',
  '\u3002',
  '\uFF0E',
  '\uFF61',
  '@',
  '-',
  '_',
  '?',
  '#',
  '=',
  '%',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\u200b',
  '\u200f',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202e',
  '\u2066',
  '\u0301',
  'é',
  '李',
  '😀',
  'URGENT',
  ' confirm ',
  '10:30',
);
const urlish = fc.array(piece, { maxLength: 24 }).map((a) => a.join(''));
const anyText = fc.oneof(
  urlish,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl().map((u) => `Confirm your seat at ${u} now`),
);

describe('inertText: typed text in an email links nowhere', () => {
  it('defangs the finding’s group name and a guest name with a URL, readable still', () => {
    expect(inertText('URGENT: confirm your seat at https://evil.example/x')).toBe(
      'URGENT: confirm your seat at https[:]//evil[.]example/x',
    );
    expect(inertText('Dana www.evil.example')).toBe('Dana www[.]evil[.]example');
    expect(inertText('bo@evil.example')).toBe('bo@evil[.]example');
    expect(inertText('mailto:bo@evil.example')).toBe('mailto[:]bo@evil[.]example');
    expect(inertText('evil\u3002example')).toBe('evil[\u3002]example');
    expect(inertText('evil.\u200bexample')).toBe('evil[.]\u200bexample');
  });

  it('leaves ordinary names and group names as typed', () => {
    for (const name of [
      'Table of Eight',
      'The Lee Family',
      "Bo O'Brien-Diaz",
      'St. Louis Friends',
      'Table 5: the Lees',
      'Doors at 7:30',
      '李 明',
      'Zoë 😀',
      'Dr. Ng',
      '...and friends',
    ])
      expect(inertText(name)).toBe(name);
  });

  it('makes one line: no forged paragraph or button line in the text part, no reversed text', () => {
    expect(inertText('Dana\n\nUpdate My Registration: evil')).toBe('Dana Update My Registration: evil');
    expect(inertText('  Dana\t Ng \u2028')).toBe('Dana Ng');
    expect(inertText('Dana \u202emoc.live')).toBe('Dana moc[.]live');
    expect(inertText('\u05e9\u05e8\u05d4\u200f 7')).toBe('\u05e9\u05e8\u05d4\u200f 7');
  });

  it('never leaves anything a mail client would link, whatever was typed', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const out = inertText(s);
        expect(autolinkable(out), JSON.stringify(out)).toBe(false);
        expect(out).not.toMatch(/[\r\n\t\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('hides nothing: without its brackets it is what was typed, on one line', () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => !s.includes('[')),
        (s) => {
          expect(unbracketed(inertText(s))).toBe(oneLine(s));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('changes nothing the second time (a name passed through twice reads the same)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(inertText(inertText(s))).toBe(inertText(s));
      }),
      { numRuns: 1000 },
    );
  });
});
