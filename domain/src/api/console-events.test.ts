import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { importEvent } from '../import/schema';
import { eventSettingsFields } from './console-events';
import { instantFromZonedInput, isoInZone, zonedInputValue } from '../time';

describe('times in the event zone', () => {
  it('writes an instant with the zone offset', () => {
    expect(isoInZone('2026-12-06T01:00:00Z', 'America/Chicago')).toBe('2026-12-05T19:00:00-06:00');
    expect(isoInZone('2026-07-04T17:30:00Z', 'America/New_York')).toBe('2026-07-04T13:30:00-04:00');
    expect(isoInZone('2026-07-04T17:30:00Z', 'Asia/Kolkata')).toBe('2026-07-04T23:00:00+05:30');
    expect(isoInZone('2026-07-04T17:30:00Z', 'UTC')).toBe('2026-07-04T17:30:00+00:00');
  });

  it('reads a datetime-local value in the zone', () => {
    expect(instantFromZonedInput('2026-12-05T19:00', 'America/Chicago')).toBe('2026-12-05T19:00:00-06:00');
    expect(instantFromZonedInput('2026-07-04T13:30', 'America/New_York')).toBe('2026-07-04T13:30:00-04:00');
    expect(zonedInputValue('2026-12-06T01:00:00Z', 'America/Chicago')).toBe('2026-12-05T19:00');
  });

  it('refuses what is not a date and time', () => {
    expect(instantFromZonedInput('', 'America/Chicago')).toBeNull();
    expect(instantFromZonedInput('2026-02-30T10:00', 'America/Chicago')).toBeNull();
    expect(instantFromZonedInput('tomorrow', 'America/Chicago')).toBeNull();
  });

  it('reads a time the spring clock change skips with the offset before it', () => {
    // 2:30 does not exist in Chicago on 8 March 2026; it is 3:30 CDT, the same instant as 2:30 CST.
    const at = instantFromZonedInput('2026-03-08T02:30', 'America/Chicago');
    expect(at && new Date(at).toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('shows what it reads, in any zone, for any minute', () => {
    const zones = ['America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata', 'Pacific/Auckland'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2035, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const instant = new Date(minute * 60_000);
          const shown = zonedInputValue(instant, zone);
          const read = instantFromZonedInput(shown, zone);
          expect(read).not.toBeNull();
          // A wall time repeated by the autumn change reads as one of its two instants; both show alike.
          expect(zonedInputValue(read ?? '', zone)).toBe(shown);
          expect(new Date(isoInZone(instant, zone)).getTime()).toBe(instant.getTime());
        },
      ),
    );
  });
});

describe('the settings fields', () => {
  it('encode what the import parsed (the web client sends them through the schema)', () => {
    const event = importEvent.parse({
      eventcode: 'gala',
      eventname: 'Gala',
      eventopens: '2026-12-05T17:00:00-06:00',
      eventcloses: '2026-12-05T23:00:00-06:00',
      biddingopens: '2026-12-05T18:00:00-06:00',
      biddingcloses: '2026-12-05T21:00:00-06:00',
      venue: { name: 'Hall', address: 'One\n Two ', starts: '2026-12-05T19:00:00-06:00' },
    });
    const sent = z.encode(eventSettingsFields, event);
    expect(sent.venue).toEqual({ name: 'Hall', address: 'One\nTwo', starts: '2026-12-05T19:00:00-06:00' });
    expect(eventSettingsFields.parse(sent)).toEqual(event);
  });
});
