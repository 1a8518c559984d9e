import { FREE_ITEM_TYPE, type StoreItem, type StoreSetupResponse, type StoreTab, importStore, storeMessages } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { storeCarts } from '../../db/schema';
import { AppError } from '../../errors';
import type { CartClaims } from '../../lib/tokens';
import type { EventRow, Tenant } from '../../tenancy';
import { registersGuests } from './orders';
import { type CartRow, cartOf, heldUnits, linesOf, remainingFor, settingsOf, type StoreItemRow, type StoreSettingsRow, storeItemsOf } from './queries';

/** How long a checked-out cart's token lasts: long enough to assign guests in the same visit. */
export const CHECKED_OUT_TOKEN_MS = 24 * 60 * 60_000;

export type StoreSettings = Omit<StoreSettingsRow, 'eventId'>;

/** An event imported before it had a store gets the store's defaults. */
export async function storeSettingsOf(db: Db | Tx, event: EventRow): Promise<StoreSettings> {
  const row = await settingsOf(db, event.id);
  if (row) return row;
  const d = importStore.parse({});
  const tabs = d.tabs.map((t) => ({ tabname: t.tabname, heading: t.heading, image: '', enabled: t.enabled }));
  const { registration, ...rest } = d;
  return { ...rest, tabs, ccfeespercent: event.ccfeespercent, registrationtitle: registration.title, allowgrouprename: registration.allowgrouprename, editdeadline: null };
}

/** When a hold that starts now ends: on a whole second, so the cart token's exp (whole seconds) is the same instant. */
export function holdEnd(now: Date, minutes: number): Date {
  return new Date(Math.floor((now.getTime() + minutes * 60_000) / 1000) * 1000);
}

/** Sales close with the event. */
export const salesClosed = (event: EventRow, now: Date) => now >= event.eventcloses;

/** A cart that can still change: open and within its hold. */
export function assertCartOpen(cart: CartRow, now: Date): void {
  if (cart.state === 'checkedout' || cart.state === 'checkout') throw new AppError('conflict', storeMessages.checkedOutLocked);
  if (cart.state === 'expired' || cart.expiresAt <= now) throw new AppError('expired', storeMessages.cartExpired);
}

/** The token of a cart: it lasts until the hold ends, or a day once checked out. */
export function cartToken(ctx: AppContext, tenant: Tenant, cart: CartRow, now: Date): Promise<string> {
  const expires = cart.state === 'checkedout' ? new Date(now.getTime() + CHECKED_OUT_TOKEN_MS) : cart.expiresAt;
  return ctx.tokens.signCart({ cartid: cart.id, eventcode: tenant.event.eventcode, auctioncode: tenant.organization.auctioncode }, now, expires);
}

function itemAnswer(item: StoreItemRow, held: Map<number, number>, inCart: number): StoreItem {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    logourl: item.logourl,
    price: item.itemtypecode === FREE_ITEM_TYPE ? 0 : item.price,
    quantity: item.unlimited ? 0 : item.quantity,
    // What this buyer could have in all: what is left beside other carts, their own included.
    quantityremaining: remainingFor(item, held),
    isquantityunlimited: item.unlimited,
    maxquantitypertransaction: item.maxpertransaction,
    itemtypecode: item.itemtypecode,
    cartquantity: inCart,
  };
}

function sectionsOf(items: StoreItemRow[], tab: 'Tickets' | 'Merchandise', held: Map<number, number>, inCart: Map<number, number>) {
  const sections: Array<{ sectionheading: string; data: StoreItem[] }> = [];
  for (const item of items.filter((i) => i.tab === tab)) {
    let section = sections.find((s) => s.sectionheading === item.section);
    if (!section) sections.push((section = { sectionheading: item.section, data: [] }));
    section.data.push(itemAnswer(item, held, inCart.get(item.id) ?? 0));
  }
  return sections;
}

/**
 * storesetup1 and storesetup2: the landing page and the tabs, and for storesetup2 the caller's cart
 * (a new one when no token was sent). A token whose cart's hold has ended answers expired.
 */
export async function storeSetup(ctx: AppContext, tenant: Tenant, claims: CartClaims | null, withCart: boolean): Promise<StoreSetupResponse> {
  const { event } = tenant;
  const now = ctx.clock();
  const settings = await storeSettingsOf(ctx.db, event);
  const closed = salesClosed(event, now);
  let cart: CartRow | undefined;
  if (withCart && claims) {
    cart = await cartOf(ctx.db, event.id, claims.cartid);
    if (cart.state === 'expired' || (cart.state === 'open' && cart.expiresAt <= now)) throw new AppError('expired', storeMessages.cartExpired);
  } else if (withCart && !closed) {
    const [created] = await ctx.db
      .insert(storeCarts)
      .values({ eventId: event.id, state: 'open', expiresAt: holdEnd(now, settings.holdminutes), createdAt: now, updatedAt: now })
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
    token: cart ? await cartToken(ctx, tenant, cart, now) : '',
    expires: cart && cart.state === 'open' ? cart.expiresAt.toISOString() : '',
  };
}
