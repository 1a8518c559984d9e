import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TooManyTries } from '../errors';
import { type Budget, Guessing } from './limits';

const budget: Budget = { max: 3, windowMs: 60_000, message: 'Too many tries.' };
const other: Budget = { max: 1, windowMs: 60_000, message: 'Another budget.' };

describe('guessing budgets', () => {
  it('refuses with the budget’s message and when to try again once a key has spent its tries, and forgets them when the window ends', () => {
    let now = 1_000_000;
    const g = new Guessing(() => now);
    for (let i = 0; i < 3; i++) g.take(budget, 'email:a@example.org');
    let refused: unknown;
    try {
      g.assert(budget, 'email:a@example.org');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(TooManyTries);
    expect(refused).toMatchObject({ code: 'rate_limited', message: 'Too many tries.', retryAfterSeconds: 60 });
    // Another key and another budget are counted apart.
    expect(() => g.take(budget, 'email:b@example.org')).not.toThrow();
    expect(() => g.take(other, 'email:a@example.org')).not.toThrow();
    now += 60_000;
    expect(() => g.take(budget, 'email:a@example.org')).not.toThrow();
  });

  it('assert alone spends nothing; count alone never refuses', () => {
    const g = new Guessing(() => 0);
    for (let i = 0; i < 10; i++) g.assert(budget, 'k');
    for (let i = 0; i < 10; i++) g.count(budget, 'k');
    expect(() => g.assert(budget, 'k')).toThrow(TooManyTries);
  });

  it('allows exactly max takes in a window, whatever the order of keys', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 40 }), (keys) => {
        const g = new Guessing(() => 0);
        const allowed = new Map<string, number>();
        for (const key of keys) {
          try {
            g.take(budget, key);
            allowed.set(key, (allowed.get(key) ?? 0) + 1);
          } catch {
            // refused
          }
        }
        for (const key of new Set(keys)) expect(allowed.get(key) ?? 0).toBe(Math.min(budget.max, keys.filter((k) => k === key).length));
      }),
    );
  });
});
