import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hasVisibleText,
  nameMessages,
  nameText,
  optionalNameText,
  pathMessages,
  sitePathProblem,
  textMessages,
  withoutBidiControls,
} from './bounds';
import { imageRef, siteHref } from './import/schema-parts';
import { zodProblems } from './validation';

/**
 * Security finding 12: an organizer's paths stay on this site, names people read have visible
 * text, and direction controls typed into a name never reach a mail.
 */

/** The platform's WHATWG URL parser, as browsers read links (domain compiles without DOM or Node types). */
declare const URL: new (input: string, base: string) => { origin: string; pathname: string };

const SITE = 'https://riverbend.gavel.example';
const problemOf = (schema: z.ZodType, value: unknown) =>
  zodProblems(schema.safeParse(value).error ?? new z.ZodError([]))[0]?.message;

/** Paths of the attack, each with what the organizer is told. */
const ATTACKS: Array<[string, string]> = [
  ['//evil.example', pathMessages.otherSite],
  ['//evil.example/x.png', pathMessages.otherSite],
  ['/%2fevil.example', pathMessages.otherSite],
  ['/%2F%2Fevil.example', pathMessages.otherSite],
  ['/\\evil.example', pathMessages.backslash],
  ['/%5cevil.example', pathMessages.backslash],
  ['/media/../../x', pathMessages.dots],
  ['/media/..', pathMessages.dots],
  ['/./media', pathMessages.dots],
  ['/media/%2e%2e/x', pathMessages.dots],
  ['/media/%2E%2e/x', pathMessages.dots],
  ['/media/.%2e/x', pathMessages.dots],
  ['/media/..%2f..%2fx', pathMessages.dots],
  ['/media/%252e%252e/x', pathMessages.dots],
  ['/media/%25252e%25252e/x', pathMessages.dots],
  ['/media/%09/x', textMessages.control],
  ['/media/100%', pathMessages.escape],
  ['/media/%c0%ae%c0%ae/x', pathMessages.escape],
  ['/%2525252525252e', pathMessages.escapedTooDeep],
  ['media/1', pathMessages.start],
];

describe('paths on this site', () => {
  it('refuses each path of the attack, saying what is wrong', () => {
    for (const [path, message] of ATTACKS) expect(sitePathProblem(path), path).toBe(message);
  });

  it('takes the paths the site serves', () => {
    for (const path of [
      '/',
      '/media/12',
      '/gala',
      '/gala/event?tab=Tickets#top',
      '/media/a%20b.png',
      '/media/v1.2/x..png',
      '/caf%C3%A9',
    ])
      expect(sitePathProblem(path), path).toBeNull();
  });

  it('takes every path of plain segments', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,11}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        expect(sitePathProblem(`/${segments.join('/')}`)).toBeNull();
      }),
    );
  });

  it('keeps everything it takes on this site, where the browser reads it, unchanged by dot segments', () => {
    // The browser's own reading (WHATWG URL) is the oracle: a backslash is a slash, %2e is a dot.
    const unit = fc.constantFrom('/', '\\', '.', '%', '2', 'e', 'E', 'f', 'F', '5', 'c', 'a', '?', '#', ':', '@', 'x');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 14 }), (units) => {
        const path = `/${units.join('')}`;
        if (sitePathProblem(path) !== null) return;
        const read = new URL(path, `${SITE}/gala/items/`);
        expect(read.origin).toBe(SITE);
        expect(read.pathname).toBe(path.split(/[?#]/)[0]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a .. segment wherever it is put, however it is escaped', () => {
    const dots = fc.constantFrom('..', '%2e%2e', '%2E.', '.%2e', '%252e%252e', '%2e');
    const segment = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        dots,
        fc.array(segment, { maxLength: 4 }),
        (before, dot, after) => {
          expect(sitePathProblem(`/${[...before, dot, ...after].join('/')}`)).toBe(pathMessages.dots);
        },
      ),
    );
  });

  it('checks the path of every image and link with the one rule, keeping https addresses and inline images', () => {
    for (const [path, message] of ATTACKS) {
      if (!path.startsWith('/')) continue;
      expect(problemOf(imageRef, path), path).toBe(message);
      expect(problemOf(siteHref, path), path).toBe(message);
    }
    expect(problemOf(imageRef, '\\\\evil.example\\x.png')).toBe(
      'must be a path on this server (/...), an https:// address, or a base64 data:image URL',
    );
    expect(problemOf(siteHref, '\\\\evil.example')).toBe('must be a path on this site (/...) or an https:// address');
    expect(problemOf(siteHref, 'http://evil.example')).toBe(
      'must be a path on this site (/...) or an https:// address',
    );
    expect(problemOf(imageRef, 'javascript:alert(1)')).toBe(
      'must be a path on this server (/...), an https:// address, or a base64 data:image URL',
    );
    for (const ok of ['/media/3', 'https://cdn.example.org/a.png', 'data:image/png;base64,iVBORw0KGgo='])
      expect(imageRef.safeParse(ok).success, ok).toBe(true);
    for (const ok of ['', '/gala', 'https://other.example.org/auction'])
      expect(siteHref.safeParse(ok).success, ok).toBe(true);
  });
});

