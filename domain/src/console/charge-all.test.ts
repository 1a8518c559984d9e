import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chargeAllForm } from '../api/console-chargeall';
import { chargeButton, chargeDecision, chargeQuestion, resultWords, skipWords } from './charge-all';

describe('who a run charges', () => {
  const owes = { charged: 5000, due: 5000, inProgress: false, hasCard: true };

  it('charges a balance with a card on file, at or above the minimum', () => {
    expect(chargeDecision(owes, 0)).toBe('charge');
    expect(chargeDecision(owes, 5000)).toBe('charge');
  });

  it('skips, in this order: a payment in progress, paid, no card, below the minimum', () => {
    expect(chargeDecision({ ...owes, inProgress: true, hasCard: false }, 9999)).toBe('inprogress');
    expect(chargeDecision({ ...owes, due: 0, hasCard: false }, 9999)).toBe('paid');
    expect(chargeDecision({ ...owes, hasCard: false }, 9999)).toBe('nocard');
    expect(chargeDecision(owes, 5001)).toBe('belowminimum');
  });

  it('does not list a bidder who never owed anything', () => {
    expect(chargeDecision({ charged: 0, due: 0, inProgress: false, hasCard: true }, 0)).toBeNull();
  });

  it('never charges a balance that owes nothing or is being paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -10_000, max: 10_000_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000_000 }),
        (charged, due, inProgress, hasCard, minimum) => {
          const decision = chargeDecision({ charged, due, inProgress, hasCard }, minimum);
          if (decision === 'charge') expect(due > 0 && !inProgress && hasCard && due >= minimum).toBe(true);
        },
      ),
    );
  });
});

describe('the words', () => {
  it('names the count and the total', () => {
    expect(chargeButton(1, 4000)).toBe('Charge 1 card ($40.00)');
    expect(chargeButton(57, 1234500)).toBe('Charge 57 cards ($12,345.00)');
    expect(chargeQuestion(3, 12000)).toMatch(/^Charge 3 cards a total of \$120\.00\?/);
    expect(skipWords('belowminimum', 2500)).toBe('Owes less than the minimum ($25.00)');
    expect(resultWords('declined', 'Your card was declined.')).toBe('Your card was declined.');
    expect(resultWords('paid', '')).toBe('Paid');
  });

  it('reads the minimum as typed, empty as none', () => {
    expect(chargeAllForm.parse({ minimum: '' })).toEqual({ minimum: 0 });
    expect(chargeAllForm.parse({ minimum: '$1,250.50' })).toEqual({ minimum: 125050 });
    expect(chargeAllForm.safeParse({ minimum: 'ten' }).success).toBe(false);
  });
});
