import { and, eq, inArray } from 'drizzle-orm';
import {
  CHECKIN_CODE_PREFIX,
  type DeskBalanceResponse,
  type DeskLookupResponse,
  type DeskPaymentRequest,
  type DeskPaymentResponse,
  type DeskReceiptResponse,
  deskWords,
  isoInZone,
  type HoldRequest,
  type HoldResolveRequest,
  type HoldResponse,
  type RefundRequest,
  type RefundResponse,
  refundWords,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { accounts, bidders, paymentMethods } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { KeyedRequest } from '../../../lib/idempotent';
import { findAnswer } from '../../../lib/idempotent';
import { pickupCodeOf } from '../../../lib/pickup-codes';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { processorCodeOf } from '../../../payments/processor';
import type { Tenant } from '../../../tenancy';
import { cardOnFile, type CardRow } from '../../payments/cards';
import { findBidder, listBidders } from '../bidders/queries';
import { balanceOf, balancesOf } from '../../../money/ledger';
import { type BalancePaid, payBalances } from './pay';
import { cardText, type DeskPerson, presentBalance, presentPaid, receiptsOf } from './presenter';
import { giveBack, refundMessage } from '../../../money/refunds';
import { holdLine, resolveHold } from '../../../money/holds';

/** At most this many bidders answer a lookup: the desk looks for one, a short list is enough. */
const LOOKUP_LIMIT = 50;

/** What the desk typed or scanned: a check-in code is the bidder number it holds. */
const searchText = (q: string) => {
  const code = new RegExp(`^${CHECKIN_CODE_PREFIX}(\\d{1,10})$`, 'i').exec(q.trim());
  return code?.[1] ?? q;
};

/** GET desk?q=: the bidders found, each with what is due and the card on file. */
export async function lookUp(db: Db, tenant: Tenant, q: string): Promise<DeskLookupResponse> {
  const rows = (await listBidders(db, tenant, searchText(q))).slice(0, LOOKUP_LIMIT);
  const ids = rows.map((r) => r.bidderId);
  const balances = await balancesOf(db, tenant.event, ids);
  const cards = await cardsOf(db, tenant, ids);
  return {
    status: 'success',
    message: rows.length === 0 && q !== '' ? `Nobody found for “${q}”.` : '',
    bidders: rows.map((r) => {
      const balance = balances.get(r.bidderId);
      return {
        bidderid: r.accountId,
        biddernumber: r.bidderdisplaynumber,
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        due: Math.max(0, balance?.due ?? 0),
        inprogress: balance?.inProgress ?? false,
        cardonfile: cards.has(r.bidderId),
        card: cardText(cards.get(r.bidderId)),
      };
    }),
  };
}

/** The cards on file of these bidders for the event's processor. */
async function cardsOf(db: Db, tenant: Tenant, ids: number[]): Promise<Map<number, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        inArray(paymentMethods.bidderId, ids),
        eq(paymentMethods.processorcode, processorCodeOf(tenant.event.paymentprocessorcode)),
      ),
    );
  return new Map(rows.map((r) => [r.bidderId, r]));
}

/** A bidder of the event by account id (the console's `bidderid`), or 404. */
async function personOrRefuse(db: Db, tenant: Tenant, accountId: number): Promise<DeskPerson> {
  const row = await findBidder(db, tenant, accountId);
  if (!row) throw new AppError('not_found', deskWords.notFound);
  return {
    bidderId: row.bidderId,
    accountId: row.accountId,
    number: row.bidderdisplaynumber,
    name: `${row.firstname} ${row.lastname}`.trim() || row.email,
    email: row.email,
  };
}

/** The people a balance's payments name (the payers), by bidders.id. */
async function peopleOf(db: Db, ids: number[]): Promise<Map<number, DeskPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      bidderId: bidders.id,
      accountId: accounts.id,
      number: bidders.bidderdisplaynumber,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      email: accounts.email,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(inArray(bidders.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [r.bidderId, { ...r, name: `${r.firstname} ${r.lastname}`.trim() || r.email }] as const),
  );
}

/** GET bidders/:bidderid/balance: the balance from the ledger, with who paid what. */
export async function deskBalance(ctx: AppContext, tenant: Tenant, accountId: number): Promise<DeskBalanceResponse> {
  const { db } = ctx;
  const { event } = tenant;
  const who = await personOrRefuse(db, tenant, accountId);
  const balance = await balanceOf(db, tenant.event, who.bidderId);
  const card = await cardOnFile(db, tenant.event, who.bidderId);
  const people = await peopleOf(db, [who.bidderId, ...balance.payments.map((p) => p.payerId)]);
  const shown = presentBalance(balance, { who, card, people, timezone: tenant.event.timezone });
  const cards = {
    takescards: ctx.payments.takesCards(event),
    paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
    paymentprocessorinfo: ctx.payments.processorInfo(event),
  };
  return { status: 'success', message: '', ...shown, cards };
}