describe('names people read', () => {
  const invisible = fc
    .array(
      fc.constantFrom(
        ' ',
        '\u00a0',
        '\u200b',
        '\u200c',
        '\u200d',
        '\u2060',
        '\ufeff',
        '\u00ad',
        '\u3000',
        '\u3164',
        '\u2800',
        '\u0301',
        '\u202e',
        '\u2066',
        '\u200f',
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((a) => a.join(''));

  it('refuses a name of only invisible characters, required or not', () => {
    fc.assert(
      fc.property(invisible, (name) => {
        const trimmed = name.trim();
        expect(problemOf(nameText(200), name)).toBe(trimmed === '' ? nameMessages.required : nameMessages.invisible);
        expect(problemOf(optionalNameText(200), name)).toBe(trimmed === '' ? undefined : nameMessages.invisible);
      }),
    );
    expect(problemOf(nameText(200), '\u200b\u200b')).toBe(
      'must have visible text, not only spaces or invisible characters',
    );
  });

  it('takes any name with something to see, trimmed', () => {
    fc.assert(
      fc.property(invisible, fc.constantFrom('Gala', 'é', '李', '😀', '7', '.'), invisible, (a, visible, b) => {
        const name = `${a}${visible}${b}`;
        expect(hasVisibleText(name)).toBe(true);
        expect(nameText(200).parse(name)).toBe(name.trim());
        expect(optionalNameText(200).parse(name)).toBe(name.trim());
      }),
    );
    expect(optionalNameText(200).parse('  ')).toBe('');
  });
});

describe('direction controls in what is mailed', () => {
  const controls = fc.constantFrom(
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '&#x202E;',
    '&#x202e;',
    '&#8238;',
    '&#x2066;',
    '&#0008297;',
  );
  const plain = fc.string({ maxLength: 20 }).map((s) => s.replace(/[\u202a-\u202e\u2066-\u2069&]/g, ''));

  it('strips every embedding, override and isolate, as characters or HTML references, and nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(plain, controls), { maxLength: 6 }), plain, (parts, tail) => {
        const text = parts.map(([p, c]) => p + c).join('') + tail;
        expect(withoutBidiControls(text)).toBe(parts.map(([p]) => p).join('') + tail);
      }),
    );
    expect(withoutBidiControls('Ann\u202Egnp.exe')).toBe('Anngnp.exe');
    // Without its semicolon a reference ends where its digits do, as a browser reads it.
    expect(withoutBidiControls('Ann&#x202Egnp.exe &#8238 x')).toBe('Anngnp.exe  x');
  });

  it('keeps the marks mixed-direction names need, and references that only look alike', () => {
    expect(withoutBidiControls('\u05e9\u05e8\u05d4\u200f 7 \u200e\u061c')).toBe(
      '\u05e9\u05e8\u05d4\u200f 7 \u200e\u061c',
    );
    expect(withoutBidiControls('&#82380; &#x202EF; &amp;#8238;')).toBe('&#82380; &#x202EF; &amp;#8238;');
  });
});
