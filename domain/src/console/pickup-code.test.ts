import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickupCode } from '../api/console-pickup';
import { isPickupCode, makePickupCode, normalPickupCode, PICKUP_CODE_ALPHABET } from './pickup-code';

describe('pickup codes', () => {
  it('are six characters of the alphabet, whatever the draws', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(PICKUP_CODE_ALPHABET.length - 1), { minLength: 6, maxLength: 6 }), (draws) => {
        const code = makePickupCode(() => draws.shift() ?? 0);
        expect(isPickupCode(code)).toBe(true);
      }),
    );
  });

  it('leave out the characters people mistake for others', () => {
    for (const c of '01OIL') expect(PICKUP_CODE_ALPHABET).not.toContain(c);
  });

  it('are read as typed: small letters, spaces and dashes forgiven; anything else refused', () => {
    expect(normalPickupCode(' ab3-x7k ')).toBe('AB3X7K');
    expect(pickupCode.parse('ab3 x7k')).toBe('AB3X7K');
    for (const bad of ['AB3X7', 'AB3X7KK', 'AB0X7K', 'https://x.example', ''])
      expect(pickupCode.safeParse(bad).success).toBe(false);
  });
});
