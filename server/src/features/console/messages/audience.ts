import { and, asc, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { canReceiveTexts, e164Of, type MessageAudience, phoneDigits } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import {
  accounts,
  bidders,
  checkins,
  guestSeats,
  registrations,
  storeOrders,
  textOptouts,
  wonItems,
} from '../../../db/schema';
import type { Tenant } from '../../../tenancy';
import { balancesOf } from '../../../money/ledger';

/** A bidder of the event, as a message to them needs them. */
export interface AudienceBidder {
  bidderId: number;
  accountId: number;
  number: number;
  won: boolean;
}

/**
 * One person of an audience. `phone` is the number as they gave it, and only when they agreed to
 * texts with a number a text can reach; otherwise `noText` says why not.
 */
export interface Member {
  name: string;
  firstname: string;
  email: string;
  phone: string;
  noText: 'nophone' | 'notexts' | 'optedout' | null;
  bidder: AudienceBidder | null;
}

/** Contact details of an account, for the texts rule. */
interface Contact {
  cellphone: string;
  allowtexting: boolean;
}

/** Orders that stand: paid, or Bill Me (unpaid). Pending, declined and refunded ones made no buyer. */
const FINAL = ['paid', 'unpaid'] as const;

const nameOf = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/**
 * Whether a text may go to this person: the notices' rule (a cell phone and agreement to texts,
 * domain canReceiveTexts), and never to a number that replied STOP. A store buyer or a guest
 * gives no phone and no consent in the store, so they are texted only when their email is that of
 * an account of the organization that agreed to texts: the same consent a bidder gave.
 */
function textRule(contact: Contact | undefined, optedOut: Set<string>): Pick<Member, 'phone' | 'noText'> {
  if (!contact || phoneDigits(contact.cellphone).length !== 10) return { phone: '', noText: 'nophone' };
  if (!canReceiveTexts(contact)) return { phone: '', noText: 'notexts' };
  const number = e164Of(contact.cellphone);
  if (number && optedOut.has(number)) return { phone: '', noText: 'optedout' };
  return { phone: contact.cellphone, noText: null };
}

async function optOuts(db: Db | Tx, organizationId: number): Promise<Set<string>> {
  const rows = await db
    .select({ phone: textOptouts.phone })
    .from(textOptouts)
    .where(eq(textOptouts.organizationId, organizationId));
  return new Set(rows.map((r) => r.phone));
}

async function bidderMembers(db: Db | Tx, tenant: Tenant, audience: MessageAudience, optedOut: Set<string>) {
  const { event } = tenant;
  const won = exists(
    db
      .select({ one: sql`1` })
      .from(wonItems)
      .where(eq(wonItems.bidderId, bidders.id)),
  );
  const only =
    audience === 'checkedin'
      ? isNotNull(checkins.bidderId)
      : audience === 'notcheckedin'
        ? isNull(checkins.bidderId)
        : audience === 'winners'
          ? won
          : undefined;
  // Unpaid winners: a balance due by the one ledger (desk/ledger.ts), read for every bidder at once.
  const owing =
    audience === 'unpaid'
      ? [...(await balancesOf(db, event)).entries()].filter(([, b]) => b.due > 0).map(([id]) => id)
      : undefined;
  if (owing?.length === 0) return [];
  const rows = await db
    .select({
      bidderId: bidders.id,
      accountId: accounts.id,
      number: bidders.bidderdisplaynumber,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
      cellphone: accounts.cellphone,
      allowtexting: accounts.allowtexting,
      won: sql<boolean>`${won}`,
    })
    .from(bidders)
    .innerJoin(accounts, eq(accounts.id, bidders.accountId))
    .leftJoin(checkins, eq(checkins.bidderId, bidders.id))
    .where(and(eq(bidders.eventId, event.id), only, owing ? inArray(bidders.id, owing) : undefined))
    .orderBy(asc(bidders.bidderdisplaynumber));
  return rows.map((r): Member => ({
    name: nameOf(r.firstname, r.lastname, r.email),
    firstname: r.firstname,
    email: r.email,
    ...textRule(r, optedOut),
    bidder: { bidderId: r.bidderId, accountId: r.accountId, number: r.number, won: Boolean(r.won) },
  }));
}

/** The organization's accounts by email (lower-cased), for the people of the store who have one. */
async function accountsByEmail(db: Db | Tx, organizationId: number, emails: string[]): Promise<Map<string, Contact>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: accounts.email, cellphone: accounts.cellphone, allowtexting: accounts.allowtexting })
    .from(accounts)
    .where(and(eq(accounts.organizationId, organizationId), inArray(sql`lower(${accounts.email})`, emails)));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

/** People of the store (buyers or guests), one per email (the first seen); people without an email each count once. */
async function storePeople(
  db: Db | Tx,
  tenant: Tenant,
  people: Array<{ first: string; last: string; email: string }>,
  optedOut: Set<string>,
): Promise<Member[]> {
  const seen = new Set<string>();
  const unique = people.filter((p) => {
    const key = p.email.trim().toLowerCase();
    if (key === '') return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const contacts = await accountsByEmail(db, tenant.organization.id, [...seen]);
  return unique.map((p) => {
    const email = p.email.trim();
    return {
      name: nameOf(p.first, p.last, email),
      firstname: p.first,
      email,
      ...textRule(contacts.get(email.toLowerCase()), optedOut),
      bidder: null,
    };
  });
}

/** The buyers of the event's store: each final order's billing name and email. */
function buyers(db: Db | Tx, tenant: Tenant) {
  return db
    .select({ first: storeOrders.first, last: storeOrders.last, email: storeOrders.email })
    .from(storeOrders)
    .where(and(eq(storeOrders.eventId, tenant.event.id), inArray(storeOrders.state, FINAL)))
    .orderBy(asc(storeOrders.id));
}

/** The guests of the event: everyone seated on a final order's tickets (the purchaser too), with the email given. */
function guests(db: Db | Tx, tenant: Tenant) {
  return db
    .select({ first: registrations.first, last: registrations.last, email: registrations.email })
    .from(guestSeats)
    .innerJoin(registrations, eq(registrations.id, guestSeats.registrationId))
    .innerJoin(storeOrders, eq(storeOrders.id, guestSeats.orderId))
    .where(and(eq(guestSeats.eventId, tenant.event.id), inArray(storeOrders.state, FINAL)))
    .orderBy(asc(guestSeats.orderId), asc(guestSeats.position));
}

/** The people of an audience now, in a stable order (bidders by number, the store's by order). */
export async function audienceOf(db: Db | Tx, tenant: Tenant, audience: MessageAudience): Promise<Member[]> {
  const optedOut = await optOuts(db, tenant.organization.id);
  if (audience === 'buyers') return storePeople(db, tenant, await buyers(db, tenant), optedOut);
  if (audience === 'guests') return storePeople(db, tenant, await guests(db, tenant), optedOut);
  return bidderMembers(db, tenant, audience, optedOut);
}
