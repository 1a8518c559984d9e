import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownedBy, tstz } from './columns';
import { storeCarts } from './store';

/**
 * Answers to a store cart's checkout by the buyer's Idempotency-Key, as idempotency_keys holds a
 * bidder's: a store buyer has a cart, not a bidder. A retry gets the first answer; the key with
 * another body is refused. They go with their cart.
 */
export const cartIdempotencyKeys = pgTable(
  'cart_idempotency_keys',
  {
    cartId: ownedBy('cart_id', () => storeCarts.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.key] })],
);
