import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoreTabName } from '@gavel/domain';
import { cents, chargeColumns, ownedBy, tstz } from './columns';
import { events } from './events';
import { bidders } from './accounts';
import { staff } from './console';

export interface StoreTabSetting {
  tabname: StoreTabName;
  heading: string;
  image: string;
  enabled: boolean;
}

/** An event's store: landing page, tabs and checkout settings (one row per event, from the import). */
export const storeSettings = pgTable('store_settings', {
  eventId: ownedBy('event_id', () => events.id).primaryKey(),
  header: text('header').notNull().default(''),
  landinghtml: text('landinghtml').notNull().default(''),
  footerhtml: text('footerhtml').notNull().default(''),
  buttons: jsonb('buttons').$type<Record<'event' | 'auction' | 'donate', { label: string; show: boolean }>>().notNull(),
  auctionlink: text('auctionlink').notNull().default(''),
  tabs: jsonb('tabs').$type<StoreTabSetting[]>().notNull(),
  holdminutes: integer('holdminutes').notNull(),
  billme: boolean('billme').notNull().default(false),
  ccfeespercent: numeric('ccfeespercent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  allowpaymentoffees: boolean('allowpaymentoffees').notNull().default(true),
  requiredemail: boolean('requiredemail').notNull().default(true),
  requiredzip: boolean('requiredzip').notNull().default(true),
  /** Guest registration: the pages' title, whether groups may be renamed, and when every guest locks. */
  registrationtitle: text('registrationtitle').notNull().default('Guest Registration'),
  allowgrouprename: boolean('allowgrouprename').notNull().default(true),
  editdeadline: tstz('editdeadline'),
});

/** Something the store sells: a ticket (with its guest seats) or merchandise. */
export const storeItems = pgTable(
  'store_items',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    code: text('code').notNull(),
    tab: text('tab', { enum: ['Tickets', 'Merchandise'] }).notNull(),
    section: text('section').notNull().default(''),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logourl: text('logourl').notNull().default(''),
    price: cents('price').notNull(),
    quantity: integer('quantity').notNull(),
    unlimited: boolean('unlimited').notNull().default(false),
    maxpertransaction: integer('maxpertransaction').notNull().default(0),
    itemtypecode: integer('itemtypecode').notNull().default(1),
    seats: integer('seats').notNull().default(0),
    /** The fair market value of one unit (a ticket's dinner), and how a purchase is deductible (as auction items). */
    fairmarketvalue: cents('fairmarketvalue').notNull().default(0),
    deductible: text('deductible', { enum: ['value', 'full', 'none'] })
      .notNull()
      .default('value'),
    /** Units in orders: paid, free, and Bill Me not yet paid. Held units are counted from live carts. */
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    uniqueIndex('store_items_event_code').on(t.eventId, sql`lower(${t.code})`),
    index('store_items_event').on(t.eventId, t.position),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Basis points for a percent, cents for an amount. */
    value: integer('value').notNull(),
    validfrom: tstz('validfrom'),
    validuntil: tstz('validuntil'),
    maxuses: integer('maxuses'),
    itemIds: jsonb('item_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('promo_codes_event_code').on(t.eventId, sql`lower(${t.code})`)],
);

/**
 * A visitor's cart, known by its cart token. open: holding its units until expires_at; checkout: a
 * card charge is under way (units held, no expiry); checkedout: sold; expired: released by the job.
 */
export const storeCarts = pgTable(
  'store_carts',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    state: text('state', { enum: ['open', 'checkout', 'checkedout', 'expired'] }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /** When the cart first held an item: its hold can be renewed, but never past an absolute lifetime from here. */
    firstItemAt: tstz('first_item_at'),
    /** The address that started the cart: live carts per address are capped. */
    address: text('address').notNull().default(''),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('store_carts_live').on(t.state, t.expiresAt),
    index('store_carts_promo').on(t.promoCodeId),
    index('store_carts_address').on(t.address, t.state),
  ],
);

/** One item in a cart, at the price it had when it was added (held until the cart expires). */
export const storeCartLines = pgTable(
  'store_cart_lines',
  {
    cartId: ownedBy('cart_id', () => storeCarts.id),
    itemId: ownedBy('item_id', () => storeItems.id),
    quantity: integer('quantity').notNull(),
    price: cents('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.itemId] }), index('store_cart_lines_item').on(t.itemId)],
);

/**
 * A checked-out cart. State: pending (card charge sent, outcome not yet known), paid (card or
 * free), unpaid (Bill Me), failed (declined; the cart went back to open), refunded.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    cartId: ownedBy('cart_id', () => storeCarts.id),
    method: text('method', { enum: ['CREDIT', 'BILLME', 'FREE'] }).notNull(),
    state: text('state', { enum: ['pending', 'paid', 'unpaid', 'failed', 'refunded'] }).notNull(),
    first: text('first').notNull(),
    last: text('last').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** The billing address's state (AL, IL, ...). */
    region: text('region').notNull(),
    zip: text('zip').notNull(),
    email: text('email').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promocode: text('promocode').notNull().default(''),
    subtotal: cents('subtotal').notNull(),
    discount: cents('discount').notNull(),
    donation: cents('donation').notNull(),
    fee: cents('fee').notNull(),
    total: cents('total').notNull(),
    ...chargeColumns(),
    /** The purchaser's registration link, hashed (the link itself is only in the receipt). */
    purchaserLinkHash: text('purchaser_link_hash').notNull().default(''),
    createdAt: tstz('created_at').notNull(),
    settledAt: tstz('settled_at'),
    /** A Bill Me order paid on a bidder's balance at the console: the desk order that paid it. */
    settledBy: integer('settled_by'),
    /**
     * The bidder whose balance a Bill Me order is on: set only when that bidder confirmed it through
     * the link mailed to their address (never from the email typed at checkout alone). Without it
     * the order is the purchaser's own invoice, paid at the desk by whoever is there.
     */
    bidderId: integer('bidder_id').references(() => bidders.id, { onDelete: 'set null' }),
    /** The hash of the link that puts the order on that bidder's balance (mailed to the address); '' when none was sent. */
    bidderLinkHash: text('bidder_link_hash').notNull().default(''),
    /**
     * A Bill Me order on nobody's balance paid at the checkout desk (processor_ref says how: 'cash'
     * or 'check', as a desk order's does): the check's number, and the staff member who took it.
     */
    deskReference: text('desk_reference').notNull().default(''),
    deskStaffId: integer('desk_staff_id').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('store_orders_event').on(t.eventId, t.id),
    index('store_orders_cart').on(t.cartId),
    uniqueIndex('store_orders_charge_key').on(t.chargeKey),
    index('store_orders_purchaser_link').on(t.purchaserLinkHash),
    index('store_orders_bidder_link').on(t.bidderLinkHash),
  ],
);
