// The server tests' door to the shared kit: one event-document factory for them and the e2e journeys.
export * from '../../../testkit/documents';
import type { EventVenue } from '@gavel/domain';

/** A venue as the import takes it (Chicago time), and as the answers and mails serve it. */
export const GALA_VENUE = {
  name: 'The Grand Ballroom',
  address: 'Riverbend Hotel\n210 River Street',
  starts: '2026-12-05T19:00:00-06:00',
  ends: '2026-12-05T23:00:00-06:00',
};
export const SERVED_GALA_VENUE: EventVenue = {
  name: 'The Grand Ballroom',
  address: 'Riverbend Hotel\n210 River Street',
  starts: '2026-12-06T01:00:00.000Z',
  ends: '2026-12-06T05:00:00.000Z',
  when: 'Saturday, December 5, 2026, 7:00 PM – 11:00 PM CST',
  date: 'Saturday, December 5, 2026',
  time: '7:00 PM – 11:00 PM CST',
};
