import fc from 'fast-check';
import { z } from 'zod';
import { goodValue, type GoodValues, type JsonSchema, poisoned, typeOf } from './fuzz-inputs';

// The fuzz walk's whole documents and edge values (the refused values of requests: fuzz-inputs.ts).

/** Any JSON value (an event document as the organizer sends it). */
export const jsonValue = z.json();
export type Json = z.infer<typeof jsonValue>;

/** Every leaf of a JSON value, by its path. */
function leaves(value: Json, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}

function setAt(value: Json, path: ReadonlyArray<string | number>, leaf: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, leaf) : v));
  if (typeof value === 'object' && value !== null)
    return { ...value, [head]: setAt(value[String(head)] ?? null, rest, leaf) };
  return value;
}

/** A wrong value in place of a leaf: text with a control or broken character, a wrong type, a number no field takes. */
function badLeaf(leaf: Json): fc.Arbitrary<Json> {
  if (typeof leaf === 'string') return fc.oneof(poisoned, fc.constantFrom<Json>(12, null, [], {}));
  if (typeof leaf === 'number') return fc.constantFrom<Json>(1e308, -1e308, 'x', null, [1]);
  if (typeof leaf === 'boolean') return fc.constantFrom<Json>('yes', 1, null);
  return fc.constantFrom<Json>('x', 1);
}

/** A valid document with one or two of its leaves spoiled: every such document must be refused whole. */
export function spoiledDocument(doc: Json): fc.Arbitrary<Json> {
  const paths = leaves(doc);
  return fc
    .uniqueArray(fc.constantFrom(...paths), { minLength: 1, maxLength: 2 })
    .chain((chosen) => fc.tuple(...chosen.map((path) => badLeaf(leafAt(doc, path)).map((bad) => [path, bad] as const))))
    .map((pairs) => pairs.reduce<Json>((d, [path, bad]) => setAt(d, path, bad), doc));
}

function leafAt(value: Json, path: ReadonlyArray<string | number>): Json {
  let at: Json = value;
  for (const key of path) {
    if (Array.isArray(at) && typeof key === 'number') at = at[key] ?? null;
    else if (typeof at === 'object' && at !== null && !Array.isArray(at)) at = at[String(key)] ?? null;
    else return null;
  }
  return at;
}

const INT4 = 2_147_483_647;
/** Text that is well formed as JSON but hostile: controls, broken characters, invisible or odd words, scripts. */
const hostileText = fc.oneof(
  poisoned,
  fc.constantFrom(
    '',
    ' ',
    '\u200b\u200b',
    'NaN',
    'null',
    'undefined',
    '😀',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '..\\..',
    'é',
  ),
);

function within(s: JsonSchema, n: number): boolean {
  if (s.maximum !== undefined && n > s.maximum) return false;
  if (s.minimum !== undefined && (s.exclusiveMinimum === true ? n <= s.minimum : n < s.minimum)) return false;
  return !(typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum);
}

/** The plain value twice as often as an edge, so that most requests get past their other fields to the rules. */
const mostlyPlain = (plain: fc.Arbitrary<unknown>, edges: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 2, arbitrary: plain }, { weight: 1, arbitrary: edges });

/**
 * A value its JSON schema allows, at an edge (the schema's own bounds, an integer column's, the
 * longest text, hostile text): the zod schemas may still refuse it, but nothing may answer 500.
 */
export function edgeValue(name: string, s: JsonSchema, good: GoodValues, depth = 0): fc.Arbitrary<unknown> {
  const plain = fc.constant(goodValue(name, s, good));
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if (s.anyOf && s.anyOf.length > 0) return fc.oneof(...s.anyOf.map((b) => edgeValue(name, b, good, depth)));
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') {
    const candidates = [
      s.maximum ?? Number.MAX_SAFE_INTEGER,
      s.minimum ?? -Number.MAX_SAFE_INTEGER,
      INT4,
      INT4 + 1,
      -INT4 - 1,
      -INT4 - 2,
      0,
      -1,
      1,
    ];
    if (type === 'number') candidates.push(1e308, -1e308, 0.01, 1e-7, 5e-324, 1_000_000.01, 99_999_999.99);
    const fits = candidates.filter((n) => within(s, n) && (type === 'number' || Number.isInteger(n)));
    return fits.length > 0 ? mostlyPlain(plain, fc.constantFrom(...fits)) : plain;
  }
  if (type === 'string') {
    if (s.pattern) {
      const pattern = new RegExp(s.pattern);
      const fits = ['nope', 'A'.repeat(Math.max(1, s.maxLength ?? 1))].filter((v) => pattern.test(v));
      return fits.length > 0 ? mostlyPlain(plain, fc.constantFrom(...fits)) : plain;
    }
    const max = s.maxLength ?? 5_000;
    const min = s.minLength ?? 0;
    const edges = fc
      .oneof(hostileText, fc.constant('x'.repeat(max)), fc.constant('é'.repeat(max)))
      .filter((v) => v.length >= min && v.length <= max);
    return mostlyPlain(plain, edges);
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array' && s.items && depth < 3) {
    const most = Math.min(s.maxItems ?? 3, 3);
    return mostlyPlain(plain, fc.array(edgeValue('', s.items, good, depth + 1), { maxLength: most }));
  }
  if (type === 'object' && s.properties && depth < 3) return edgeObject(s, good, depth + 1);
  return plain;
}

/** An object of edge values: each required field, and each optional one or not. */
export function edgeObject(s: JsonSchema, good: GoodValues, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(s.required ?? []);
  const fields = Object.entries(s.properties ?? {}).map(([k, p]) => {
    const value = edgeValue(k, p, good, depth).map((v) => [k, v] as const);
    return required.has(k) ? value : fc.option(value, { nil: undefined });
  });
  return fc.tuple(...fields).map((pairs) => Object.fromEntries(pairs.filter((p) => p !== undefined)));
}

/** A valid document with some leaves at an edge of their type: it may be imported or refused, never a 500. */
export function edgeDocument(doc: Json): fc.Arbitrary<Json> {
  const paths = leaves(doc);
  const edge = (leaf: Json): fc.Arbitrary<Json> => {
    if (typeof leaf === 'string') return hostileText;
    if (typeof leaf === 'number') return fc.constantFrom<Json>(INT4, INT4 + 1, 1_000_000, 1_000_000.01, 1e15, 0, -0);
    return fc.constant(leaf);
  };
  return fc
    .uniqueArray(fc.constantFrom(...paths), { minLength: 1, maxLength: 3 })
    .chain((chosen) => fc.tuple(...chosen.map((path) => edge(leafAt(doc, path)).map((v) => [path, v] as const))))
    .map((pairs) => pairs.reduce<Json>((d, [path, v]) => setAt(d, path, v), doc));
}

/** A query string of edge values for these parameters (each required one, each optional one or not). */
export function edgeQuery(
  params: ReadonlyArray<{ name: string; required: boolean; schema: JsonSchema }>,
  good: GoodValues,
): fc.Arbitrary<string> {
  const parts = params.map((p) => {
    const part = edgeValue(p.name, p.schema, good).map(
      (v) => `${p.name}=${percent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    );
    return p.required ? part : fc.option(part, { nil: undefined });
  });
  return fc.tuple(...parts).map((all) => all.filter((p) => p !== undefined).join('&'));
}

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) as the three bytes a careless client would send. */
function percent(text: string): string {
  return Array.from(text)
    .map((ch) => {
      const cu = ch.charCodeAt(0);
      if (ch.length > 1 || cu < 0xd800 || cu > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}
