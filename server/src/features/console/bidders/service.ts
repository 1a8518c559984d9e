import { eq, sql } from 'drizzle-orm';
import {
  type AddConsoleBidderRequest,
  bidderWords,
  type ConsoleBiddersResponse,
  phoneDigits,
  type UpdateConsoleBidderRequest,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { accounts, bidders } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import type { Tenant } from '../../../tenancy';
import { sendForgotPassword } from '../../accounts/links-service';
import { authorizeBidder } from '../../accounts/profile-service';
import {
  ensureBidder,
  findAccount,
  lockBidderNumbers,
  nextBidderNumber,
  recordBidderNumber,
} from '../../accounts/service';
import { recordAudit } from '../../../lib/audit';
import { auditedBidder, presentBidder } from './presenter';
import { type ConsoleBidderRow, findBidder, listBidders, lookAlikes, numberHolder } from './queries';

const nameOf = (row: ConsoleBidderRow) => `${bidderWords.nameOf(row)} (bidder ${row.bidderdisplaynumber})`;

/** The event's bidders that `q` finds, and the number a bidder added now would get. */
export async function eventBidders(db: Db, tenant: Tenant, q: string): Promise<ConsoleBiddersResponse> {
  const rows = await listBidders(db, tenant, q);
  return {
    status: 'success',
    message: '',
    bidders: rows.map(presentBidder),
    nextnumber: await nextBidderNumber(db, tenant.event.id),
  };
}

async function bidderOrRefuse(
  tx: Db | Tx,
  tenant: Tenant,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<ConsoleBidderRow> {
  const row = await findBidder(tx, tenant, accountId, options);
  if (!row) throw new AppError('not_found', bidderWords.notFound);
  return row;
}

/**
 * Refuses a number someone else has or had in the event (it is never given to another person);
 * one the person had before may be theirs again. Call under lockBidderNumbers.
 */
async function assertNumberFree(
  tx: Tx,
  { eventId, number, accountId, refusal }: { eventId: number; number: number; accountId?: number; refusal: 400 | 409 },
): Promise<void> {
  const holder = await numberHolder(tx, eventId, number);
  if (!holder || holder.accountId === accountId) return;
  const message = holder.current
    ? bidderWords.numberHeld(number, holder)
    : bidderWords.numberHeldBefore(number, holder);
  if (refusal === 409) throw new AppError('conflict', message);
  throw new AppError('bad_request', message, [{ path: 'bidderdisplaynumber', message }]);
}

/** Gives a bidder another number, recorded as theirs for good. Call under lockBidderNumbers. */
async function giveNumber(tx: Tx, caller: StaffEventCaller, before: ConsoleBidderRow, number: number): Promise<void> {
  const eventId = caller.tenant.event.id;
  await assertNumberFree(tx, { eventId, number, accountId: before.accountId, refusal: 409 });
  await tx.update(bidders).set({ bidderdisplaynumber: number }).where(eq(bidders.id, before.bidderId));
  await recordBidderNumber(tx, { eventId, number, accountId: before.accountId });
  await recordAudit(tx, caller, {
    eventId,
    kind: 'bidder.number',
    summary: `Gave ${bidderWords.nameOf(before)} bidder number ${number} (was ${before.bidderdisplaynumber})`,
    before: { bidderid: before.accountId, bidderdisplaynumber: before.bidderdisplaynumber },
    after: { bidderid: before.accountId, bidderdisplaynumber: number },
  });
}

/** Allows or stops a bidder's bidding: the operator's switch (POST /admin/bidders/authorize), audited. */
async function authorize(tx: Tx, caller: StaffEventCaller, before: ConsoleBidderRow, allowed: boolean): Promise<void> {
  await authorizeBidder(tx, caller.tenant, before.email, allowed);
  await recordAudit(tx, caller, {
    eventId: caller.tenant.event.id,
    kind: 'bidder.authorize',
    summary: allowed ? `Allowed ${nameOf(before)} to bid` : `Stopped bidding for ${nameOf(before)}`,
    before: { bidderid: before.accountId, authorizebidder: before.authorizebidder },
    after: { bidderid: before.accountId, authorizebidder: allowed },
  });
}

/**
 * PUT /console/events/:eventcode/bidders/:bidderid: a new number, bidding allowed or stopped.
 * The bidder's open phones hear of it after the commit (`updateUser` refreshes their profile), and
 * a stopped bidder's next bid is refused anyway (bids/service.ts mayBid).
 */
export async function updateBidder(
  ctx: AppContext,
  caller: StaffEventCaller,
  accountId: number,
  change: UpdateConsoleBidderRequest,
): Promise<{ row: ConsoleBidderRow; message: string }> {
  const { tenant } = caller;
  const { row, said } = await ctx.db.transaction(async (tx) => {
    const number = change.bidderdisplaynumber;
    // The event's lock before the bidder's row, in the order registrations take them.
    if (number !== undefined) await lockBidderNumbers(tx, tenant.event.id);
    const before = await bidderOrRefuse(tx, tenant, accountId, { lock: true });
    const said: string[] = [];
    if (number !== undefined && number !== before.bidderdisplaynumber) {
      await giveNumber(tx, caller, before, number);
      said.push(`${bidderWords.nameOf(before)} is now bidder ${number}.`);
    }
    const allowed = change.authorizebidder;
    if (allowed !== undefined && allowed !== before.authorizebidder) {
      await authorize(tx, caller, before, allowed);
      said.push(
        allowed ? `${bidderWords.nameOf(before)} may bid.` : `${bidderWords.nameOf(before)} may no longer bid.`,
      );
    }
    return { row: await bidderOrRefuse(tx, tenant, accountId), said };
  });
  if (said.length > 0) ctx.live.toBidder(row.bidderId, { type: 'updateUser', ...codesOf(tenant) });
  return { row, message: said.join(' ') || 'Nothing changed.' };
}

/**
 * The account an email already has: refused when it is a bidder here or belongs to a person of
 * another name; one that never got a name takes the name (and phone) the desk typed.
 */
async function existingAccount(tx: Tx, tenant: Tenant, body: AddConsoleBidderRequest) {
  const account = await findAccount(tx, tenant.organization.id, body.email);
  if (!account) return undefined;
  const here = await findBidder(tx, tenant, account.id);
  const refuse = (message: string) => new AppError('bad_request', message, [{ path: 'email', message }]);
  if (here) throw refuse(bidderWords.alreadyBidder(here));
  const fold = (s: string) => s.trim().toLowerCase();
  const named = account.firstname.trim() !== '' || account.lastname.trim() !== '';
  if (named && (fold(account.firstname) !== fold(body.firstname) || fold(account.lastname) !== fold(body.lastname)))
    throw refuse(bidderWords.emailOfAnother(body.email, account));
  if (named) return account;
  await tx
    .update(accounts)
    .set({
      firstname: body.firstname,
      lastname: body.lastname,
      ...(account.cellphone === '' ? { cellphone: phoneDigits(body.cellphone) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, account.id));
  return account;
}

/**
 * POST /console/events/:eventcode/bidders: a bidder added at the desk. A new email makes an
 * account without a password (they sign in by an emailed link); an email that has one registers
 * that account. A number someone has or had, or an email already here, is refused (400, the
 * field's problem); a bidder of the same name (and phone, when given) is a warning (409) unless
 * `confirm`.
 */
export async function addBidder(
  ctx: AppContext,
  caller: StaffEventCaller,
  body: AddConsoleBidderRequest,
): Promise<{ row: ConsoleBidderRow; message: string }> {
  const { tenant } = caller;
  const eventId = tenant.event.id;
  return ctx.db.transaction(async (tx) => {
    await lockBidderNumbers(tx, eventId);
    const existing = await existingAccount(tx, tenant, body);
    const number = body.bidderdisplaynumber;
    if (number !== undefined) await assertNumberFree(tx, { eventId, number, accountId: existing?.id, refusal: 400 });
    if (!existing && !body.confirm) {
      const [alike] = await lookAlikes(tx, tenant, body);
      if (alike)
        throw new AppError('conflict', bidderWords.lookAlike(alike), [{ path: 'confirm', message: 'Add anyway?' }]);
    }
    const account = existing ?? (await newAccount(tx, tenant, body));
    await ensureBidder(tx, tenant, account.id, number);
    const row = await bidderOrRefuse(tx, tenant, account.id);
    await recordAudit(tx, caller, {
      eventId,
      kind: 'bidder.add',
      summary: `Added ${nameOf(row)}${existing ? ', who already had an account' : ''}`,
      after: auditedBidder(row),
    });
    const message = existing
      ? `${row.email} already had an account: ${bidderWords.nameOf(row)} is now bidder ${row.bidderdisplaynumber}.`
      : `${bidderWords.nameOf(row)} is bidder ${row.bidderdisplaynumber}.`;
    return { row, message };
  });
}

async function newAccount(tx: Tx, tenant: Tenant, body: AddConsoleBidderRequest) {
  const [account] = await tx
    .insert(accounts)
    .values({
      organizationId: tenant.organization.id,
      email: body.email,
      firstname: body.firstname,
      lastname: body.lastname,
      cellphone: phoneDigits(body.cellphone),
    })
    .onConflictDoNothing()
    .returning();
  // Someone signed up with this email a moment ago: the next try registers their account.
  if (!account) throw new AppError('conflict', 'An account with this email was just made. Please try again.');
  return account;
}

/**
 * POST /console/events/:eventcode/bidders/:bidderid/link: the emailed sign-in link bidders ask
 * for themselves (with a link to choose a password), for one who has no password or lost it.
 */
export async function sendBidderLink(ctx: AppContext, caller: StaffEventCaller, accountId: number): Promise<string> {
  const { tenant } = caller;
  return ctx.db.transaction(async (tx) => {
    const row = await bidderOrRefuse(tx, tenant, accountId);
    await sendForgotPassword(tx, {
      email: row.email,
      only: 'both',
      tenant,
      now: ctx.clock(),
      origin: ctx.site.originOf(tenant.organization.auctioncode),
    });
    await recordAudit(tx, caller, {
      eventId: tenant.event.id,
      kind: 'bidder.link',
      summary: `Sent ${nameOf(row)} a sign-in link`,
      after: { bidderid: row.accountId, email: row.email },
    });
    return `A sign-in link was sent to ${row.email}.`;
  });
}
