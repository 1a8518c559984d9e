import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TooManyTries } from '../errors';
import { type Budget, Guessing } from './guessing';

const budget: Budget = { name: 'tries', max: 3, windowMs: 60_000, message: 'Too many tries.' };
const other: Budget = { name: 'other', max: 1, windowMs: 60_000, message: 'Another budget.' };
const shared: Budget = {
  name: 'shared',
  max: 2,
  windowMs: 60_000,
  message: 'Slow down.',
  slow: { stepMs: 100, maxMs: 350 },
};

describe('guessing budgets', () => {
  it('refuses with the budget’s message and when to try again once a key has spent its tries, and forgets them when the window ends', async () => {
    let now = 1_000_000;
    const g = new Guessing(() => now);
    for (let i = 0; i < 3; i++) await g.take(budget, 'email:a@example.org');
    let refused: unknown;
    try {
      await g.assert(budget, 'email:a@example.org');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(TooManyTries);
    expect(refused).toMatchObject({ code: 'rate_limited', message: 'Too many tries.', retryAfterSeconds: 60 });
    // Another key and another budget are counted apart.
    await expect(g.take(budget, 'email:b@example.org')).resolves.toBeUndefined();
    await expect(g.take(other, 'email:a@example.org')).resolves.toBeUndefined();
    now += 60_000;
    await expect(g.take(budget, 'email:a@example.org')).resolves.toBeUndefined();
  });

  it('assert alone spends nothing; count alone never refuses', async () => {
    const g = new Guessing(() => 0);
    for (let i = 0; i < 10; i++) await g.assert(budget, 'k');
    for (let i = 0; i < 10; i++) await g.count(budget, 'k');
    await expect(g.assert(budget, 'k')).rejects.toThrow(TooManyTries);
  });

  it('allows exactly max takes in a window, whatever the order of keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 40 }), async (keys) => {
        const g = new Guessing(() => 0);
        const allowed = new Map<string, number>();
        for (const key of keys) {
          try {
            await g.take(budget, key);
            allowed.set(key, (allowed.get(key) ?? 0) + 1);
          } catch {
            // refused
          }
        }
        for (const key of new Set(keys))
          expect(allowed.get(key) ?? 0).toBe(Math.min(budget.max, keys.filter((k) => k === key).length));
      }),
    );
  });

  it('a slowing budget never refuses: past its max each try waits one step longer, up to its ceiling', async () => {
    const waits: number[] = [];
    const g = new Guessing(
      () => 0,
      async (ms) => void waits.push(ms),
    );
    for (let i = 0; i < 8; i++) await g.take(shared, 'ip:198.51.100.7');
    expect(waits).toEqual([100, 200, 300, 350, 350, 350]);
    // Another address is not slowed.
    await g.take(shared, 'ip:203.0.113.9');
    expect(waits).toHaveLength(6);
  });

  it('counts only failures, and slows only the failure’s answer, never a success', async () => {
    const waits: number[] = [];
    const g = new Guessing(
      () => 0,
      async (ms) => void waits.push(ms),
    );
    const fail = () => Promise.reject(new Error('wrong'));
    for (let i = 0; i < 4; i++) await expect(g.failures([[shared, 'ip:x']], () => true, fail)).rejects.toThrow('wrong');
    expect(waits).toEqual([100, 200]);
    await expect(
      g.failures(
        [[shared, 'ip:x']],
        () => true,
        async () => 'signed in',
      ),
    ).resolves.toBe('signed in');
    expect(waits).toEqual([100, 200]);
    // A refusing budget of the same call still refuses once used up.
    for (let i = 0; i < 3; i++)
      await expect(
        g.failures(
          [
            [budget, 'email:a'],
            [shared, 'ip:x'],
          ],
          () => true,
          fail,
        ),
      ).rejects.toThrow('wrong');
    await expect(
      g.failures(
        [
          [budget, 'email:a'],
          [shared, 'ip:x'],
        ],
        () => true,
        async () => 'right',
      ),
    ).rejects.toBeInstanceOf(TooManyTries);
  });

  it('allow spends a try while one is left and says no after, spending nothing', async () => {
    const g = new Guessing(() => 0);
    expect(await g.allow(other, 'k')).toBe(true);
    expect(await g.allow(other, 'k')).toBe(false);
    expect(await g.allow(other, 'j')).toBe(true);
  });
});
