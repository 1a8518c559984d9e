import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, chargeColumns, ownedBy, tstz } from './columns';
import { events } from './events';
import { bidders } from './accounts';

/**
 * A bidder's card on file in one event, kept by the processor: we hold only its reference, brand,
 * last four and expiry, never the number.
 */
export const paymentMethods = pgTable('payment_methods', {
  bidderId: ownedBy('bidder_id', () => bidders.id).primaryKey(),
  processorcode: integer('processorcode').notNull(),
  /** The processor's reference: the test gateway's card token, or a Stripe PaymentMethod id. */
  ref: text('ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expmonth: integer('expmonth').notNull(),
  expyear: integer('expyear').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The processor's customer for a bidder (Stripe keeps cards under a customer). Kept when a card is removed. */
export const processorCustomers = pgTable('processor_customers', {
  bidderId: ownedBy('bidder_id', () => bidders.id).primaryKey(),
  processorcode: integer('processorcode').notNull(),
  ref: text('ref').notNull(),
});

/**
 * An order: one checkout of won items (the auction now, the store next). Its id is the spec's
 * checkoutid. State: pending (charge sent, outcome not yet known), paid, unpaid (Bill Me), failed
 * (declined after it was recorded; its items went back to the cart), refunded.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    bidderId: ownedBy('bidder_id', () => bidders.id),
    /** card and billme are the phone's checkout; desk is a balance paid in full at the console (its money is in `payments`). */
    method: text('method', { enum: ['card', 'billme', 'desk'] }).notNull(),
    state: text('state', { enum: ['pending', 'paid', 'unpaid', 'failed', 'refunded'] }).notNull(),
    subtotal: cents('subtotal').notNull(),
    donation: cents('donation').notNull(),
    fee: cents('fee').notNull(),
    total: cents('total').notNull(),
    ...chargeColumns(),
    createdAt: tstz('created_at').notNull(),
    settledAt: tstz('settled_at'),
    /** A Bill Me order paid at the console: the desk order that paid it. */
    settledBy: integer('settled_by'),
  },
  (t) => [
    index('orders_bidder').on(t.bidderId, t.eventId),
    index('orders_event').on(t.eventId, t.id),
    uniqueIndex('orders_charge_key').on(t.chargeKey),
  ],
);

/**
 * One-time cryptograms of the test gateway (processor code 1) that have paid or saved a card: a
 * cryptogram is spent once, in every process, like a real processor's token.
 */
export const testCryptograms = pgTable('test_cryptograms', {
  nonce: text('nonce').primaryKey(),
  spentAt: tstz('spent_at').notNull().defaultNow(),
});
