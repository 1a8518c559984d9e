import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartHold,
  HOLD_WARNING_MS,
  holdLeftText,
  holdMessages,
  holdWarning,
  keptHoldEnd,
  MIN_RENEWAL_GAIN_MS,
} from './hold';
import { holdLifetimeEnd } from './rules';

const T0 = Date.parse('2026-05-02T19:00:00Z');
const at = (ms: number) => new Date(T0 + ms);
const MIN = 60_000;

/** A cart with `units`, its hold ending at T0 + `ends` and renewable up to T0 + `max`, seen at T0 + `now`. */
const hold = (over: { units?: number; settled?: boolean; ends?: number | null; max?: number | null; now: number }) =>
  cartHold({
    units: over.units ?? 1,
    settled: over.settled ?? false,
    expires: over.ends === null ? null : at(over.ends ?? 15 * MIN),
    maxexpires: over.max === null ? null : at(over.max ?? 30 * MIN),
    now: at(over.now),
  });

describe('cartHold', () => {
  it('counts nothing down for an empty cart or a bought one, whatever the hold says', () => {
    expect(hold({ units: 0, now: 14 * MIN })).toEqual({ kind: 'none' });
    expect(hold({ units: 0, now: 20 * MIN })).toEqual({ kind: 'none' });
    expect(hold({ units: 0, ends: null, now: 0 })).toEqual({ kind: 'none' });
    expect(hold({ settled: true, now: 14 * MIN })).toEqual({ kind: 'none' });
    expect(hold({ settled: true, ends: null, now: 20 * MIN })).toEqual({ kind: 'none' });
  });

  it('counts down without a warning until two minutes are left', () => {
    expect(hold({ now: 0 })).toEqual({ kind: 'holding', left: 15 * MIN });
    expect(hold({ now: 13 * MIN - 1 })).toEqual({ kind: 'holding', left: HOLD_WARNING_MS + 1 });
  });

  it('warns with one tap to keep the cart from two minutes left, while the lifetime allows', () => {
    expect(hold({ now: 13 * MIN })).toEqual({ kind: 'renewable', left: HOLD_WARNING_MS, latest: at(30 * MIN) });
    expect(hold({ now: 15 * MIN - 1 })).toEqual({ kind: 'renewable', left: 1, latest: at(30 * MIN) });
  });

  it('says plainly when the cart will be let go once a renewal cannot help', () => {
    // The hold already runs to the lifetime's end.
    expect(hold({ ends: 30 * MIN, max: 30 * MIN, now: 29 * MIN })).toEqual({
      kind: 'final',
      left: MIN,
      endsAt: at(30 * MIN),
    });
    // A renewal would add less than MIN_RENEWAL_GAIN_MS.
    expect(hold({ ends: 30 * MIN, max: 30 * MIN + MIN_RENEWAL_GAIN_MS - 1, now: 29 * MIN }).kind).toBe('final');
    expect(hold({ ends: 30 * MIN, max: 30 * MIN + MIN_RENEWAL_GAIN_MS, now: 29 * MIN }).kind).toBe('renewable');
    // No latest known: nothing to offer.
    expect(hold({ max: null, now: 14 * MIN })).toEqual({ kind: 'final', left: MIN, endsAt: at(15 * MIN) });
  });

  it('has let the cart go once the hold has ended, or its token is gone', () => {
    expect(hold({ now: 15 * MIN })).toEqual({ kind: 'letgo' });
    expect(hold({ now: 16 * MIN })).toEqual({ kind: 'letgo' });
    expect(hold({ ends: null, now: 0 })).toEqual({ kind: 'letgo' });
  });

  it('offers a renewal only inside the warning, and only one that ends later by at least the minimum gain', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 * MIN }),
        fc.integer({ min: 0, max: 40 * MIN }),
        fc.integer({ min: 0, max: 40 * MIN }),
        (ends, extra, now) => {
          const state = hold({ ends, max: ends + extra, now });
          const left = ends - now;
          if (left <= 0) expect(state.kind).toBe('letgo');
          else if (left > HOLD_WARNING_MS) expect(state).toEqual({ kind: 'holding', left });
          else expect(state.kind).toBe(extra >= MIN_RENEWAL_GAIN_MS ? 'renewable' : 'final');
        },
      ),
    );
  });
});

describe('holdWarning', () => {
  it('tells the time left and the latest the cart can be kept, or when it is let go', () => {
    const zone = 'America/Chicago';
    expect(holdWarning({ kind: 'renewable', left: 105_000, latest: at(30 * MIN) }, zone)).toEqual({
      title: holdMessages.warnTitle,
      text: 'Your cart will be let go in 1m 45s.',
      note: 'It can be kept until 2:30 PM at the latest.',
    });
    expect(holdWarning({ kind: 'final', left: 40_000, endsAt: at(42 * MIN) }, zone)).toEqual({
      title: holdMessages.finalTitle,
      text: 'Your cart will be let go at 2:42 PM and cannot be extended. Please check out before then.',
      note: '',
    });
    expect(holdWarning({ kind: 'holding', left: 5 * MIN }, zone)).toBeNull();
    expect(holdWarning({ kind: 'letgo' }, zone)).toBeNull();
  });

  it('says the time left in minutes and seconds, rounded up like the countdown', () => {
    expect([
      holdLeftText(120_000),
      holdLeftText(105_000),
      holdLeftText(59_001),
      holdLeftText(9_000),
      holdLeftText(1),
      holdLeftText(-5),
    ]).toEqual(['2m 00s', '1m 45s', '1m 00s', '9s', '1s', '0s']);
  });
});

describe('keptHoldEnd', () => {
  const first = at(0);

  it('renews the hold for holdminutes from now', () => {
    expect(keptHoldEnd(at(13 * MIN), 15, first, at(15 * MIN))).toEqual(at(28 * MIN));
  });

  it('stops at the lifetime, and refuses a renewal that would end no later', () => {
    expect(keptHoldEnd(at(25 * MIN), 15, first, at(28 * MIN))).toEqual(holdLifetimeEnd(first, 15));
    expect(keptHoldEnd(at(29 * MIN), 15, first, at(30 * MIN))).toBeNull();
    // A shorter hold imported since: the lifetime ends before the hold does.
    expect(keptHoldEnd(at(10 * MIN), 5, first, at(15 * MIN))).toBeNull();
  });

  it('never passes the lifetime and never ends earlier than the hold it renews', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 0, max: 500 * MIN }),
        fc.integer({ min: 0, max: 500 * MIN }),
        (minutes, now, current) => {
          const end = keptHoldEnd(at(now), minutes, first, at(current));
          if (end === null) return;
          expect(end.getTime()).toBeGreaterThan(T0 + current);
          expect(end.getTime()).toBeLessThanOrEqual(holdLifetimeEnd(first, minutes).getTime());
        },
      ),
    );
  });
});
