import type { ImportDocumentInput, ImportRegistrationInput } from '@gavel/domain';

/**
 * The organizer's event document for tests, shared by the server tests and the end-to-end
 * journeys. Pure data: no clock, no I/O — callers pass the moment the times are built around.
 */

export type EventInput = ImportDocumentInput['event'];
export type ItemInput = NonNullable<ImportDocumentInput['items']>[number];
export type StoreInput = NonNullable<ImportDocumentInput['store']>;
export type StoreItemInput = NonNullable<StoreInput['items']>[number];

/** A 1x1 transparent PNG, small enough to inline in any test document. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const SVG_SOURCE = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
// btoa rather than Buffer: the kit stays plain TypeScript (the source is ASCII).
export const SVG_DATA_URL = `data:image/svg+xml;base64,${btoa(SVG_SOURCE)}`;

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

/** Hours from `now` of each time; the defaults put `now` an hour into bidding. */
export type EventHours = Record<keyof EventTimesInput, number>;
const AROUND_NOW: EventHours = { eventopens: -2, biddingopens: -1, biddingcloses: 24, eventcloses: 48 };

/** `now` moved by some hours, as an ISO string. */
export function hoursFrom(now: Date, hours: number): string {
  return new Date(now.getTime() + hours * 3_600_000).toISOString();
}

/** The event's times relative to `now`; override any offset (in hours). */
export function timesAround(now: Date, hours: Partial<EventHours> = {}): EventTimesInput {
  const h = { ...AROUND_NOW, ...hours };
  return {
    eventopens: hoursFrom(now, h.eventopens),
    biddingopens: hoursFrom(now, h.biddingopens),
    biddingcloses: hoursFrom(now, h.biddingcloses),
    eventcloses: hoursFrom(now, h.eventcloses),
  };
}

/** An item that takes bids; overrides replace any field. */
export function item(itemnum: string, overrides: Partial<ItemInput> = {}): ItemInput {
  return { itemnum, name: `Item ${itemnum}`, startingbid: 50, minimumbidincrease: 5, ...overrides };
}

/** The one item of a document that names none. */
export function weekendGetaway(): ItemInput {
  return item('1', { name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10 });
}

export interface DocumentOverrides {
  auctioncode?: string;
  orgname?: string;
  eventcode?: string;
  eventname?: string;
  /** Any event field; applied last, so it can replace the times too. */
  event?: Partial<EventInput>;
  items?: ItemInput[];
  /** The event store (absent: the store's defaults, with nothing for sale). */
  store?: StoreInput;
}

/**
 * A complete, valid event document. `when` is either the moment the times are built around
 * (bidding opened an hour ago, closes in a day) or the four times themselves.
 */
export function eventDocument(when: Date | EventTimesInput, overrides: DocumentOverrides = {}): ImportDocumentInput {
  const times = when instanceof Date ? timesAround(when) : when;
  return {
    organization: { auctioncode: overrides.auctioncode ?? 'demo', name: overrides.orgname ?? 'Test Foundation' },
    event: {
      eventcode: overrides.eventcode ?? 'gala',
      eventname: overrides.eventname ?? 'Test Gala',
      ...times,
      ...overrides.event,
    },
    items: overrides.items ?? [weekendGetaway()],
    ...(overrides.store ? { store: overrides.store } : {}),
  };
}

/** A ticket of the store's Tickets tab ($100, 50 of them, one seat); overrides replace any field. */
export function storeItem(code: string, overrides: Partial<StoreItemInput> = {}): StoreItemInput {
  return {
    code,
    tab: 'Tickets',
    section: 'Tickets',
    name: `Ticket ${code}`,
    price: 100,
    quantity: 50,
    seats: 1,
    ...overrides,
  };
}

/** The Acme Schools gala at its fixed December times, with three plain items (101-103). */
export function galaDocument(overrides: DocumentOverrides = {}): ImportDocumentInput {
  return eventDocument(GALA_TIMES, {
    ...overrides,
    auctioncode: overrides.auctioncode ?? 'acme',
    orgname: overrides.orgname ?? 'Acme Schools Foundation',
    eventname: overrides.eventname ?? 'Spring Gala',
    items: overrides.items ?? [item('101'), item('102'), item('103')],
  });
}

/** The organizer's guest fields of the gala: one of every control, a text with a short limit, and a read-only one. */
export function galaRegistration(over: Partial<ImportRegistrationInput> = {}): ImportRegistrationInput {
  return {
    title: 'Gala Guest Registration',
    fields: [
      { code: 'meal', label: 'Meal Choice', control: 2, required: true, lookups: ['Chicken', 'Fish', 'Vegetarian'] },
      { code: 'valet', label: 'Valet Parking', control: 1 },
      { code: 'age', label: 'Age', control: 3 },
      { code: 'pledge', label: 'Pledge', control: 4 },
      { code: 'notes', label: 'Notes', control: 5, textlength: 20 },
      { code: 'table', label: 'Table Number', control: 5, readonly: true, textlength: 10 },
    ],
    ...over,
  };
}