/** GET bidders/:bidderid/receipt: the balance to print, with the event's names and the pickup code. */
export async function deskReceipt(ctx: AppContext, tenant: Tenant, accountId: number): Promise<DeskReceiptResponse> {
  const balance = await deskBalance(ctx, tenant, accountId);
  const who = await personOrRefuse(ctx.db, tenant, accountId);
  const pickupcode = await pickupCodeOf(ctx.db, { eventId: tenant.event.id, bidderId: who.bidderId });
  return {
    ...balance,
    eventname: tenant.event.eventname,
    organizationname: tenant.organization.name,
    printedat: isoInZone(ctx.clock(), tenant.event.timezone),
    timezone: tenant.event.timezone,
    pickupcode,
  };
}

/**
 * POST bidders/:bidderid/payments: the bidder pays their balance (and `forbidderids`' balances),
 * once per Idempotency-Key (kept under the paying bidder). The card is charged under a key made
 * from the Idempotency-Key, so a retry while the first is being charged finds that payment rather
 * than charging again; a declined card is refused 402 with the processor's words.
 */
export async function takePayment(
  ctx: AppContext,
  caller: StaffEventCaller,
  { accountId, body, key }: { accountId: number; body: DeskPaymentRequest; key: string | undefined },
): Promise<DeskPaymentResponse> {
  if (!key) throw new AppError('bad_request', deskWords.keyRequired);
  const { tenant } = caller;
  const payer = await personOrRefuse(ctx.db, tenant, accountId);
  const others: number[] = [];
  for (const id of body.forbidderids.filter((id) => id !== accountId))
    others.push((await personOrRefuse(ctx.db, tenant, id)).bidderId);
  const request: KeyedRequest = {
    route: 'console.desk.payment',
    owner: payer.bidderId,
    body,
    params: { eventcode: tenant.event.eventcode, bidderid: accountId },
  };
  const answered = async (paid: BalancePaid) => {
    if (paid.kind === 'declined') throw new AppError('payment_failed', paid.message);
    return presentPaid(paid, receiptsOf(await balanceOf(ctx.db, tenant.event, payer.bidderId)));
  };
  const prior = await findAnswer<BalancePaid>(ctx.db, request, key);
  if (prior) return answered(prior);
  const paid = await payBalances(ctx, tenant, {
    payerId: payer.bidderId,
    forBidderIds: [payer.bidderId, ...others],
    method: body.method === 'newcard' ? 'card' : body.method,
    ...(body.method === 'newcard' ? { card: { token: body.processortoken ?? '' } } : { card: 'onfile' }),
    amount: body.amount,
    reference: body.reference,
    staffId: caller.staff.id,
    actor: caller,
    requestKey: `desk_${payer.bidderId}_${key}`,
    keep: { request, key },
  });
  return answered(paid);
}

/**
 * POST bidders/:bidderid/refunds (owner): money given back from a payment on the balance, a refund
 * or a void, once per Idempotency-Key (money/refunds.ts); a refused card refund is 402.
 */
export async function refund(
  ctx: AppContext,
  caller: StaffEventCaller,
  { accountId, body, key }: { accountId: number; body: RefundRequest; key: string | undefined },
): Promise<RefundResponse> {
  if (!key) throw new AppError('bad_request', refundWords.keyRequired);
  const { tenant } = caller;
  const who = await personOrRefuse(ctx.db, tenant, accountId);
  const request: KeyedRequest = {
    route: 'console.desk.refund',
    owner: who.bidderId,
    body,
    params: { eventcode: tenant.event.eventcode, bidderid: accountId },
  };
  const done = await giveBack(ctx, tenant, {
    bidderId: who.bidderId,
    of: { source: body.source, id: body.paymentid },
    amount: body.amount,
    reason: body.reason,
    void: body.void,
    actor: caller,
    keep: { request, key },
  });
  return {
    status: 'success',
    result: done.refund.state === 'pending' ? 'pending' : 'refunded',
    message: refundMessage(done.refund),
    refundid: done.refund.id,
    amount: done.refund.amount,
    due: done.due,
    credit: done.credit,
  };
}

/** POST bidders/:bidderid/holds (staff): a disputed line held from every payer (money/holds.ts). */
export async function hold(
  ctx: AppContext,
  caller: StaffEventCaller,
  { accountId, body }: { accountId: number; body: HoldRequest },
): Promise<HoldResponse> {
  const who = await personOrRefuse(ctx.db, caller.tenant, accountId);
  const held = await holdLine(ctx, caller.tenant, {
    bidderId: who.bidderId,
    kind: body.kind,
    lineId: body.lineid,
    reason: body.reason,
    actor: caller,
  });
  return { status: 'success', ...held };
}

/** POST holds/:holdid (staff): released or removed, with the reason. */
export async function resolve(
  ctx: AppContext,
  caller: StaffEventCaller,
  { holdId, body }: { holdId: number; body: HoldResolveRequest },
): Promise<HoldResponse> {
  const done = await resolveHold(ctx, caller.tenant, { holdId, ...body, actor: caller });
  return { status: 'success', ...done };
}
