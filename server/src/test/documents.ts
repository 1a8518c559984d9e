// The server tests' door to the shared kit: one event-document factory for them and the e2e journeys.
export * from '../../../testkit/documents';
import type { EventVenue, ImportDocumentInput } from '@gavel/domain';
import { galaDocument, item, PNG_DATA_URL, SVG_DATA_URL } from '../../../testkit/documents';

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

/**
 * The gala with something of each kind an import stores: inline images (PNG and SVG), photos,
 * tags, organizer HTML, an item of unlimited quantity sold only by Buy It Now, a live-only item.
 */
export const fullGalaDocument = (): ImportDocumentInput =>
  galaDocument({
    event: {
      eventname: 'Spring Gala',
      logourl: PNG_DATA_URL,
      sponsorurl: [PNG_DATA_URL, SVG_DATA_URL, 'https://cdn.example.org/s.png'],
    },
    items: [
      item('101', {
        name: 'Wine Tasting',
        fairmarketvalue: 250.5,
        startingbid: 50,
        minimumbidincrease: 5,
        tags: 'wine, travel ,',
        photos: [PNG_DATA_URL, 'https://cdn.example.org/p.jpg'],
        imageurl: PNG_DATA_URL,
        longdescription: '<p>Six <em>wines</em><script>x()</script></p>',
      }),
      item('102', { name: 'Signed Ball', quantity: 5 }),
      item('A-7', {
        name: 'Raffle Ticket',
        buyitnowonly: true,
        unlimitedquantity: true,
        buyitnowprice: 25,
        maxpurchasequantity: 4,
        startingbid: 0,
      }),
      item('L1', {
        name: 'Live: Cabin Week',
        itemisliveonly: true,
        startingbid: 0,
        closing: '2026-12-05T20:00:00-06:00',
      }),
    ],
  });
