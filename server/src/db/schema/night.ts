import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, chargeColumns, ownedBy, tstz } from './columns';
import { auctionItems, events } from './events';
import { bidders } from './accounts';
import { staff } from './console';

/**
 * Auction night (the console's desks). A bidder's balance is read from one ledger: its charges are
 * the rows that already say what a bidder owes (won items, live sales, pledges, orders' donations
 * and fees, Bill Me store orders) and its payments are the card orders paid on the phone and the
 * rows below (`payments`, allocated to balances by `payment_allocations`).
 */

/** A bidder checked in at the venue: when and by whom. Undoing a check-in deletes the row (audited). */
export const checkins = pgTable(
  'checkins',
  {
    bidderId: ownedBy('bidder_id', () => bidders.id).primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: tstz('at').notNull(),
  },
  (t) => [index('checkins_event').on(t.eventId)],
);

/**
 * A fund-a-need pledge (paddle raise): a donation on a bidder's balance at a level of the item's.
 * `settledBy` is the desk order that paid it (null while it is owed).
 */
export const pledges = pgTable(
  'pledges',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    itemId: ownedBy('item_id', () => auctionItems.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    amount: cents('amount').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
    settledBy: integer('settled_by'),
  },
  (t) => [index('pledges_bidder').on(t.bidderId, t.eventId), index('pledges_item').on(t.itemId)],
);

/**
 * Money taken for balances: a card charged (on file or new, at the desk or by charge all), cash, or
 * a check. One payment may pay several balances (a couple): `payment_allocations` says how much of
 * it each balance got. State: pending (card charge sent, outcome not yet known), paid, failed.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    /** Who paid (whose card); the balances paid are the allocations'. */
    bidderId: ownedBy('bidder_id', () => bidders.id),
    method: text('method', { enum: ['card', 'cash', 'check'] }).notNull(),
    amount: cents('amount').notNull(),
    /** A check's number, or a note. */
    reference: text('reference').notNull().default(''),
    state: text('state', { enum: ['pending', 'paid', 'failed'] }).notNull(),
    ...chargeColumns(),
    /**
     * What asked for it, so that asking again finds it rather than paying twice: the desk's
     * Idempotency-Key (`desk_<payer>_<key>`) or a charge-all run's bidder (`run<run>_b<bidder>`).
     * Known only to this database; the key sent to the processor (charge_key) is random.
     */
    requestKey: text('request_key'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The charge-all run that made it, if any. */
    runId: integer('run_id'),
    createdAt: tstz('created_at').notNull(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    index('payments_event').on(t.eventId, t.id),
    uniqueIndex('payments_charge_key').on(t.chargeKey),
    uniqueIndex('payments_request_key').on(t.eventId, t.requestKey),
  ],
);

/**
 * How much of a payment went to one bidder's balance. `orderId` is the desk order made when the
 * payment paid that balance in full: the open items, pledges and Bill Me orders tied to it show as
 * paid on the bidder's phone.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: ownedBy('payment_id', () => payments.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    amount: cents('amount').notNull(),
    orderId: integer('order_id'),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.bidderId] }), index('payment_allocations_bidder').on(t.bidderId)],
);

/** One "charge all saved cards" run: started by an owner, worked by a job that resumes after a restart. */
export const chargeRuns = pgTable(
  'charge_runs',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    minimum: cents('minimum').notNull().default(0),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    createdAt: tstz('created_at').notNull(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('charge_runs_event').on(t.eventId, t.id), index('charge_runs_state').on(t.state)],
);

/**
 * A bidder in a run: queued when the run starts, then charged once (the payment under its own key),
 * and its outcome: paid, declined (the processor's words), confirm (needs the bidder's bank), or
 * skipped (paid meanwhile, no card, ...).
 */
export const chargeRunBidders = pgTable(
  'charge_run_bidders',
  {
    runId: ownedBy('run_id', () => chargeRuns.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    state: text('state', {
      enum: ['queued', 'charging', 'paid', 'declined', 'confirm', 'skipped', 'review'],
    }).notNull(),
    due: cents('due').notNull(),
    paymentId: integer('payment_id'),
    message: text('message').notNull().default(''),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.bidderId] }), index('charge_run_bidders_state').on(t.runId, t.state)],
);

/** A bidder's pickup code (on the receipt, as text and QR), made once per bidder and event. */
export const pickupCodes = pgTable(
  'pickup_codes',
  {
    bidderId: ownedBy('bidder_id', () => bidders.id).primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('pickup_codes_event_code').on(t.eventId, t.code)],
);
