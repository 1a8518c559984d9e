import { and, eq } from 'drizzle-orm';
import {
  cardExpiry,
  cardLabel,
  type PaymentMethodResponse,
  PROCESSOR_STRIPE,
  type SavedCard,
  type UpdateCardResponse,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, bidders, paymentMethods, processorCustomers } from '../../db/schema';
import { AppError } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import { findAnswer, keepAnswer } from '../../lib/idempotent';
import { cardFlags } from '../../payments/card-flags';
import { gatewayOf } from '../../payments/card-payment';
import type { StoredCard } from '../../payments/gateway';
import { processorCodeOf } from '../../payments/processor';
import type { EventRow, Tenant } from '../../tenancy';

export type CardRow = typeof paymentMethods.$inferSelect;

/** The bidder's card on file for the event's current processor; a card of another processor does not count. */
export async function cardOnFile(db: Db | Tx, event: EventRow, bidderId: number): Promise<CardRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.bidderId, bidderId)).limit(1);
  return row && row.processorcode === processorCodeOf(event.paymentprocessorcode) ? row : undefined;
}

export const savedCardOf = (row: CardRow | undefined): SavedCard | null =>
  row ? { brand: row.brand, last4: row.last4, expmonth: row.expmonth, expyear: row.expyear } : null;

export async function paymentMethodOf(
  ctx: AppContext,
  tenant: Tenant,
  bidderId: number,
): Promise<PaymentMethodResponse> {
  const { event } = tenant;
  const row = await cardOnFile(ctx.db, event, bidderId);
  const code = processorCodeOf(event.paymentprocessorcode);
  const card = savedCardOf(row);
  return {
    status: 'success',
    message: '',
    cardmessage: card ? `${cardLabel(card)}, expires ${cardExpiry(card)}` : 'You have no card on file.',
    userpaymentmethodtitle: card ? 'Your card on file' : 'Add a card',
    showremovedbutton: card !== null,
    showreplacedbutton: card !== null,
    showstripeiframe: code === PROCESSOR_STRIPE,
    type: card?.brand ?? '',
    card,
    paymentprocessorcode: code,
    paymentprocessorisvalid: ctx.payments.takesCards(event),
    paymentprocessorinfo: ctx.payments.processorInfo(event),
    needscardtobid: cardFlags(event, card !== null).needscardtobid,
  };
}

async function ownerOf(tx: Db | Tx, event: EventRow, bidderId: number) {
  const [row] = await tx
    .select({
      email: accounts.email,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      customer: processorCustomers.ref,
      customerCode: processorCustomers.processorcode,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .leftJoin(processorCustomers, eq(processorCustomers.bidderId, bidders.id))
    .where(and(eq(bidders.id, bidderId), eq(bidders.eventId, event.id)))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  return {
    bidderId,
    email: row.email,
    name: `${row.firstname} ${row.lastname}`.trim(),
    customer: customerOfProcessor(event, row.customer, row.customerCode),
  };
}

/** A processor customer counts only for the event's current processor. */
function customerOfProcessor(event: EventRow, ref: string | null, code: number | null): string | undefined {
  return ref && code === processorCodeOf(event.paymentprocessorcode) ? ref : undefined;
}

/** The bidder's customer at the event's processor, for charging a card on file. */
export async function customerOf(db: Db | Tx, event: EventRow, bidderId: number): Promise<string | undefined> {
  const [row] = await db.select().from(processorCustomers).where(eq(processorCustomers.bidderId, bidderId)).limit(1);
  return row ? customerOfProcessor(event, row.ref, row.processorcode) : undefined;
}

/** Keeps the processor's customer and the card on file (replacing any other). */
export async function keepCard(
  tx: Db | Tx,
  {
    event,
    bidderId,
    card,
    customer,
    now,
  }: { event: EventRow; bidderId: number; card: StoredCard; customer: string | undefined; now: Date },
): Promise<void> {
  const processorcode = processorCodeOf(event.paymentprocessorcode);
  if (customer)
    await tx
      .insert(processorCustomers)
      .values({ bidderId, processorcode, ref: customer })
      .onConflictDoUpdate({ target: processorCustomers.bidderId, set: { processorcode, ref: customer } });
  const values = {
    processorcode,
    ref: card.ref,
    brand: card.brand,
    last4: card.last4,
    expmonth: card.expmonth,
    expyear: card.expyear,
    updatedAt: now,
  };
  await tx
    .insert(paymentMethods)
    .values({ bidderId, ...values })
    .onConflictDoUpdate({ target: paymentMethods.bidderId, set: values });
}

/**
 * POST /updatecard: the processor keeps the card (a card needing the bidder's confirmation answers
 * requires_action, and is finished by a second call with the confirmed setup), then we keep its
 * reference, brand, last four and expiry. The processor call is keyed by the caller's key, so a
 * retry saves one card; a saved card's answer is kept under the key, so a retry is answered from it
 * and the key with another card is refused (422) before the processor is asked.
 */
export async function saveCard(
  ctx: AppContext,
  caller: BidderCaller,
  body: { processortoken: string; setupintentid?: string },
  key: string | undefined,
): Promise<UpdateCardResponse> {
  const { event } = caller.tenant;
  const request = { route: 'updatecard', owner: caller.bidderId, body };
  const prior = key ? await findAnswer<UpdateCardResponse>(ctx.db, request, key) : undefined;
  if (prior) return prior;
  const gateway = gatewayOf(ctx, event);
  const owner = await ownerOf(ctx.db, event, caller.bidderId);
  const outcome = await gateway.saveCard({
    token: body.processortoken,
    owner,
    key: `savecard:${event.id}:${caller.bidderId}:${key ?? body.setupintentid ?? body.processortoken.slice(-40)}`,
    ...(body.setupintentid ? { setupintentid: body.setupintentid } : {}),
  });
  if (outcome.kind === 'failed') throw new AppError('payment_failed', outcome.message);
  if (outcome.kind === 'requires_action') {
    if (outcome.customer && !owner.customer) await keepCustomer(ctx.db, event, caller.bidderId, outcome.customer);
    return {
      status: 'requires_action',
      message: 'Please confirm this card with your bank.',
      card: null,
      clientsecret: outcome.clientsecret,
      setupintentid: outcome.setupintentid,
    };
  }
  const card = {
    brand: outcome.card.brand,
    last4: outcome.card.last4,
    expmonth: outcome.card.expmonth,
    expyear: outcome.card.expyear,
  };
  const answer: UpdateCardResponse = {
    status: 'success',
    message: `${cardLabel(card)} is saved for this event.`,
    card,
  };
  await ctx.db.transaction(async (tx) => {
    await keepCard(tx, {
      event,
      bidderId: caller.bidderId,
      card: outcome.card,
      customer: outcome.customer ?? owner.customer,
      now: ctx.clock(),
    });
    if (key) await keepAnswer(tx, request, key, answer);
  });
  return answer;
}

async function keepCustomer(db: Db, event: EventRow, bidderId: number, ref: string): Promise<void> {
  const processorcode = processorCodeOf(event.paymentprocessorcode);
  await db
    .insert(processorCustomers)
    .values({ bidderId, processorcode, ref })
    .onConflictDoUpdate({ target: processorCustomers.bidderId, set: { processorcode, ref } });
}

/** DELETE /updatecard: forget the card on file (the processor's customer stays for past orders). */
export async function removeCard(ctx: AppContext, caller: BidderCaller): Promise<void> {
  await ctx.db.delete(paymentMethods).where(eq(paymentMethods.bidderId, caller.bidderId));
}
