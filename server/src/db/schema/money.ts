import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, ownedBy, tstz } from './columns';
import { events } from './events';
import { bidders } from './accounts';
import { staff } from './console';

/**
 * Money given back from a balance (server/src/money/refunds.ts): a refund of a payment, in part or
 * whole, or a void of a desk payment taken by mistake. It is a negative payment on the balance
 * while it is under way or done; a failed one counts for nothing. A card refund is recorded pending
 * first, sent to the processor under `refund_key` (random), and settled by its answer exactly once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    /** The balance it is given back from (bidders.id). */
    bidderId: ownedBy('bidder_id', () => bidders.id),
    /** What it gives back from: a desk payment (payments.id) or a phone's card order (orders.id). */
    source: text('source', { enum: ['desk', 'phone'] }).notNull(),
    paymentId: integer('payment_id').notNull(),
    kind: text('kind', { enum: ['refund', 'void'] }).notNull(),
    /** As the payment was made: a card back through the processor, cash or a check handed back. */
    method: text('method', { enum: ['card', 'cash', 'check'] }).notNull(),
    amount: cents('amount').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'refunded', 'failed'] }).notNull(),
    /**
     * What asked for it (`desk_<bidder>_<Idempotency-Key>`), so that asking again finds it rather
     * than giving back twice. Known only to this database.
     */
    requestKey: text('request_key').notNull(),
    /** The key a card refund is sent to the processor under: random, unique across installations and time. */
    refundKey: text('refund_key').notNull(),
    processorRef: text('processor_ref').notNull().default(''),
    failure: text('failure').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    index('refunds_balance').on(t.eventId, t.bidderId),
    index('refunds_payment').on(t.source, t.paymentId),
    uniqueIndex('refunds_request_key').on(t.eventId, t.requestKey),
    uniqueIndex('refunds_refund_key').on(t.refundKey),
  ],
);

/**
 * A disputed line of a balance, held at the desk (money/holds.ts): while `held`, no desk, phone or
 * charge all takes money for it (the ledger shows it apart, not charged); `released` puts it back,
 * `removed` takes it off the bidder for good. One open hold per line.
 */
export const lineHolds = pgTable(
  'line_holds',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    /** An item won (won_items.id) or a pledge (pledges.id). */
    kind: text('kind', { enum: ['item', 'pledge'] }).notNull(),
    lineId: integer('line_id').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['held', 'released', 'removed'] }).notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => staff.id, { onDelete: 'set null' }),
    resolution: text('resolution').notNull().default(''),
  },
  (t) => [index('line_holds_balance').on(t.eventId, t.bidderId), index('line_holds_line').on(t.kind, t.lineId)],
);
