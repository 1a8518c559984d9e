import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type SeatedLine, seatingPlan } from './seating';

const line = (itemId: number, name: string, quantity: number, seats: number): SeatedLine => ({
  itemId,
  name,
  quantity,
  seats,
});

describe('seatingPlan', () => {
  it('seats the single tickets of one line together, in one group named for the ticket', () => {
    expect(seatingPlan([line(1, 'Single Ticket', 3, 1)])).toEqual([{ itemId: 1, name: 'Single Ticket', seats: 3 }]);
  });

  it('gives each unit of a table its own group, numbered when there are several', () => {
    expect(seatingPlan([line(2, 'Table of Eight', 1, 8)])).toEqual([{ itemId: 2, name: 'Table of Eight', seats: 8 }]);
    expect(seatingPlan([line(2, 'Table of Eight', 2, 8)])).toEqual([
      { itemId: 2, name: 'Table of Eight 1', seats: 8 },
      { itemId: 2, name: 'Table of Eight 2', seats: 8 },
    ]);
  });

  it('gives merchandise (no seats) and an empty line no group', () => {
    expect(seatingPlan([line(3, 'Shirt', 2, 0)])).toEqual([]);
    expect(seatingPlan([line(1, 'Single Ticket', 0, 1)])).toEqual([]);
    expect(seatingPlan([])).toEqual([]);
  });

  it('keeps the order of the lines', () => {
    const plan = seatingPlan([
      line(2, 'Table of Eight', 2, 8),
      line(3, 'Shirt', 1, 0),
      line(1, 'Single Ticket', 2, 1),
      line(4, 'Pair', 1, 2),
    ]);
    expect(plan.map((g) => [g.name, g.seats])).toEqual([
      ['Table of Eight 1', 8],
      ['Table of Eight 2', 8],
      ['Single Ticket', 2],
      ['Pair', 2],
    ]);
  });

  const lines = fc.array(
    fc.record({
      itemId: fc.integer({ min: 1, max: 1_000 }),
      name: fc.string({ minLength: 1, maxLength: 20 }),
      quantity: fc.integer({ min: 0, max: 12 }),
      seats: fc.integer({ min: 0, max: 12 }),
    }),
    { maxLength: 8 },
  );

  it('makes Σ quantity × seats seats over the lines, never an empty group', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const plan = seatingPlan(ls);
        expect(plan.reduce((n, g) => n + g.seats, 0)).toBe(ls.reduce((n, l) => n + l.quantity * l.seats, 0));
        for (const g of plan) expect(g.seats).toBeGreaterThan(0);
      }),
    );
  });

  it('makes one group per line of single tickets and one per unit of a table, each of the item’s seats', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const plan = seatingPlan(ls);
        const expected = ls.flatMap((l) => {
          if (l.quantity === 0 || l.seats === 0) return [];
          if (l.seats === 1) return [[l.itemId, l.quantity]];
          return Array.from({ length: l.quantity }, () => [l.itemId, l.seats]);
        });
        expect(plan.map((g) => [g.itemId, g.seats])).toEqual(expected);
      }),
    );
  });
});
