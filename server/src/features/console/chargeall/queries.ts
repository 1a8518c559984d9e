import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  accounts,
  authLinks,
  bidders,
  chargeRunBidders,
  chargeRuns,
  paymentMethods,
  payments,
  staff,
} from '../../../db/schema';
import { processorCodeOf } from '../../../payments/processor';
import type { EventRow } from '../../../tenancy';

/** A bidder as charge all shows them: who, how to reach them, and whether they have a card for the event's processor. */
export interface ChargeBidderRow {
  /** bidders.id (the ledger's and the run's). */
  bidderId: number;
  /** The account id: the API's `bidderid`. */
  accountId: number;
  number: number;
  firstname: string;
  lastname: string;
  email: string;
  cellphone: string;
  hasCard: boolean;
}

/** The event's bidders (all, or those of `bidderIds`: bidders.id), by number. */
export async function chargeBidders(db: Db | Tx, event: EventRow, bidderIds?: number[]): Promise<ChargeBidderRow[]> {
  const rows = await db
    .select({
      bidderId: bidders.id,
      accountId: bidders.accountId,
      number: bidders.bidderdisplaynumber,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
      cellphone: accounts.cellphone,
      cardCode: paymentMethods.processorcode,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(paymentMethods, eq(paymentMethods.bidderId, bidders.id))
    .where(
      and(
        eq(bidders.eventId, event.id),
        bidderIds === undefined ? undefined : inArray(bidders.id, bidderIds.length > 0 ? bidderIds : [-1]),
      ),
    )
    .orderBy(asc(bidders.bidderdisplaynumber));
  // A card of another processor than the event's cannot be charged here (features/payments/cards.ts cardOnFile).
  const code = processorCodeOf(event.paymentprocessorcode);
  return rows.map(({ cardCode, ...r }) => ({ ...r, hasCard: cardCode !== null && cardCode === code }));
}

/** The event's bidders named by account id (the API's bidderid). */
export async function chargeBiddersByAccount(db: Db | Tx, event: EventRow, accountIds: number[]) {
  const rows = await db
    .select({ id: bidders.id })
    .from(bidders)
    .where(and(eq(bidders.eventId, event.id), inArray(bidders.accountId, accountIds.length > 0 ? accountIds : [-1])));
  return chargeBidders(
    db,
    event,
    rows.map((r) => r.id),
  );
}

export type ChargeRunRow = typeof chargeRuns.$inferSelect;
export type ChargeRunBidderRow = typeof chargeRunBidders.$inferSelect;

/** A run with who started it. */
export interface RunWithStaff extends ChargeRunRow {
  startedby: string;
}

const runColumns = {
  run: chargeRuns,
  staffName: staff.name,
  staffEmail: staff.email,
};

const withStaff = ({
  run,
  staffName,
  staffEmail,
}: {
  run: ChargeRunRow;
  staffName: string | null;
  staffEmail: string | null;
}) => ({
  ...run,
  startedby: staffName || staffEmail || 'someone no longer on the staff',
});

/** The event's runs, latest first. */
export async function eventRuns(db: Db | Tx, eventId: number, limit = 20): Promise<RunWithStaff[]> {
  const rows = await db
    .select(runColumns)
    .from(chargeRuns)
    .leftJoin(staff, eq(chargeRuns.staffId, staff.id))
    .where(eq(chargeRuns.eventId, eventId))
    .orderBy(desc(chargeRuns.id))
    .limit(limit);
  return rows.map(withStaff);
}

/** One run of the event. */
export async function eventRun(db: Db | Tx, eventId: number, runId: number): Promise<RunWithStaff | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(chargeRuns)
    .leftJoin(staff, eq(chargeRuns.staffId, staff.id))
    .where(and(eq(chargeRuns.eventId, eventId), eq(chargeRuns.id, runId)))
    .limit(1);
  return row ? withStaff(row) : undefined;
}

/** The run still running for the event, if any. */
export async function runningRun(db: Db | Tx, eventId: number): Promise<RunWithStaff | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(chargeRuns)
    .leftJoin(staff, eq(chargeRuns.staffId, staff.id))
    .where(and(eq(chargeRuns.eventId, eventId), eq(chargeRuns.state, 'running')))
    .orderBy(desc(chargeRuns.id))
    .limit(1);
  return row ? withStaff(row) : undefined;
}

/** A run's bidders with their names and what their payment took (paid payments only). */
export async function runBidders(db: Db | Tx, runIds: number[]) {
  return db
    .select({
      runId: chargeRunBidders.runId,
      bidderId: chargeRunBidders.bidderId,
      state: chargeRunBidders.state,
      due: chargeRunBidders.due,
      message: chargeRunBidders.message,
      updatedAt: chargeRunBidders.updatedAt,
      accountId: bidders.accountId,
      number: bidders.bidderdisplaynumber,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
      cellphone: accounts.cellphone,
      paid: sql<number>`case when ${payments.state} = 'paid' then ${payments.amount} else 0 end`.mapWith(Number),
    })
    .from(chargeRunBidders)
    .innerJoin(bidders, eq(chargeRunBidders.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(payments, eq(chargeRunBidders.paymentId, payments.id))
    .where(inArray(chargeRunBidders.runId, runIds.length > 0 ? runIds : [-1]))
    .orderBy(asc(bidders.bidderdisplaynumber));
}
export type RunBidder = Awaited<ReturnType<typeof runBidders>>[number];

/** When each account was last sent a pay link for the event. */
export async function lastPayLinks(db: Db | Tx, eventId: number, accountIds: number[]): Promise<Map<number, Date>> {
  const rows = await db
    .select({ accountId: authLinks.accountId, at: sql<Date>`max(${authLinks.createdAt})`.mapWith(authLinks.createdAt) })
    .from(authLinks)
    .where(
      and(
        eq(authLinks.kind, 'pay'),
        eq(authLinks.eventId, eventId),
        inArray(authLinks.accountId, accountIds.length > 0 ? accountIds : [-1]),
      ),
    )
    .groupBy(authLinks.accountId);
  return new Map(rows.map((r) => [r.accountId, r.at]));
}
