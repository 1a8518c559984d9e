import fc from 'fast-check';
import { z } from 'zod';

/**
 * Bad inputs for the fuzz test (fuzz.test.ts), made from the OpenAPI description's JSON schemas.
 * Each generated request carries at least one part a correct server must refuse (a wrong type, a
 * number out of its range, text with a control or broken character, text over its length, a
 * missing field, a body that is not a JSON object), unless the route takes no input at all.
 */

export interface JsonSchema {
  type?: string | string[] | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  items?: JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  enum?: unknown[] | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  exclusiveMinimum?: boolean | number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  maxItems?: number | undefined;
  pattern?: string | undefined;
}

export const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    anyOf: z.array(jsonSchema).optional(),
    enum: z.array(z.unknown()).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.union([z.boolean(), z.number()]).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    maxItems: z.number().optional(),
    pattern: z.string().optional(),
  }),
);

/** Values that make a request reach its rules (the event's codes, a real item...), by field name. */
export type GoodValues = Readonly<Record<string, unknown>>;

/** One generated part of a request, and whether a correct server must refuse it. */
export interface Part<T> {
  value: T;
  bad: boolean;
}

export const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;

/** Every JSON kind of value; the ones of another type than a field's are wrong for it. */
const EVERY_KIND: readonly unknown[] = ['', 'x', '12', 'true', 0, 1, -1, 1.5, true, false, null, [], {}, [1], { a: 1 }];

function matchesType(value: unknown, type: string): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'integer' || type === 'number') return typeof value === 'number';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return false;
}

const wrongType = (type: string) => fc.constantFrom(...EVERY_KIND.filter((v) => !matchesType(v, type)));

/** Characters no text field takes: NUL and other C0 and C1 controls (not tab or line breaks), and lone surrogates. */
const poison = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
);
export const poisoned = fc
  .tuple(fc.string({ maxLength: 6 }), poison, fc.string({ maxLength: 6 }))
  .map(([a, p, b]) => `a${a}${p}${b}`);

function badString(s: JsonSchema): fc.Arbitrary<unknown> {
  const over =
    s.maxLength === undefined
      ? []
      : [fc.constant('x'.repeat(s.maxLength + 1)), fc.constant('é'.repeat(Math.max(s.maxLength + 1, 20_000)))];
  const under = s.minLength !== undefined && s.minLength > 1 ? [fc.constant('x'.repeat(s.minLength - 1))] : [];
  return fc.oneof(poisoned, wrongType('string'), ...over, ...under);
}

function badNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const values: number[] = [];
  if (s.maximum !== undefined) values.push(s.maximum + 1, s.maximum * 2 + 1, 1e308);
  else values.push(1e308, 1e17, Number.MAX_SAFE_INTEGER + 2);
  if (s.exclusiveMinimum === true && s.minimum !== undefined) values.push(s.minimum, s.minimum - 1);
  else if (s.minimum !== undefined) values.push(s.minimum - 1, -1e308);
  if (typeof s.exclusiveMinimum === 'number') values.push(s.exclusiveMinimum);
  if (integer) values.push(1.5, 2_147_483_648.5);
  return fc.oneof(
    fc.constantFrom(...values),
    wrongType(integer ? 'integer' : 'number'),
    fc.constantFrom('NaN', 'Infinity', '-1', '2147483648', '1e308'),
  );
}

/** A value a correct server refuses for a field of schema `s`. */
export function badValue(s: JsonSchema, good: GoodValues, depth = 0): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(fc.constantFrom(null, {}, [[]]), poisoned);
  if (s.enum) return fc.oneof(fc.constantFrom('zzz', 'JSON', 7, null, true), poisoned);
  const type = typeOf(s);
  if (type === 'string') return badString(s);
  if (type === 'integer' || type === 'number') return badNumber(s, type === 'integer');
  if (type === 'boolean') return wrongType('boolean');
  if (type === 'array') {
    const item = s.items;
    const inner = item && depth < 3 ? [fc.array(badValue(item, good, depth + 1), { minLength: 1, maxLength: 3 })] : [];
    const long =
      s.maxItems === undefined
        ? []
        : [fc.constant(Array.from({ length: s.maxItems + 1 }, () => (item ? goodValue('', item, good) : 1)))];
    return fc.oneof(wrongType('array'), ...inner, ...long);
  }
  if (type === 'object' && s.properties && depth < 3)
    return fc.oneof(
      wrongType('object'),
      badObject(s, good, depth + 1).map((p) => p.value),
    );
  return wrongType(type ?? 'object');
}

/** A value that keeps to schema `s`: the named good value, or the plainest one the schema takes. */
export function goodValue(name: string, s: JsonSchema, good: GoodValues): unknown {
  if (name in good) return good[name];
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.anyOf?.[0]) return goodValue(name, s.anyOf[0], good);
  const type = typeOf(s);
  if (type === 'string') return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object')
    return Object.fromEntries((s.required ?? []).map((k) => [k, goodValue(k, s.properties?.[k] ?? {}, good)]));
  return null;
}

