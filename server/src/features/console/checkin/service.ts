import { and, eq } from 'drizzle-orm';
import {
  bidderWords,
  type CheckinResponse,
  type CheckinsResponse,
  checkinWords,
  formatClock,
  readCheckinSearch,
  storeOrderNumber,
  type WalkupRequest,
  type WalkupResponse,
  CHECKIN_RESULTS_MAX,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { checkins } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import { processorCodeOf } from '../../../payments/processor';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { addBidder } from '../bidders/service';
import { queueDeskLink } from './messages';
import { auditedCheckin, presentCheckin } from './presenter';
import {
  type CheckinRow,
  countersOf,
  emailRows,
  findCheckinRow,
  numberRows,
  recentRows,
  searchRows,
  storeOrderEmail,
} from './queries';

/** "Ann Lee (bidder 101)": how the desk's sentences and the audit log name a bidder. */
export const deskName = (row: { firstname: string; lastname: string; email: string; bidderdisplaynumber: number }) =>
  `${bidderWords.nameOf(row)} (bidder ${row.bidderdisplaynumber})`;

/** One bidder of the event with their check-in and card, or 404. */
export async function checkinRowOrRefuse(
  db: Db | Tx,
  tenant: Tenant,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<CheckinRow> {
  const row = await findCheckinRow(db, tenant, accountId, options);
  if (!row) throw new AppError('not_found', checkinWords.notRegistered);
  return row;
}

/** What a search finds, and a sentence when it read a store order rather than text. */
async function found(db: Db, tenant: Tenant, q: string): Promise<{ rows: CheckinRow[]; message: string }> {
  const search = readCheckinSearch(q);
  if (search.kind === 'all') return { rows: await recentRows(db, tenant), message: '' };
  if (search.kind === 'number') return { rows: await numberRows(db, tenant, search.number), message: '' };
  if (search.kind === 'text') return { rows: await searchRows(db, tenant, search.text), message: '' };
  const order = storeOrderNumber(search.orderid);
  const email = await storeOrderEmail(db, tenant, search.orderid);
  if (email === undefined) return { rows: [], message: checkinWords.noOrder(order) };
  const rows = await emailRows(db, tenant, email);
  return {
    rows,
    message: rows.length > 0 ? checkinWords.orderFound(order, email) : checkinWords.orderNotBidder(order, email),
  };
}

/**
 * GET /console/events/:eventcode/checkins: the counters and the bidders `q` finds (before anything
 * is typed, the latest check-ins), at most CHECKIN_RESULTS_MAX.
 */
export async function checkinDesk(ctx: AppContext, tenant: Tenant, q: string): Promise<CheckinsResponse> {
  const [{ rows, message }, counters] = await Promise.all([found(ctx.db, tenant, q), countersOf(ctx.db, tenant)]);
  const { event } = tenant;
  return {
    status: 'success',
    message,
    counters,
    bidders: rows.slice(0, CHECKIN_RESULTS_MAX).map((row) => presentCheckin(row, event.timezone)),
    more: rows.length > CHECKIN_RESULTS_MAX,
    timezone: event.timezone,
    cards: {
      takescards: ctx.payments.takesCards(event),
      paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
      paymentprocessorinfo: ctx.payments.processorInfo(event),
    },
  };
}

/** Checks a bidder in inside `tx`, audited; answers false (nothing written) when they already were. */
async function checkInWithin(
  tx: Tx,
  caller: StaffEventCaller,
  { row, now, kind, summary }: { row: CheckinRow; now: Date; kind: string; summary: string },
): Promise<boolean> {
  const eventId = caller.tenant.event.id;
  const made = await tx
    .insert(checkins)
    .values({ bidderId: row.bidderId, eventId, staffId: caller.staff.id, at: now })
    .onConflictDoNothing()
    .returning({ bidderId: checkins.bidderId });
  if (made.length === 0) return false;
  const by = caller.staff.name || caller.staff.email;
  await recordAudit(tx, caller, {
    eventId,
    kind,
    summary,
    after: auditedCheckin({ ...row, checkedin: { at: now, by } }),
  });
  return true;
}

/**
 * POST /console/events/:eventcode/checkins: checks a bidder in (the time and who). A bidder
 * already checked in is answered as they are, nothing written: a double tap, or two desks at once.
 */
export async function checkIn(ctx: AppContext, caller: StaffEventCaller, accountId: number): Promise<CheckinResponse> {
  const { tenant } = caller;
  const { row, fresh } = await ctx.db.transaction(async (tx) => {
    const before = await checkinRowOrRefuse(tx, tenant, accountId, { lock: true });
    const fresh =
      !before.checkedin &&
      (await checkInWithin(tx, caller, {
        row: before,
        now: ctx.clock(),
        kind: 'checkin',
        summary: `Checked in ${deskName(before)}`,
      }));
    return { row: await checkinRowOrRefuse(tx, tenant, accountId), fresh };
  });
  if (fresh) publishConsole(ctx, tenant, 'checkin');
  const name = bidderWords.nameOf(row);
  const at = row.checkedin ? formatClock(row.checkedin.at, tenant.event.timezone) : '';
  return {
    status: 'success',
    message:
      fresh || !row.checkedin
        ? `${name} is checked in as bidder ${row.bidderdisplaynumber}.`
        : `${name} was already checked in at ${at} by ${row.checkedin.by}.`,
    bidder: presentCheckin(row, tenant.event.timezone),
  };
}

/** DELETE /console/events/:eventcode/checkins/:bidderid: undoes a check-in, audited with when and by whom it was. */
export async function undoCheckIn(
  ctx: AppContext,
  caller: StaffEventCaller,
  accountId: number,
): Promise<CheckinResponse> {
  const { tenant } = caller;
  const eventId = tenant.event.id;
  const { row, undone } = await ctx.db.transaction(async (tx) => {
    const before = await checkinRowOrRefuse(tx, tenant, accountId, { lock: true });
    const gone = await tx
      .delete(checkins)
      .where(and(eq(checkins.bidderId, before.bidderId), eq(checkins.eventId, eventId)))
      .returning({ bidderId: checkins.bidderId });
    if (gone.length === 0) return { row: before, undone: false };
    const row = { ...before, checkedin: null };
    await recordAudit(tx, caller, {
      eventId,
      kind: 'checkin.undo',
      summary: `Undid the check-in of ${deskName(before)}`,
      before: auditedCheckin(before),
      after: auditedCheckin(row),
    });
    return { row, undone: true };
  });
  if (undone) publishConsole(ctx, tenant, 'checkin');
  const name = bidderWords.nameOf(row);
  return {
    status: 'success',
    message: undone ? `${name} is no longer checked in.` : `${name} is not checked in.`,
    bidder: presentCheckin(row, tenant.event.timezone),
  };
}

const channelsSaid = (channels: Array<'email' | 'text'>) =>
  channels.length === 2 ? 'by email and text' : `by ${channels[0] ?? 'email'}`;

/**
 * POST /console/events/:eventcode/walkups: a guest at the door becomes a bidder (part 1's
 * add-bidder rules and refusals: bidders/service.ts addBidder), with the next free number, checked
 * in, and sent their sign-in link by email and text. Adding commits first (its own transaction,
 * audited as bidder.add); the check-in and the messages follow in a second, audited as
 * checkin.walkup.
 */
export async function walkUp(ctx: AppContext, caller: StaffEventCaller, body: WalkupRequest): Promise<WalkupResponse> {
  const { tenant } = caller;
  const added = await addBidder(ctx, caller, body);
  const { row, channels } = await ctx.db.transaction(async (tx) => {
    const row = await checkinRowOrRefuse(tx, tenant, added.row.accountId, { lock: true });
    const channels = await queueDeskLink(tx, ctx, { tenant, row, kind: 'welcome' });
    await checkInWithin(tx, caller, {
      row,
      now: ctx.clock(),
      kind: 'checkin.walkup',
      summary: `Checked in walk-up ${deskName(row)} and sent a sign-in link ${channelsSaid(channels)}`,
    });
    return { row, channels };
  });
  publishConsole(ctx, tenant, 'checkin');
  return {
    status: 'success',
    message: `${bidderWords.nameOf(row)} is bidder ${row.bidderdisplaynumber}, checked in. A sign-in link was sent ${channelsSaid(channels)}.`,
    bidderid: row.accountId,
    biddernumber: row.bidderdisplaynumber,
  };
}

/** POST /console/events/:eventcode/bidders/:bidderid/card-link: a link to add a card on their own phone, by email and text. */
export async function sendCardLink(ctx: AppContext, caller: StaffEventCaller, accountId: number): Promise<string> {
  const { tenant } = caller;
  return ctx.db.transaction(async (tx) => {
    const row = await checkinRowOrRefuse(tx, tenant, accountId);
    const channels = await queueDeskLink(tx, ctx, { tenant, row, kind: 'card' });
    await recordAudit(tx, caller, {
      eventId: tenant.event.id,
      kind: 'checkin.cardlink',
      summary: `Sent ${deskName(row)} a link to add a card ${channelsSaid(channels)}`,
      after: { bidderid: row.accountId, email: row.email, channels },
    });
    return `A link to add a card was sent to ${bidderWords.nameOf(row)} ${channelsSaid(channels)}.`;
  });
}
