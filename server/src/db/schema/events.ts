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
import type { NotificationColumn, NotificationRow, TotalPart } from '@gavel/domain';
import { TOTAL_PARTS } from '@gavel/domain';
import { bytea, cents, tstz, ownedBy } from './columns';

/** An organization is an auctioncode: the first label of the host name. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  auctioncode: text('auctioncode').notNull().unique(),
  name: text('name').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    eventcode: text('eventcode').notNull(),
    eventname: text('eventname').notNull(),
    timezone: text('timezone').notNull(),
    logourl: text('logourl').notNull().default(''),
    sponsorurl: jsonb('sponsorurl').$type<string[]>().notNull().default([]),
    welcomemessage: text('welcomemessage').notNull().default(''),
    homemessage: text('homemessage').notNull().default(''),
    preeventtext: text('preeventtext').notNull().default(''),
    contactus: text('contactus').notNull().default(''),
    privacypolicy: text('privacypolicy').notNull().default(''),
    organizationphone: text('organizationphone').notNull().default(''),
    organizationemail: text('organizationemail').notNull().default(''),
    eventopens: tstz('eventopens').notNull(),
    eventcloses: tstz('eventcloses').notNull(),
    biddingopens: tstz('biddingopens').notNull(),
    biddingcloses: tstz('biddingcloses').notNull(),
    allowbillme: boolean('allowbillme').notNull().default(false),
    allowpayccfees: boolean('allowpayccfees').notNull().default(true),
    ccfeespercent: numeric('ccfeespercent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    allowanonymousbidding: boolean('allowanonymousbidding').notNull().default(true),
    allowguestentry: boolean('allowguestentry').notNull().default(true),
    addressrequired: boolean('addressrequired').notNull().default(false),
    ziprequired: boolean('ziprequired').notNull().default(true),
    notificationcolumns: jsonb('notificationcolumns').$type<NotificationColumn[]>().notNull().default([]),
    notificationrows: jsonb('notificationrows').$type<NotificationRow[]>().notNull().default([]),
    shownotificationsmenuitem: boolean('shownotificationsmenuitem').notNull().default(true),
    /** Extended bidding: a bid in the last N minutes pushes that item's close to N minutes after it (0 = off). */
    extendedbiddingminutes: integer('extendedbiddingminutes').notNull().default(0),
    /** The latest an extension may push a close to; null = no limit. */
    extendedbiddinglatest: tstz('extendedbiddinglatest'),
    /** Card processor: 0 none, 1 the built-in test gateway (hosted card form), 2 Stripe. */
    paymentprocessorcode: integer('paymentprocessorcode').notNull().default(1),
    /** The processor's publishable key (served to the web) and secret keys (never served). */
    processorpublickey: text('processorpublickey').notNull().default(''),
    processorsecretkey: text('processorsecretkey').notNull().default(''),
    processorwebhooksecret: text('processorwebhooksecret').notNull().default(''),
    processoraccountid: text('processoraccountid').notNull().default(''),
    currency: text('currency').notNull().default('usd'),
    needscardtoregister: boolean('needscardtoregister').notNull().default(false),
    needscardtobid: boolean('needscardtobid').notNull().default(false),
    /** Where and when won items are collected, unless an item says otherwise. */
    pickupinstructions: text('pickupinstructions').notNull().default(''),
    /** The venue display board: whether it shows the total raised, what the total counts, the goal, and a line for the detail view. */
    displayshowtotal: boolean('displayshowtotal').notNull().default(true),
    displaytotalincludes: jsonb('displaytotalincludes')
      .$type<TotalPart[]>()
      .notNull()
      .default([...TOTAL_PARTS]),
    displaygoal: cents('displaygoal').notNull().default(0),
    displaymessage: text('displaymessage').notNull().default(''),
    /** Where and when the event itself happens (the import's optional `venue`); null starts = no venue. */
    venuename: text('venuename').notNull().default(''),
    venueaddress: text('venueaddress').notNull().default(''),
    venuestarts: tstz('venuestarts'),
    venueends: tstz('venueends'),
    /** Tax receipts: the organization's legal name, tax id (EIN), mailing address and the receipt's disclosure text. */
    legalname: text('legalname').notNull().default(''),
    taxid: text('taxid').notNull().default(''),
    receiptaddress: text('receiptaddress').notNull().default(''),
    receiptdisclosure: text('receiptdisclosure').notNull().default(''),
    /** Set when the organizer archives the event: it leaves the console's list of current events; bidders are unaffected. */
    archivedAt: tstz('archived_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('events_org_code').on(t.organizationId, t.eventcode)],
);

