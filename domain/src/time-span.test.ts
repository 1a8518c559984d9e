import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeSpan, timeSpanParts } from './time';

describe('dates as receipts and invitations say them', () => {
  it('says a moment with its weekday, date, clock and zone, in the zone given', () => {
    expect(formatDateTime('2026-12-06T03:17:00Z', 'America/Chicago')).toBe('Saturday, December 5, 2026, 9:17 PM CST');
    expect(formatDateTime(new Date('2026-12-06T03:17:00Z'), 'America/New_York')).toBe(
      'Saturday, December 5, 2026, 10:17 PM EST',
    );
    expect(formatDateTime('2026-07-04T14:00:00Z', 'America/Chicago')).toBe('Saturday, July 4, 2026, 9:00 AM CDT');
  });

  it('says an evening as one day with two clocks', () => {
    expect(formatTimeSpan('2026-12-05T19:00:00-06:00', '2026-12-05T23:00:00-06:00', 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 7:00 PM – 11:00 PM CST',
    );
  });

  it('gives the end its own date when it falls on the next day', () => {
    expect(formatTimeSpan('2026-12-05T19:00:00-06:00', '2026-12-06T01:00:00-06:00', 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 7:00 PM – Sunday, December 6, 2026, 1:00 AM CST',
    );
  });

  it('ends an evening at midnight on the same day, and a longer one on its own day', () => {
    expect(formatTimeSpan('2026-12-05T20:00:00-06:00', '2026-12-06T00:00:00-06:00', 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 8:00 PM – 12:00 AM CST',
    );
    expect(formatTimeSpan('2026-12-05T20:00:00-06:00', '2026-12-07T00:00:00-06:00', 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 8:00 PM – Monday, December 7, 2026, 12:00 AM CST',
    );
  });

  it('says only the start when there is no end', () => {
    expect(formatTimeSpan('2026-12-05T19:00:00-06:00', null, 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 7:00 PM CST',
    );
    expect(formatTimeSpan('2026-12-05T19:00:00-06:00', '', 'America/Chicago')).toBe(
      'Saturday, December 5, 2026, 7:00 PM CST',
    );
  });

  it("reads the day in the event's zone, not the machine's", () => {
    // 7 PM in Chicago is already the next morning in Tokyo.
    expect(formatTimeSpan('2026-12-05T19:00:00-06:00', '2026-12-05T23:00:00-06:00', 'Asia/Tokyo')).toBe(
      'Sunday, December 6, 2026, 10:00 AM – 2:00 PM GMT+9',
    );
  });

  it('names both zones when the clocks change during the event', () => {
    // US daylight time ends at 2 AM on November 1, 2026.
    expect(formatTimeSpan('2026-11-01T05:30:00Z', '2026-11-01T08:00:00Z', 'America/Chicago')).toBe(
      'Sunday, November 1, 2026, 12:30 AM CDT – 2:00 AM CST',
    );
  });

  it('splits a span into its date and its times, for a page that shows them on two lines', () => {
    expect(timeSpanParts('2026-12-05T19:00:00-06:00', '2026-12-05T23:00:00-06:00', 'America/Chicago')).toEqual({
      date: 'Saturday, December 5, 2026',
      time: '7:00 PM – 11:00 PM CST',
    });
    expect(timeSpanParts('2026-12-05T19:00:00-06:00', '2026-12-06T01:00:00-06:00', 'America/Chicago')).toEqual({
      date: 'Saturday, December 5, 2026',
      time: '7:00 PM – Sunday, December 6, 2026, 1:00 AM CST',
    });
    expect(timeSpanParts('2026-12-05T19:00:00-06:00', undefined, 'America/Chicago')).toEqual({
      date: 'Saturday, December 5, 2026',
      time: '7:00 PM CST',
    });
  });
});
