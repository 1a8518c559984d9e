import { describe, expect, it } from 'vitest';
import { keepSameEvent, serverSkew } from './event';

const answer = (servertime: string, receivedAt: number, eventname = 'Spring Gala') => ({
  eventname,
  eventflag: 'biddingopen',
  servertime,
  receivedAt,
});
const at = Date.parse('2026-12-05T19:00:00.000Z');

describe('the event fetched again', () => {
  it('stays the same object when only its time changed and the clock error is the same within a second', () => {
    const first = answer('2026-12-05T19:00:00.000Z', at - 2_000);
    // Sent 90 seconds later, received 90.4 seconds later: the phone is still about 2 seconds behind.
    const again = answer('2026-12-05T19:01:30.000Z', at + 88_400);
    expect(keepSameEvent(first, again)).toBe(first);
    expect(serverSkew(first)).toBe(2_000);
  });

  it('is the new answer when the event changed, or the clock error moved by a second or more', () => {
    const first = answer('2026-12-05T19:00:00.000Z', at);
    const renamed = answer('2026-12-05T19:01:00.000Z', at + 60_000, 'Autumn Gala');
    expect(keepSameEvent(first, renamed)).toEqual(renamed);
    const drifted = answer('2026-12-05T19:01:00.000Z', at + 58_500);
    const kept = keepSameEvent(first, drifted);
    expect(kept).toEqual(drifted);
    expect(serverSkew(drifted)).toBe(1_500);
  });

  it('is the new answer when there was none before', () => {
    const first = answer('2026-12-05T19:00:00.000Z', at);
    expect(keepSameEvent(undefined, first)).toBe(first);
  });
});
