import {
  currentPrice,
  FREE_ITEM_TYPE,
  renewedHoldEnd,
  type StoreItem,
  type StoreSetupResponse,
  type StoreTab,
  importStore,
  registersGuests,
  storeMessages,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { storeCarts } from '../../db/schema';
import { AppError } from '../../errors';
import type { CartClaims } from '../../lib/tokens';
import type { EventRow, Tenant } from '../../tenancy';
import { presentVenue } from '../events/presenter';
import { holdTimes } from './hold';
import {
  type CartRow,
  cartOf,
  heldUnits,
  linesOf,
  remainingFor,
  settingsOf,
  type StoreItemRow,
  type StoreOrderRow,
  type StoreSettingsRow,
  storeItemsOf,
} from './queries';

/** How long after its order became final a checked-out cart's token lasts: long enough to assign guests in the same visit. */
export const CHECKED_OUT_TOKEN_MS = 24 * 60 * 60_000;

export type StoreSettings = Omit<StoreSettingsRow, 'eventId'>;

/** An event imported before it had a store gets the store's defaults. */
export async function storeSettingsOf(db: Db | Tx, event: EventRow): Promise<StoreSettings> {
  const row = await settingsOf(db, event.id);
  if (row) return row;
  const d = importStore.parse({});
  const tabs = d.tabs.map((t) => ({ tabname: t.tabname, heading: t.heading, image: '', enabled: t.enabled }));
  const { registration, ...rest } = d;
  return {
    ...rest,
    tabs,
    ccfeespercent: event.ccfeespercent,
    registrationtitle: registration.title,
    allowgrouprename: registration.allowgrouprename,
    editdeadline: null,
  };
}

/** Sales close with the event. */
export const salesClosed = (event: EventRow, now: Date) => now >= event.eventcloses;

/** A cart that can still change: open and within its hold. */
export function assertCartOpen(cart: CartRow, now: Date): void {
  if (cart.state === 'checkedout' || cart.state === 'checkout')
    throw new AppError('conflict', storeMessages.checkedOutLocked);
  if (cart.state === 'expired' || cart.expiresAt <= now) throw new AppError('expired', storeMessages.cartExpired);
}

/** An open cart's token: it lasts until the hold ends (whole seconds, as the hold's end is). */
export function cartToken(ctx: AppContext, tenant: Tenant, cart: CartRow, now: Date): Promise<string> {
  return ctx.tokens.signCart(
    { cartid: cart.id, eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode },
    now,
    cart.expiresAt,
  );
}

/**
 * The token a final order's page goes on to guest registration with ('' once it would already have
 * ended). It ends CHECKED_OUT_TOKEN_MS after the order became final, however often and whenever it
 * is asked for, so answering a checkout again can never lengthen it; after that the receipt's
 * emailed link is the way back to the purchase.
 */
export async function checkedOutToken(
  ctx: AppContext,
  tenant: Tenant,
  order: StoreOrderRow,
  now: Date,
): Promise<string> {
  const ends = new Date((order.settledAt ?? order.createdAt).getTime() + CHECKED_OUT_TOKEN_MS);
  if (ends <= now) return '';
  return ctx.tokens.signCart(
    { cartid: order.cartId, eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode },
    now,
    ends,
  );
}

function itemAnswer(item: StoreItemRow, held: Map<number, number>, inCart: number): StoreItem {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    logourl: item.logourl,
    price: currentPrice(item),
    quantity: item.unlimited ? 0 : item.quantity,
    // What this buyer could have in all: what is left beside other carts, their own included.
    quantityremaining: remainingFor(item, held),
    isquantityunlimited: item.unlimited,
    maxquantitypertransaction: item.maxpertransaction,
    itemtypecode: item.itemtypecode,
    cartquantity: inCart,
  };
}

