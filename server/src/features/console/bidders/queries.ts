import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { INT4_MAX, phoneDigits } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { accounts, bidderNumbersUsed, bidders, paymentMethods } from '../../../db/schema';
import { processorCodeOf } from '../../../payments/processor';
import type { EventRow, Tenant } from '../../../tenancy';

/** What the console shows of a bidder: the registration, its account, and whether a card is on file. */
const bidderColumns = (event: EventRow) => ({
  bidderId: bidders.id,
  accountId: accounts.id,
  bidderdisplaynumber: bidders.bidderdisplaynumber,
  authorizebidder: bidders.authorizebidder,
  firstname: accounts.firstname,
  lastname: accounts.lastname,
  email: accounts.email,
  cellphone: accounts.cellphone,
  emailVerified: accounts.emailVerified,
  hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
  // A card of another processor than the event's does not count (payments/cards.ts cardOnFile).
  cardOnFile: sql<boolean>`exists (select 1 from ${paymentMethods} where ${paymentMethods.bidderId} = ${bidders.id} and ${paymentMethods.processorcode} = ${processorCodeOf(event.paymentprocessorcode)})`,
});

/** Names compared as people read them: capitals and outer spaces aside. */
const folded = (text: string) => text.trim().toLowerCase();

/** `strpos` rather than LIKE: what staff type is matched as it is, `%` and `_` included. */
const contains = (column: SQL, text: string) => sql`strpos(${column}, ${text}) > 0`;

/** A search for part of a name or an email, part of a phone number (its digits), or a bidder number. */
function searchOf(q: string): SQL | undefined {
  const text = q.trim().toLowerCase();
  if (text === '') return undefined;
  const parts: SQL[] = [
    contains(sql`lower(${accounts.firstname} || ' ' || ${accounts.lastname})`, text),
    contains(sql`lower(${accounts.lastname} || ', ' || ${accounts.firstname})`, text),
    contains(sql`lower(${accounts.email})`, text),
  ];
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3) parts.push(contains(sql`regexp_replace(${accounts.cellphone}, '\\D', '', 'g')`, digits));
  const number = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : NaN;
  if (number >= 1 && number <= INT4_MAX) parts.push(eq(bidders.bidderdisplaynumber, number));
  return or(...parts);
}

/** The event's bidders (of the event's own organization) that every condition holds for, by number. */
export function selectBidders(db: Db | Tx, tenant: Tenant, ...conditions: Array<SQL | undefined>) {
  return db
    .select(bidderColumns(tenant.event))
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(
      and(eq(bidders.eventId, tenant.event.id), eq(accounts.organizationId, tenant.organization.id), ...conditions),
    )
    .orderBy(asc(bidders.bidderdisplaynumber));
}

/** The event's bidders by number, those `q` finds. */
export function listBidders(db: Db, tenant: Tenant, q: string) {
  return selectBidders(db, tenant, searchOf(q));
}

export type ConsoleBidderRow = Awaited<ReturnType<typeof listBidders>>[number];

/**
 * One bidder of the event by account id (the `bidderid` of the console's paths); `lock` holds
 * their row until the transaction ends, so a change and its audit entry read what they change.
 */
export async function findBidder(
  db: Db | Tx,
  tenant: Tenant,
  accountId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ConsoleBidderRow | undefined> {
  const query = selectBidders(db, tenant, eq(bidders.accountId, accountId)).limit(1);
  const [row] = lock ? await query.for('update', { of: bidders }) : await query;
  return row;
}

export interface NumberHolder {
  accountId: number;
  firstname: string;
  lastname: string;
  email: string;
  /** Holds it now (else had it before and was given another). */
  current: boolean;
}

/** Who has or had a bidder number in the event, if anyone. Read under lockBidderNumbers. */
export async function numberHolder(tx: Tx, eventId: number, number: number): Promise<NumberHolder | undefined> {
  const person = { firstname: accounts.firstname, lastname: accounts.lastname, email: accounts.email };
  const [now] = await tx
    .select({ accountId: bidders.accountId, ...person })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(and(eq(bidders.eventId, eventId), eq(bidders.bidderdisplaynumber, number)))
    .limit(1);
  if (now) return { ...now, current: true };
  const [before] = await tx
    .select({ accountId: bidderNumbersUsed.accountId, ...person })
    .from(bidderNumbersUsed)
    .innerJoin(accounts, eq(bidderNumbersUsed.accountId, accounts.id))
    .where(and(eq(bidderNumbersUsed.eventId, eventId), eq(bidderNumbersUsed.number, number)))
    .limit(1);
  return before ? { ...before, current: false } : undefined;
}

/**
 * The event's bidders who look like a new one: the same first and last name (capitals and spaces
 * aside) and, when a phone is given, the same phone digits.
 */
export async function lookAlikes(
  tx: Tx,
  tenant: Tenant,
  { firstname, lastname, cellphone }: { firstname: string; lastname: string; cellphone: string },
): Promise<ConsoleBidderRow[]> {
  const digits = phoneDigits(cellphone);
  return selectBidders(
    tx,
    tenant,
    sql`lower(trim(${accounts.firstname})) = ${folded(firstname)}`,
    sql`lower(trim(${accounts.lastname})) = ${folded(lastname)}`,
    digits === '' ? undefined : sql`right(regexp_replace(${accounts.cellphone}, '\\D', '', 'g'), 10) = ${digits}`,
  );
}
