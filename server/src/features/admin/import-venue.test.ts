import { describe, expect, it } from 'vitest';
import type { Problem } from '@gavel/domain';
import { events } from '../../db/schema';
import { dbState } from '../../test/db-state';
import { eventDocument } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { expectImportRefused, importOk as importOkAs } from '../../test/import-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));

const VENUE = {
  name: 'The Grand Ballroom',
  address: 'Riverbend Hotel\n210 River Street\nRiverbend, IL 60601',
  starts: '2026-12-05T19:00:00-06:00',
  ends: '2026-12-05T23:00:00-06:00',
};

/** The event document with this `venue` (none when undefined); raw, so bad values reach the server as typed. */
const doc = (venue?: unknown): unknown => {
  const d = eventDocument(now);
  return venue === undefined ? d : { ...d, event: { ...d.event, venue } };
};

const importOk = (payload: unknown) => importOkAs(t, payload);
const venueOf = async () => {
  const [row] = await t.ctx.db
    .select({
      name: events.venuename,
      address: events.venueaddress,
      starts: events.venuestarts,
      ends: events.venueends,
    })
    .from(events);
  return row;
};
const expectRefused = (payload: unknown, problems: Problem[]) =>
  expectImportRefused(t, payload, problems, () => dbState(t.ctx.db));
const NONE = { name: '', address: '', starts: null, ends: null };

describe('the venue (event.venue)', () => {
  it('is none by default', async () => {
    await importOk(doc());
    expect(await venueOf()).toEqual(NONE);
  });

  it('is stored as given, the address trimmed line by line, and the end optional', async () => {
    await importOk(
      doc({
        ...VENUE,
        name: '  The Grand Ballroom ',
        address: '  Riverbend Hotel \r\n\r\n\t210 River Street\n  Riverbend, IL 60601  \n',
      }),
    );
    expect(await venueOf()).toEqual({
      name: 'The Grand Ballroom',
      address: 'Riverbend Hotel\n210 River Street\nRiverbend, IL 60601',
      starts: new Date('2026-12-06T01:00:00Z'),
      ends: new Date('2026-12-06T05:00:00Z'),
    });
    await importOk(doc({ name: 'Town Hall', starts: VENUE.starts }));
    expect(await venueOf()).toEqual({
      name: 'Town Hall',
      address: '',
      starts: new Date('2026-12-06T01:00:00Z'),
      ends: null,
    });
  });

  it('is removed by a re-import that leaves it out, as every optional field goes back to its default', async () => {
    await importOk(doc(VENUE));
    expect((await venueOf())?.name).toBe('The Grand Ballroom');
    await importOk(doc());
    expect(await venueOf()).toEqual(NONE);
  });

  it('refuses bad values with their paths, and imports nothing', async () => {
    await importOk(doc(VENUE));
    const cases: Array<[unknown, Problem[]]> = [
      [
        { ...VENUE, ends: '2026-12-05T18:00:00-06:00' },
        [{ path: 'event.venue.ends', message: 'must be after starts' }],
      ],
      [{ ...VENUE, ends: VENUE.starts }, [{ path: 'event.venue.ends', message: 'must be after starts' }]],
      [
        { ...VENUE, starts: '2026-12-05 19:00' },
        [
          {
            path: 'event.venue.starts',
            message: 'must be an ISO-8601 date and time with an offset, like 2026-12-05T19:00:00-06:00',
          },
        ],
      ],
      [{ name: VENUE.name }, [{ path: 'event.venue.starts', message: 'is required' }]],
      [
        { ...VENUE, name: '\u200B ' },
        [{ path: 'event.venue.name', message: 'must have visible text, not only spaces or invisible characters' }],
      ],
      [{ ...VENUE, name: 'x'.repeat(201) }, [{ path: 'event.venue.name', message: 'must be at most 200 characters' }]],
      [
        { ...VENUE, address: 'a\nb\nc\nd\ne\nf\ng' },
        [{ path: 'event.venue.address', message: 'must have at most 6 lines' }],
      ],
      [
        { ...VENUE, address: 'x'.repeat(501) },
        [{ path: 'event.venue.address', message: 'must be at most 500 characters' }],
      ],
      [
        { ...VENUE, address: 'Hall\u0000' },
        [{ path: 'event.venue.address', message: 'must not contain control characters' }],
      ],
      [
        { ...VENUE, address: '\u200B' },
        [{ path: 'event.venue.address', message: 'must have visible text, not only spaces or invisible characters' }],
      ],
      [{ ...VENUE, city: 'Riverbend' }, [{ path: 'event.venue.city', message: 'is not a known field' }]],
    ];
    for (const [venue, problems] of cases) await expectRefused(doc(venue), problems);
    expect((await venueOf())?.name).toBe('The Grand Ballroom');
  });
});