function sectionsOf(
  items: StoreItemRow[],
  tab: 'Tickets' | 'Merchandise',
  held: Map<number, number>,
  inCart: Map<number, number>,
) {
  const sections: Array<{ sectionheading: string; data: StoreItem[] }> = [];
  for (const item of items.filter((i) => i.tab === tab)) {
    let section = sections.find((s) => s.sectionheading === item.section);
    if (!section) sections.push((section = { sectionheading: item.section, data: [] }));
    section.data.push(itemAnswer(item, held, inCart.get(item.id) ?? 0));
  }
  return sections;
}

/**
 * storesetup1 and storesetup2: the landing page and the tabs, and for storesetup2 (`cart` given)
 * the caller's cart (a new one, made for `address`, when no token was sent). A token whose cart's hold has ended
 * answers expired. Only an open cart's token is signed again (its exp the hold's end, which this
 * call never moves); a cart checked out or being charged gets no token at all, so a token that
 * opens a purchase can never be lengthened here.
 */
export async function storeSetup(
  ctx: AppContext,
  tenant: Tenant,
  withCart?: { claims: CartClaims | null; address: string },
): Promise<StoreSetupResponse> {
  const { event } = tenant;
  const claims = withCart?.claims;
  const now = ctx.clock();
  const settings = await storeSettingsOf(ctx.db, event);
  const closed = salesClosed(event, now);
  let cart: CartRow | undefined;
  if (withCart && claims) {
    cart = await cartOf(ctx.db, event.id, claims.cartid);
    if (cart.state === 'expired' || (cart.state === 'open' && cart.expiresAt <= now))
      throw new AppError('expired', storeMessages.cartExpired);
  } else if (withCart && !closed) {
    const [created] = await ctx.db
      .insert(storeCarts)
      .values({
        eventId: event.id,
        state: 'open',
        expiresAt: renewedHoldEnd(now, settings.holdminutes, null),
        address: withCart.address,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    cart = created;
  }
  const items = await storeItemsOf(ctx.db, event.id);
  const held = await heldUnits(
    ctx.db,
    items.map((i) => i.id),
    cart?.id ?? null,
    now,
  );
  const lines = cart ? await linesOf(ctx.db, cart.id) : [];
  const inCart = new Map(lines.map((l) => [l.itemId, l.quantity]));
  const hascheckedout = cart?.state === 'checkedout' || cart?.state === 'checkout';
  // Registration opens once a purchase with guest seats is checked out.
  const registers = cart?.state === 'checkedout' && registersGuests(lines, settings);
  const tabs: StoreTab[] = settings.tabs.map((t) => ({
    tabname: t.tabname,
    image: t.image,
    heading: t.heading,
    enabled: t.tabname === 'Registration' ? registers : t.enabled,
    sections: t.tabname === 'Tickets' || t.tabname === 'Merchandise' ? sectionsOf(items, t.tabname, held, inCart) : [],
  }));
  const { buttons } = settings;
  return {
    status: closed && !hascheckedout ? 'expired' : 'success',
    message: closed && !hascheckedout ? storeMessages.storeClosed : '',
    storewelcomeeventname: event.eventname,
    storewelcomeheader: settings.header || event.eventname,
    storewelcomeeventlogourl: event.logourl,
    storewelcomebuttonevent: buttons.event.label,
    storewelcomebuttonauction: buttons.auction.label,
    storewelcomebuttondonate: buttons.donate.label,
    storewelcomebuttoneventshow: buttons.event.show,
    storewelcomebuttonauctionshow: buttons.auction.show,
    storewelcomebuttondonateshow: buttons.donate.show,
    storewelcomefooter: settings.footerhtml,
    storewelcomeauctionlink: settings.auctionlink || `/${event.eventcode}`,
    storelandinghtml: settings.landinghtml,
    tabs,
    logourl: event.logourl,
    itemtypecode: FREE_ITEM_TYPE,
    hascheckedout,
    token: cart?.state === 'open' ? await cartToken(ctx, tenant, cart, now) : '',
    ...(cart ? holdTimes(cart, settings.holdminutes) : { expires: '', maxexpires: '' }),
    venue: presentVenue(event),
  };
}
