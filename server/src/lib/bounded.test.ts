import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Bounded } from './bounded';

describe('a bounded cache', () => {
  it('drops the least recently used entry first, and replaces a key rather than counting it twice', () => {
    const cache = new Bounded<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    cache.set('c', 4);
    expect(cache.count).toBe(2);
    expect(cache.get('c')).toBe(4);
  });

  it('never holds more than its limit of weight, whatever is put in', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 12 }))), (puts) => {
        const cache = new Bounded<number, number>(10, (w) => w);
        for (const [key, weight] of puts) {
          cache.set(key, weight);
          expect(cache.weight).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});
