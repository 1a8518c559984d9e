import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOSING_TIME_PARTS,
  formatAge,
  formatClosingTime,
  formatMinutesLeft,
  formatMinutesSeconds,
  formatTimeLeft,
  isValidTimeZone,
  zoneAbbreviation,
} from './time';

describe('time formats', () => {
  it('formats the closing time as MM-DD-YYYY h:mm A in a zone', () => {
    expect(formatClosingTime('2026-12-05T02:30:00Z', 'America/Chicago')).toBe('12-04-2026 8:30 PM');
    expect(formatClosingTime('2026-07-01T15:05:00Z', 'America/Chicago')).toBe('07-01-2026 10:05 AM');
  });

  it('reads a closing time the same whether it was kept or written afresh, in any zone, any second of its minute', () => {
    // Zones with half- and quarter-hour offsets, a half-hour clock change, and one (Monrovia until
    // 1972) whose offset had seconds.
    const zones = [
      'America/Chicago',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/St_Johns',
      'Africa/Monrovia',
    ];
    // The reference: the same parts from a formatter of the test's (one per zone), never kept.
    const references = new Map(
      zones.map((zone) => [zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, ...CLOSING_TIME_PARTS })]),
    );
    const fresh = (ms: number, zone: string) => {
      const parts = references.get(zone)?.formatToParts(new Date(ms)) ?? [];
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('month')}-${part('day')}-${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.integer({ min: 0, max: 59_999 }),
        fc.constantFrom(...zones),
        (ms, within, zone) => {
          const minute = ms - (((ms % 60_000) + 60_000) % 60_000);
          expect(formatClosingTime(new Date(minute + within), zone)).toBe(fresh(minute + within, zone));
          expect(formatClosingTime(new Date(minute + 59_999 - within).toISOString(), zone)).toBe(
            fresh(minute + 59_999 - within, zone),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('names the zone', () => {
    expect(zoneAbbreviation('2026-12-05T02:30:00Z', 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation('2026-07-05T02:30:00Z', 'America/Chicago')).toBe('CDT');
  });

  it('formats time left as Xd Yh or Xh Ym', () => {
    expect(formatTimeLeft(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2d 3h');
    expect(formatTimeLeft(5 * 3_600_000 + 7 * 60_000 + 30_000)).toBe('5h 7m');
    expect(formatTimeLeft(-5)).toBe('0h 0m');
  });

  it('formats ages and the last-hour countdown', () => {
    expect(formatAge(86_400_000 + 2 * 3_600_000 + 3 * 60_000)).toBe('1d 2h 3m ago');
    expect(formatMinutesSeconds(59 * 60_000 + 1_000)).toBe('59:01');
    expect(formatMinutesSeconds(500)).toBe('00:01');
  });

  it('says the minutes left, rounded up, singular for one', () => {
    expect(formatMinutesLeft(3 * 60_000)).toBe('3 minutes');
    expect(formatMinutesLeft(2 * 60_000 + 1)).toBe('3 minutes');
    expect(formatMinutesLeft(60_000)).toBe('1 minute');
    expect(formatMinutesLeft(1_000)).toBe('1 minute');
  });

  it('knows real zones', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
