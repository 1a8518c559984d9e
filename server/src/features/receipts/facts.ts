import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  FEE_NOTE,
  isoInZone,
  quidProQuoDue,
  quidProQuoStatement,
  quidProQuoTotals,
  type ReceiptAmounts,
  receiptTotals,
} from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { accounts, bidders, events, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import type { EventRow, Tenant } from '../../tenancy';
import { paidLines, type ReceiptLine } from './lines';

export type { ReceiptLine, ReceiptLineSource } from './lines';

/**
 * The facts of a tax receipt and of a giving statement, for the receipt email and the PDFs
 * (receipt.pdf, statement.pdf): who gives the receipt (the event's tax settings), to whom, the
 * paid lines with what was paid, the value received and the deductible part, the totals, and the
 * statement the US rules ask for when it is due. Amounts are integer cents; the rules are
 * domain/src/console/tax.ts, the lines come from the one ledger (lines.ts).
 */

/** Who gives the receipt: the event's tax settings; a field not set is ''. */
export interface ReceiptOrganization {
  /** The organization's display name. */
  name: string;
  /** Its legal name, tax id (EIN) and mailing address, as the event's settings give them. */
  legalname: string;
  taxid: string;
  address: string;
  /** The event's phone and email, for questions. */
  phone: string;
  email: string;
}

export interface ReceiptEvent {
  id: number;
  eventcode: string;
  eventname: string;
  timezone: string;
}

export interface ReceiptBidder {
  id: number;
  /** The bidder's number in the event the receipt is asked from. */
  number: number;
  firstname: string;
  lastname: string;
  /** First and last name, or the email when the account has no name. */
  name: string;
  email: string;
}

/** The statement the US rules ask for (a payment over $75 made partly for something of value). */
export interface QuidProQuo {
  due: boolean;
  /** The sentence with the good-faith estimate; '' when not due. */
  statement: string;
  /** The lines it speaks of, summed (those bought partly for something of value). */
  totals: ReceiptAmounts;
}

export interface ReceiptFacts {
  organization: ReceiptOrganization;
  event: ReceiptEvent;
  bidder: ReceiptBidder;
  /** The paid lines, oldest first. */
  lines: ReceiptLine[];
  totals: ReceiptAmounts;
  quidProQuo: QuidProQuo;
  /** Why a covered card fee is not deductible, when one is on the receipt; '' otherwise. */
  feeNote: string;
  /** The event's receipt disclosure text (its exemption, 'no goods or services' wording...); '' when not set. */
  disclosure: string;
  issuedAt: Date;
}

/** One event's part of a statement. */
export interface StatementSection {
  event: ReceiptEvent;
  /** The bidder's number in that event; null when they only bought from its store. */
  bidderNumber: number | null;
  lines: ReceiptLine[];
  totals: ReceiptAmounts;
}

export type StatementScope = 'event' | 'year';

export interface StatementFacts extends Omit<ReceiptFacts, 'lines'> {
  scope: StatementScope;
  /** 'Giving statement 2026' or 'Giving statement: Spring Gala 2026'. */
  title: string;
  /** The calendar year, in the asking event's zone, of the event (scope 'event') or of the payments (scope 'year'). */
  year: number;
  /** One section per event with payments, oldest event first; 'event' has at most one. */
  sections: StatementSection[];
}

type Conn = Db | Tx;

/** A tax receipt for what one bidder (bidders.id) of the tenant's event has paid. */
export async function receiptFacts(db: Conn, tenant: Tenant, bidderId: number): Promise<ReceiptFacts> {
  const bidder = await findBidder(db, tenant.event, bidderId);
  const lines = await paidLines(db, tenant.event, { bidderId, email: bidder.email });
  return { ...sharedFacts(tenant, bidder, lines), lines };
}

/**
 * A giving statement of one bidder: 'event' covers what they paid in this event; 'year' covers
 * what their account paid across the organization's events in the calendar year (in this event's
 * zone) of this event's bidding close, a section per event.
 */
export async function statementFacts(
  db: Conn,
  tenant: Tenant,
  bidderId: number,
  scope: StatementScope,
): Promise<StatementFacts> {
  const bidder = await findBidder(db, tenant.event, bidderId);
  const zone = tenant.event.timezone;
  const year = yearIn(tenant.event.biddingcloses, zone);
  const sections =
    scope === 'event'
      ? [await section(db, tenant.event, bidder.id, bidder.number, bidder.email)]
      : await yearSections(db, tenant, bidder, year);
  const kept = sections.filter((s) => s.lines.length > 0);
  const lines = kept.flatMap((s) => s.lines);
  const title = scope === 'year' ? `Giving statement ${year}` : `Giving statement: ${tenant.event.eventname}`;
  return { ...sharedFacts(tenant, bidder, lines), scope, title, year, sections: kept };
}

function sharedFacts(tenant: Tenant, bidder: ReceiptBidder, lines: ReceiptLine[]): Omit<ReceiptFacts, 'lines'> {
  const { organization, event } = tenant;
  return {
    organization: {
      name: organization.name,
      legalname: event.legalname,
      taxid: event.taxid,
      address: event.receiptaddress,
      phone: event.organizationphone,
      email: event.organizationemail,
    },
    event: eventFacts(event),
    bidder,
    totals: receiptTotals(lines),
    quidProQuo: quidProQuoOf(lines),
    feeNote: feeNoteOf(lines),
    disclosure: event.receiptdisclosure,
    issuedAt: new Date(),
  };
}

/** Whether the lines need the quid-pro-quo statement, and its sentence with the good-faith estimate. */
export function quidProQuoOf(lines: readonly ReceiptLine[]): QuidProQuo {
  const totals = quidProQuoTotals(lines);
  const due = quidProQuoDue(lines);
  return { due, statement: due ? quidProQuoStatement(totals) : '', totals };
}

/** Why a covered card fee is not deductible, when one is among the lines; '' otherwise. */
export const feeNoteOf = (lines: readonly ReceiptLine[]): string =>
  lines.some((l) => l.source === 'fee') ? FEE_NOTE : '';

const eventFacts = (e: EventRow): ReceiptEvent => ({
  id: e.id,
  eventcode: e.eventcode,
  eventname: e.eventname,
  timezone: e.timezone,
});

const yearIn = (at: Date, zone: string) => Number(isoInZone(at, zone).slice(0, 4));

async function findBidder(db: Conn, event: EventRow, bidderId: number): Promise<ReceiptBidder & { accountId: number }> {
  const [row] = await db
    .select({
      id: bidders.id,
      number: bidders.bidderdisplaynumber,
      accountId: accounts.id,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(and(eq(bidders.id, bidderId), eq(bidders.eventId, event.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', `There is no bidder ${bidderId} in this event.`);
  const name = `${row.firstname} ${row.lastname}`.trim() || row.email;
  return { ...row, name };
}

async function section(
  db: Conn,
  event: EventRow,
  bidderId: number | null,
  bidderNumber: number | null,
  email: string,
): Promise<StatementSection> {
  const lines = await paidLines(db, event, { bidderId, email });
  return { event: eventFacts(event), bidderNumber, lines, totals: receiptTotals(lines) };
}

/**
 * The year's sections: every event of the organization where the account bid or its email bought
 * from the store, each with the lines paid in that year (in the asking event's zone).
 */
async function yearSections(
  db: Conn,
  tenant: Tenant,
  bidder: ReceiptBidder & { accountId: number },
  year: number,
): Promise<StatementSection[]> {
  const zone = tenant.event.timezone;
  const registrations = await db
    .select({ eventId: bidders.eventId, bidderId: bidders.id, number: bidders.bidderdisplaynumber })
    .from(bidders)
    .where(eq(bidders.accountId, bidder.accountId));
  const bought = await db
    .selectDistinct({ eventId: storeOrders.eventId })
    .from(storeOrders)
    .innerJoin(events, eq(storeOrders.eventId, events.id))
    .where(
      and(eq(events.organizationId, tenant.organization.id), sql`lower(${storeOrders.email}) = lower(${bidder.email})`),
    );
  const ids = [...new Set([...registrations.map((r) => r.eventId), ...bought.map((b) => b.eventId)])];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, tenant.organization.id), inArray(events.id, ids)))
    .orderBy(asc(events.eventopens), asc(events.id));
  const sections: StatementSection[] = [];
  // One event after another: inside a transaction the queries share one connection.
  for (const event of rows) {
    const mine = registrations.find((r) => r.eventId === event.id);
    const all = await section(db, event, mine?.bidderId ?? null, mine?.number ?? null, bidder.email);
    const lines = all.lines.filter((l) => yearIn(l.paidAt, zone) === year);
    sections.push({ ...all, lines, totals: receiptTotals(lines) });
  }
  return sections;
}
