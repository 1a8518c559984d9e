import type { ImportDocumentInput } from '@gavel/domain';

/** A 1x1 transparent PNG, small enough to inline in any test document. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const SVG_SOURCE = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
export const SVG_DATA_URL = `data:image/svg+xml;base64,${Buffer.from(SVG_SOURCE).toString('base64')}`;

/** The four times of an event, as ISO strings. */
export interface EventTimesInput {
  eventopens: string;
  biddingopens: string;
  biddingcloses: string;
  eventcloses: string;
}

/** A December gala in Chicago (UTC-6): doors 17:00, bidding 18:00-21:00, close 23:00. */
export const GALA_TIMES: EventTimesInput = {
  eventopens: '2026-12-05T17:00:00-06:00',
  biddingopens: '2026-12-05T18:00:00-06:00',
  biddingcloses: '2026-12-05T21:00:00-06:00',
  eventcloses: '2026-12-05T23:00:00-06:00',
};

export type ItemInput = NonNullable<ImportDocumentInput['items']>[number];

/** An item that takes bids; overrides replace any field. */
export function item(itemnum: string, overrides: Partial<ItemInput> = {}): ItemInput {
  return { itemnum, name: `Item ${itemnum}`, startingbid: 50, minimumbidincrease: 5, ...overrides };
}

export interface DocumentOptions {
  auctioncode?: string;
  orgname?: string;
  eventcode?: string;
  event?: Partial<ImportDocumentInput['event']>;
  items?: ItemInput[];
}

/** A complete, valid event document with fixed times (the gala) and three items. */
export function eventDocument(options: DocumentOptions = {}): ImportDocumentInput {
  return {
    organization: { auctioncode: options.auctioncode ?? 'acme', name: options.orgname ?? 'Acme Schools Foundation' },
    event: { eventcode: options.eventcode ?? 'gala', eventname: 'Spring Gala', ...GALA_TIMES, ...options.event },
    items: options.items ?? [item('101'), item('102'), item('103')],
  };
}
