import { describe, expect, it } from 'vitest';
import { importDocument } from '@gavel/domain';
import { eventDocument, GALA_TIMES, galaDocument, item, timesAround } from './documents';

// The kit's defaults are what most tests import unchanged: they must stay valid documents.
describe('the test kit documents', () => {
  const now = new Date('2026-12-01T18:00:00Z');

  it('builds a valid event around now with one bid item', () => {
    const doc = eventDocument(now);
    expect(importDocument.safeParse(doc).success).toBe(true);
    expect(doc.event).toMatchObject({
      eventcode: 'gala',
      biddingopens: '2026-12-01T17:00:00.000Z',
      biddingcloses: '2026-12-02T18:00:00.000Z',
    });
    expect(doc.items).toEqual([{ itemnum: '1', name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 }]);
  });

  it('builds the fixed gala, and lets event fields replace the times', () => {
    expect(importDocument.safeParse(galaDocument()).success).toBe(true);
    expect(galaDocument().event).toMatchObject({ eventname: 'Spring Gala', ...GALA_TIMES });
    const later = timesAround(now, { biddingcloses: 48 });
    expect(galaDocument({ event: later, items: [item('7')] })).toMatchObject({
      event: later,
      items: [{ itemnum: '7', name: 'Item 7' }],
    });
  });

  it('gives every document its own items, so a test may change them', () => {
    const first = galaDocument();
    first.items?.pop();
    expect(galaDocument().items).toHaveLength(3);
  });
});
