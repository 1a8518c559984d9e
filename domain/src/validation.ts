import type { z } from 'zod';
import type { Problem } from './api/common';

/** A zod path as a JSON path a person can read: items[3].startingbid */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(document)';
}

/** Every problem zod found, each with its path and a plain message. */
export function zodProblems(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: plainMessage(issue) }));
}

/** The parts of a zod issue that a plain message needs (fastify's validation errors carry them too). */
export interface IssueLike {
  code: string;
  message: string;
  input?: unknown;
  expected?: unknown;
  keys?: unknown;
}

/** A plain message for an issue: 'is required', 'must be a number', or the schema's own words. */
export function plainMessage(issue: IssueLike): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    return `must be ${article(String(issue.expected))}`;
  }
  if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys))
    return `has unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') return 'has the wrong form';
  return issue.message;
}

function article(expected: string): string {
  const word = expected === 'int' ? 'whole number' : expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