export const auctionItems = pgTable(
  'auction_items',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    itemnum: text('itemnum').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    longdescription: text('longdescription').notNull().default(''),
    donatedby: text('donatedby').notNull().default(''),
    fairmarketvalue: cents('fairmarketvalue').notNull().default(0),
    ispriceless: boolean('ispriceless').notNull().default(false),
    imageurl: text('imageurl').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    location: text('location').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    /** Units sold or won so far; available = quantity - sold (unless unlimited). */
    quantitysold: integer('quantitysold').notNull().default(0),
    unlimitedquantity: boolean('unlimitedquantity').notNull().default(false),
    maxpurchasequantity: integer('maxpurchasequantity').notNull().default(0),
    buyitnowonly: boolean('buyitnowonly').notNull().default(false),
    buyitnowavailable: boolean('buyitnowavailable').notNull().default(false),
    buyitnowprice: cents('buyitnowprice').notNull().default(0),
    itemisliveonly: boolean('itemisliveonly').notNull().default(false),
    allowautobid: boolean('allowautobid').notNull().default(true),
    startingbid: cents('startingbid').notNull().default(0),
    minimumbidincrease: cents('minimumbidincrease').notNull().default(100),
    currentbid: cents('currentbid'),
    numberofbids: integer('numberofbids').notNull().default(0),
    /** The bidder leading now; the engine's leader. No foreign key: bidders live in another schema file. */
    leaderBidderId: integer('leader_bidder_id'),
    /** Set once by the closing sweeper (or when Buy It Now sells the last unit). */
    closedAt: tstz('closed_at'),
    /** This item's own close; null means the event's bidding close. */
    closing: tstz('closing'),
    featured: integer('featured').notNull().default(0),
    /** A fund-a-need (paddle raise) item's giving levels in cents, highest first; empty for any other item. */
    paddlelevels: jsonb('paddlelevels').$type<number[]>().notNull().default([]),
    /**
     * How a payment for it is deductible, said explicitly (never guessed from a blank value): 'value'
     * (what was paid minus the fair market value, never below 0), 'full' (nothing of value received),
     * 'none'.
     */
    deductible: text('deductible', { enum: ['value', 'full', 'none'] })
      .notNull()
      .default('value'),
    /** Pickup for this item; empty means the event's. */
    pickupinstructions: text('pickupinstructions').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auction_items_event_itemnum').on(t.eventId, sql`lower(${t.itemnum})`)],
);

export const itemPhotos = pgTable(
  'item_photos',
  {
    id: serial('id').primaryKey(),
    itemId: ownedBy('item_id', () => auctionItems.id),
    position: integer('position').notNull(),
    photourl: text('photourl').notNull(),
  },
  (t) => [index('item_photos_item').on(t.itemId, t.position)],
);

/** Images imported inline (data: URLs), served at /media/{id}. Keyed by content hash. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** The original's size in pixels, read when its copies are made (null before, and for SVG). */
    width: integer('width'),
    height: integer('height'),
    /**
     * When the resized copies (media_variants) were made, or found impossible (an SVG, an image
     * sharp cannot read): null means the images job has not seen this image yet.
     */
    variantsAt: tstz('variants_at'),
  },
  (t) => [index('media_org').on(t.organizationId), index('media_variants_due').on(t.variantsAt)],
);

/**
 * A stored image's resized copies in WebP (issue 31): one per breakpoint width narrower than the
 * original, and a small card thumbnail; made once, off the request path, by the images job.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** The copy's width in pixels (its height keeps the original's proportions). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width] })],
);
