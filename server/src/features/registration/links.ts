import { and, eq } from 'drizzle-orm';
import type { GuestRegistrationResponse, PurchaserRegistrationResponse } from '@gavel/domain';
import { registrationMessages, seatLocked } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { guestSeats, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { hashLinkSecret, newLinkSecret } from '../../lib/tokens';
import { guestLinkMail } from '../../mail/guest-link';
import { enqueueMail } from '../../mail/outbox';
import { tenantOfEvent, type Tenant } from '../../tenancy';
import { presentVenue } from '../events/presenter';
import { claimGuestLinkMail, recipientKey } from './mail-caps';
import { deadlineOf, fieldsAnswer, groupsAnswer, type Loaded, load, lookupsAnswer, nameOf, personIn } from './present';
import type { RegistrationRow, SeatRow } from './queries';

/** A guest's page: `/{eventcode}/event/guestregistration/{secret}`. */
const guestUrl = (origin: string, eventcode: string, secret: string) =>
  `${origin}/${eventcode}/event/guestregistration/${secret}`;
const storeUrl = (eventcode: string) => `/${eventcode}/event`;

/** What became of a seat's guest link: none needed, mailed, or held back by a cap (the seat then has none). */
export type GuestLinkOutcome = 'none' | 'mailed' | 'capped';

/**
 * A seat's guest link, made when its person changes or gets a new email: a fresh secret (any older
 * link of the seat stops working), only its hash kept, and the link mailed to the guest. A person
 * without an email has no link; the purchaser's own seat needs none (their receipt has theirs).
 * Past a daily cap (mail-caps.ts) no link is made: the seat keeps none, so no secret exists that
 * nobody was sent, and the next save of the seat mails one once the cap allows.
 */
export async function issueGuestLink(
  tx: Tx,
  {
    tenant,
    loaded,
    seat,
    person,
    now,
    origin,
  }: { tenant: Tenant; loaded: Loaded; seat: SeatRow; person: RegistrationRow; now: Date; origin: string },
): Promise<GuestLinkOutcome> {
  const email = person.email.trim();
  const clear = () => tx.update(guestSeats).set({ linkHash: '', updatedAt: now }).where(eq(guestSeats.id, seat.id));
  if (!email || recipientKey(email) === recipientKey(loaded.order.email)) {
    await clear();
    return 'none';
  }
  if (
    !(await claimGuestLinkMail(tx, {
      orderId: loaded.order.id,
      seats: loaded.purchase.seats.length,
      recipient: email,
      now,
    }))
  ) {
    await clear();
    return 'capped';
  }
  const { secret, hash } = newLinkSecret();
  await tx.update(guestSeats).set({ linkHash: hash, updatedAt: now }).where(eq(guestSeats.id, seat.id));
  const group = loaded.purchase.groups.find((g) => g.id === seat.groupId);
  await enqueueMail(
    tx,
    { organizationId: tenant.organization.id, eventId: tenant.event.id, to: email },
    guestLinkMail(
      { eventname: tenant.event.eventname, organizationname: tenant.organization.name },
      {
        guestname: nameOf(person, loaded.purchaserName),
        purchaser: loaded.purchaserName,
        groupname: group?.name ?? '',
        title: loaded.settings.registrationtitle,
      },
      guestUrl(origin, tenant.event.eventcode, secret),
      presentVenue(tenant.event),
    ),
  );
  return 'mailed';
}

/** The event a link belongs to, refused unless it is of the host's organization and the page's event. */
async function tenantOfLink(
  ctx: AppContext,
  eventId: number,
  auctioncode: string,
  eventcode: string | undefined,
): Promise<Tenant> {
  const tenant = await tenantOfEvent(ctx.db, eventId);
  if (
    !tenant ||
    tenant.organization.auctioncode !== auctioncode ||
    (eventcode !== undefined && tenant.event.eventcode !== eventcode)
  )
    throw new AppError('not_found', registrationMessages.linkInvalid);
  return tenant;
}

/** GET purchaserregistration/{id}: the purchaser's emailed link, for their groups and a token for their purchase. */
export async function purchaserRegistration(
  ctx: AppContext,
  auctioncode: string,
  secret: string,
  eventcode: string | undefined,
): Promise<PurchaserRegistrationResponse> {
  const [order] = await ctx.db
    .select({ id: storeOrders.id, eventId: storeOrders.eventId })
    .from(storeOrders)
    .where(eq(storeOrders.purchaserLinkHash, hashLinkSecret(secret)))
    .limit(1);
  if (!order) throw new AppError('not_found', registrationMessages.linkInvalid);
  const tenant = await tenantOfLink(ctx, order.eventId, auctioncode, eventcode);
  const now = ctx.clock();
  const scope = { tenant, orderId: order.id, seatId: null, personId: null };
  const loaded = await load(ctx.db, scope);
  return {
    status: 'success',
    token: await ctx.tokens.signRegistration(
      { orderid: order.id, seatid: null, personid: null, eventcode: tenant.event.eventcode, auctioncode },
      now,
    ),
    groups: groupsAnswer(loaded, scope, now),
    purchasertitle: loaded.settings.registrationtitle,
    purchasername: loaded.purchaserName,
    storeurl: storeUrl(tenant.event.eventcode),
    editdeadline: deadlineOf(loaded),
  };
}

/** GET guestregistration/{id}: a guest's emailed link, for their registration and a token for their seat alone. */
export async function guestRegistration(
  ctx: AppContext,
  auctioncode: string,
  secret: string,
  eventcode: string | undefined,
): Promise<GuestRegistrationResponse> {
  const hash = hashLinkSecret(secret);
  const [seat] = await ctx.db
    .select()
    .from(guestSeats)
    .where(and(eq(guestSeats.linkHash, hash)))
    .limit(1);
  if (!seat) throw new AppError('not_found', registrationMessages.linkInvalid);
  const tenant = await tenantOfLink(ctx, seat.eventId, auctioncode, eventcode);
  const now = ctx.clock();
  const scope = { tenant, orderId: seat.orderId, seatId: seat.id, personId: seat.registrationId };
  const loaded = await load(ctx.db, scope);
  const person = personIn(loaded, seat.registrationId);
  if (!person) throw new AppError('not_found', registrationMessages.linkInvalid);
  const group = loaded.purchase.groups.find((g) => g.id === seat.groupId);
  return {
    status: 'success',
    token: await ctx.tokens.signRegistration(
      {
        orderid: seat.orderId,
        seatid: seat.id,
        personid: seat.registrationId,
        eventcode: tenant.event.eventcode,
        auctioncode,
      },
      now,
    ),
    guestid: seat.id,
    guestislocked: seatLocked(seat, loaded.settings.editdeadline, now),
    registrationtitle: loaded.settings.registrationtitle,
    guestname: nameOf(person, loaded.purchaserName),
    groupname: group?.name ?? '',
    storeurl: storeUrl(tenant.event.eventcode),
    selectedregistrationid: person.id,
    guestfieldslist: fieldsAnswer(loaded, person),
    guestlookuplist: lookupsAnswer(loaded),
    venue: presentVenue(tenant.event),
  };
}
