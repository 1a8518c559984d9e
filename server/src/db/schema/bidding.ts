import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { cents, tstz, ownedBy } from './columns';
import { auctionItems, events } from './events';
import { bidders } from './accounts';

/** Every bid shown in an item's history, in the order the engine produced it. */
export const bids = pgTable(
  'bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: ownedBy('item_id', () => auctionItems.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    amount: cents('amount').notNull(),
    isAuto: boolean('is_auto').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('bids_item').on(t.itemId, t.id)],
);

/**
 * Every accepted bid action as received, in the order the item lock let it through: the audit
 * trail from which the engine can replay an item's state.
 */
export const bidActions = pgTable(
  'bid_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: ownedBy('item_id', () => auctionItems.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    kind: text('kind', { enum: ['manual', 'auto'] }).notNull(),
    /** The manual amount, or the automatic maximum. */
    amount: cents('amount').notNull(),
    increment: cents('increment').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('bid_actions_item').on(t.itemId, t.id)],
);

/** Each bidder's standing maximum on an item (the engine's state besides price and leader). */
export const itemMaxima = pgTable(
  'item_maxima',
  {
    itemId: ownedBy('item_id', () => auctionItems.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    max: cents('max').notNull(),
    increment: cents('increment').notNull(),
    isAuto: boolean('is_auto').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.bidderId] }), index('item_maxima_bidder').on(t.bidderId)],
);

/** Won items: a bid that won at close, or a Buy It Now purchase. The id is the spec's historyid. */
export const wonItems = pgTable(
  'won_items',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    itemId: ownedBy('item_id', () => auctionItems.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    /** A bid that won at close, a Buy It Now purchase, or a live sale entered at the console. */
    kind: text('kind', { enum: ['bid', 'buynow', 'live'] }).notNull(),
    /** Price of one unit. */
    amount: cents('amount').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** Set when paid at checkout. */
    checkoutId: integer('checkout_id'),
    /** The staff member who entered a live sale. */
    enteredBy: integer('entered_by'),
    /** Handed over at the pickup desk: when and by whom. */
    collectedAt: tstz('collected_at'),
    collectedBy: integer('collected_by'),
  },
  (t) => [index('won_items_bidder').on(t.bidderId, t.eventId), index('won_items_item').on(t.itemId)],
);

export const watchlist = pgTable(
  'watchlist',
  {
    bidderId: ownedBy('bidder_id', () => bidders.id),
    itemId: ownedBy('item_id', () => auctionItems.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bidderId, t.itemId] })],
);

/**
 * Answers to writes a phone may retry (bids, Buy It Now, checkout), by the caller's
 * Idempotency-Key: a retry gets the first answer and changes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    bidderId: ownedBy('bidder_id', () => bidders.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** A digest of the request's body: the same key with another body is refused, not replayed. */
    requestHash: text('request_hash').notNull().default(''),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bidderId, t.key] })],
);

/**
 * Notices sent, so each is sent once (won, closing soon) or at most every few minutes (outbid),
 * and what was said, for the bidder's notices panel (GET /notices).
 */
export const notices = pgTable(
  'notices',
  {
    bidderId: ownedBy('bidder_id', () => bidders.id),
    itemId: ownedBy('item_id', () => auctionItems.id),
    kind: text('kind', { enum: ['outbid', 'won', 'closingsoon'] }).notNull(),
    sentAt: tstz('sent_at').notNull(),
    /** What the bidder was told last, so the notices panel lists it again after it was dismissed. */
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.bidderId, t.itemId, t.kind] })],
);
