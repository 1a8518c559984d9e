import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EVENT_FLAGS, eventFlag, eventTimeProblems } from './event-state';

const times = {
  eventopens: new Date('2026-12-01T00:00:00Z'),
  biddingopens: new Date('2026-12-02T00:00:00Z'),
  biddingcloses: new Date('2026-12-03T00:00:00Z'),
  eventcloses: new Date('2026-12-04T00:00:00Z'),
};

describe('eventFlag', () => {
  it('walks through every state as the clock moves', () => {
    expect(eventFlag(times, new Date('2026-11-30T23:59:59Z'))).toBe('eventnotopen');
    expect(eventFlag(times, new Date('2026-12-01T00:00:00Z'))).toBe('biddingnotopen');
    expect(eventFlag(times, new Date('2026-12-02T00:00:00Z'))).toBe('biddingopen');
    expect(eventFlag(times, new Date('2026-12-03T00:00:00Z'))).toBe('biddingclosed');
    expect(eventFlag(times, new Date('2026-12-04T00:00:00Z'))).toBe('eventclosed');
  });

  it('never goes backwards as time passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5e9, max: 5e9 }), fc.integer({ min: 0, max: 5e9 }), (offset, step) => {
        const base = times.eventopens.getTime();
        const a = eventFlag(times, new Date(base + offset));
        const b = eventFlag(times, new Date(base + offset + step));
        expect(EVENT_FLAGS.indexOf(b)).toBeGreaterThanOrEqual(EVENT_FLAGS.indexOf(a));
      }),
    );
  });

  it('reports inconsistent times', () => {
    expect(eventTimeProblems(times)).toEqual([]);
    const bad = { ...times, biddingcloses: new Date('2026-12-05T00:00:00Z') };
    expect(eventTimeProblems(bad).map(([f]) => f)).toEqual(['biddingcloses']);
  });
});