const junkKey = fc.constantFrom('extra', 'zz\u0000', '', 'eventcode ', 'ITEMID', 'a\ud800');

/**
 * An object for schema `s` with its required fields good (the optional ones good or left out) and
 * at least one field wrong or a required one missing; sometimes with unknown fields besides.
 */
export function badObject(s: JsonSchema, good: GoodValues, depth = 0): fc.Arbitrary<Part<Record<string, unknown>>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  if (props.length === 0) return fc.constant({ value: { extra: 'x' }, bad: false });
  const names = props.map(([k]) => k);
  return fc
    .record({
      spoil: fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: Math.min(2, names.length) }),
      keep: fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }),
      extra: fc.option(fc.dictionary(junkKey, fc.oneof(poisoned, fc.constant(1)), { maxKeys: 2 }), { nil: undefined }),
    })
    .chain(({ spoil, keep, extra }) => {
      const base: Record<string, unknown> = {};
      props.forEach(([k, p], i) => {
        if (required.has(k) || keep[i]) base[k] = goodValue(k, p, good);
      });
      const spoiled = spoil.map((k) => {
        const p = s.properties?.[k] ?? {};
        // A required field may be left out instead; an optional one always gets a wrong value.
        const missing = required.has(k) ? [fc.constant(undefined)] : [];
        return fc.oneof(badValue(p, good, depth), ...missing).map((v) => [k, v] as const);
      });
      return fc.tuple(...spoiled).map((pairs) => {
        const value: Record<string, unknown> = { ...(extra ?? {}), ...base };
        for (const [k, v] of pairs) {
          if (v === undefined) delete value[k];
          else value[k] = v;
        }
        return { value, bad: true };
      });
    });
}

/** A whole body that is not a JSON object, or not JSON at all, as raw text (its content type beside it). */
export const junkBody = fc.oneof(
  fc.constantFrom(
    '[]',
    '"x"',
    '12',
    'null',
    'true',
    '[{"eventcode":"gala"}]',
    '{',
    '{"a":}',
    '\u0000',
    '{"eventcode":"gala",}',
    '1e309',
  ),
  fc.integer({ min: 50, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 50, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.constant('{"__proto__":{"admin":true}}'),
  fc.constant('{"constructor":{"prototype":{"admin":true}}}'),
);

/** A path parameter: bad for its schema, or odd but well-formed (which may be looked up and not found). */
export function pathValue(s: JsonSchema): fc.Arbitrary<Part<string>> {
  const bad = [
    'x'.repeat(Math.max((s.maxLength ?? 200) + 1, 300)),
    'x'.repeat(20_000),
    '%ZZ',
    '%E0%A4%A',
    `abcdefghij%00klm`,
    `abcdefghij%ED%A0%80`,
    `abcdefghij%C2%9B`,
  ];
  const odd = ['2147483648', '-1', '0', 'abcdefghij..%2F..%2Fetc', 'abcdefghijk%20', 'null', 'NaN', 'ab%2Fcd%3Fe'];
  return fc.oneof(
    fc.constantFrom(...bad).map((value) => ({ value, bad: true })),
    fc.constantFrom(...odd).map((value) => ({ value, bad: false })),
  );
}

/** A query string for these parameters: each good or left out, and one spoiled; sometimes junk besides. */
export function badQuery(
  params: ReadonlyArray<{ name: string; required: boolean; schema: JsonSchema }>,
  good: GoodValues,
): fc.Arbitrary<Part<string>> {
  const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  const junk = fc.constantFrom('', '&', '&x=1', '&%ZZ=1', '&a[b]=1', `&${'q'.repeat(5000)}=1`, '&eventcode');
  if (params.length === 0) return junk.map((j) => ({ value: j.replace(/^&/, ''), bad: false }));
  return fc
    .record({
      spoil: fc.constantFrom(...params),
      keep: fc.array(fc.boolean(), { minLength: params.length, maxLength: params.length }),
      junk,
      how: fc.nat(4),
    })
    .map(({ spoil, keep, junk: extra, how }) => {
      const parts: string[] = [];
      params.forEach((p, i) => {
        if (p === spoil) return;
        if (p.required || keep[i]) parts.push(`${p.name}=${enc(goodValue(p.name, p.schema, good))}`);
      });
      const max = spoil.schema.maxLength ?? 200;
      const spoilt = [
        `${spoil.name}=a%00b`,
        `${spoil.name}=${'x'.repeat(max + 1)}`,
        `${spoil.name}=a&${spoil.name}=b`,
        `${spoil.name}=%C2%85x`,
        `${spoil.name}=${'%7F'}`,
      ];
      // Leaving out a required parameter is wrong too; an optional one left out is not.
      const missing = spoil.required ? '' : null;
      const spoiled = how === 4 ? missing : spoilt[how];
      if (spoiled) parts.push(spoiled);
      return { value: parts.join('&') + extra, bad: spoiled !== null };
    });
}
