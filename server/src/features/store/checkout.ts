import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  cardPaymentMessages,
  checkoutProblem,
  currentPrice,
  promoDiscount,
  promoProblem,
  registersGuests,
  type StoreCheckoutRequest,
  type StoreCheckoutResponse,
  storeAmounts,
  storeMessages,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { storeCartLines, storeCarts, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import type { CartCaller } from '../../lib/caller';
import { type Answered, finishConfirmed, gatewayOf, payByCard, type Settling } from '../../payments/card-payment';
import { processorCodeOf } from '../../payments/processor';
import type { Tenant } from '../../tenancy';
import { findCartAnswer, keepCartAnswer } from './keys';
import { finalizeOrder, storeCardOrders, summaryOf } from './orders';
import {
  type CartRow,
  heldUnits,
  linesOf,
  lockItems,
  lockPromo,
  orderOfCart,
  promoOf,
  promoUses,
  remainingFor,
  type StoreOrderRow,
} from './queries';
import { checkedOutToken, salesClosed, type StoreSettings, storeSettingsOf } from './setup';

/**
 * PUT storecheckout, through the card-payment flow (payments/card-payment.ts). A cart is checked
 * out once: its row is locked first, and a cart already checked out, or being charged, answers its
 * order again (a double submit never sells or charges twice). Like every retried write, it reads
 * its Idempotency-Key (kept per cart: keys.ts): a retry answers the first answer, and the key with
 * another body is refused (422) before anything is recorded or charged. Under the cart's and the
 * items' locks it rechecks what is left beside every other live cart, the promo code and the sums,
 * and records the order: a free or Bill Me order is final at once; a card order holds the cart's
 * units without expiry until the processor answers.
 */
export async function storeCheckout(
  ctx: AppContext,
  caller: CartCaller,
  { body, key }: { body: StoreCheckoutRequest; key: string | undefined },
): Promise<StoreCheckoutResponse> {
  const { tenant } = caller;
  const keyed = { route: 'storecheckout', owner: caller.cart.cartid, body };
  if (key) {
    const prior = await findCartAnswer<StoreCheckoutResponse>(ctx.db, keyed, key);
    if (prior) return prior;
  }
  const settings = await storeSettingsOf(ctx.db, tenant.event);
  const answer = (tx: Tx, order: StoreOrderRow) => answerFor(ctx, tx, { tenant, settings, order });
  const cardOrders = storeCardOrders(ctx, tenant);
  const settling = (keep: string | undefined): Settling<StoreOrderRow, StoreCheckoutResponse> => ({
    orders: cardOrders,
    request: (order) => ({ ...cardOrders.charge(order), source: { token: body.processortoken ?? '' } }),
    async answer(tx, settled) {
      if (settled.kind === 'confirm') return confirmAnswer(settled);
      const answered = await answer(tx, settled.order);
      if (keep) await keepCartAnswer(tx, keyed, keep, answered);
      return answered;
    },
  });
  if (body.paymentintentid) {
    const ref = body.paymentintentid;
    return finishConfirmed(ctx, {
      ...settling(undefined),
      request: (order) => ({ ...cardOrders.charge(order), source: { token: '' } }),
      event: tenant.event,
      ref,
      find: async (db) => {
        const [order] = await db
          .select()
          .from(storeOrders)
          .where(
            and(
              eq(storeOrders.cartId, caller.cart.cartid),
              eq(storeOrders.eventId, tenant.event.id),
              eq(storeOrders.processorRef, ref),
            ),
          )
          .limit(1);
        return order;
      },
    });
  }

  return payByCard<StoreOrderRow, StoreCheckoutResponse>(ctx, {
    ...settling(key),
    gateway: body.paymentmethod === 'CREDIT' ? gatewayOf(ctx, tenant.event) : undefined,
    async record(tx, now) {
      const [cart] = await tx.select().from(storeCarts).where(eq(storeCarts.id, caller.cart.cartid)).for('update');
      if (!cart || cart.eventId !== tenant.event.id)
        throw new AppError('unauthorized', 'This cart is not valid. Please reload the page.');
      if (key) {
        const prior = await findCartAnswer<StoreCheckoutResponse>(tx, keyed, key);
        if (prior) return { answer: prior };
      }
      if (cart.state === 'checkedout') {
        const done = await orderOfCart(tx, cart.id);
        if (done) return { answer: await answer(tx, done) };
      }
      if (cart.state === 'checkout') {
        // A second submit while the card is being charged is answered with the same order.
        const pending = await orderOfCart(tx, cart.id);
        if (pending) return { answer: await answer(tx, pending) };
        throw new AppError('conflict', storeMessages.checkoutPending);
      }
      if (cart.state === 'expired' || cart.expiresAt <= now) throw new AppError('expired', storeMessages.cartExpired);
      if (salesClosed(tenant.event, now)) throw new AppError('expired', storeMessages.storeClosed);
      const order = await placeOrder(tx, { tenant, cart, settings, body, now });
      if (order.method === 'CREDIT') return { order };
      const state = order.method === 'BILLME' ? 'unpaid' : 'paid';
      const final = await finalizeOrder(ctx, tx, { tenant, settings, order, state, now });
      const answered = await answer(tx, final);
      if (key) await keepCartAnswer(tx, keyed, key, answered);
      return { answer: answered, after: () => ctx.totals.touch(tenant) };
    },
  });
}

function confirmAnswer(settled: Extract<Answered<StoreOrderRow>, { kind: 'confirm' }>): StoreCheckoutResponse {
  return {
    status: 'requires_action',
    title: cardPaymentMessages.confirmTitle,
    message: cardPaymentMessages.confirmText,
    token: '',
    summary: summaryOf(settled.order),
    clientsecret: settled.clientsecret,
    paymentintentid: settled.ref,
  };
}

/**
 * Step 1: everything checked under the locks, and the order that now holds the cart's units. Each
 * line is charged its item's current price, read from the locked row and written to the line (the
 * receipt and the report read the lines), never a price held from before the organizer changed it.
 */
async function placeOrder(
  tx: Tx,
  {
    tenant,
    cart,
    settings,
    body,
    now,
  }: { tenant: Tenant; cart: CartRow; settings: StoreSettings; body: StoreCheckoutRequest; now: Date },
): Promise<StoreOrderRow> {
  const held = await linesOf(tx, cart.id);
  if (held.length === 0) throw new AppError('bad_request', storeMessages.noItems);
  const items = await lockItems(
    tx,
    tenant.event.id,
    held.map((l) => l.itemId),
  );
  const lines = held.map((l) => {
    const item = items.find((i) => i.id === l.itemId);
    return item ? { ...l, price: currentPrice(item) } : l;
  });
  const units = await heldUnits(
    tx,
    items.map((i) => i.id),
    cart.id,
    now,
  );
  for (const line of lines) {
    const item = items.find((i) => i.id === line.itemId);
    const left = item ? remainingFor(item, units) : 0;
    if (line.quantity > left)
      throw new AppError(
        'conflict',
        `${storeMessages.insufficientTitle}: ${line.name}, ${left} Remaining. Please change the quantity and try again.`,
      );
  }
  // The code's uses are counted under its row lock, and this order is one of them once committed:
  // of two checkouts for its last use, the second counts the first's order and is refused.
  let discount = 0;
  let promo: { id: number; code: string } | undefined;
  if (cart.promoCodeId !== null) {
    const [row] = await lockPromo(tx, cart.promoCodeId);
    const problem = row ? promoProblem(promoOf(row), lines, await promoUses(tx, row.id, cart.id), now) : undefined;
    // A page still counting on the discount is told plainly that the code has run out; the cart keeps it and changes nothing.
    if (problem === storeMessages.promoUsedUp && body.discountamount > 0)
      throw new AppError('conflict', storeMessages.promoRanOut);
    if (row && !problem) {
      discount = promoDiscount(promoOf(row), lines);
      promo = { id: row.id, code: row.code };
    }
  }
  // The card fee is a card payment's: a Bill Me order sending one is told its total changed.
  const coverFee = settings.allowpaymentoffees && body.paymentmethod === 'CREDIT' && body.ccfeesamount > 0;
  const amounts = storeAmounts({
    lines,
    discount,
    donation: body.additionaldonation,
    coverFee,
    percent: settings.ccfeespercent,
  });
  const sent = [body.subtotal, body.discountamount, body.ccfeesamount, body.totalamount];
  const ours = [amounts.subtotal, amounts.discount, amounts.fee, amounts.total];
  if (sent.some((v, i) => v !== ours[i])) throw new AppError('conflict', storeMessages.totalChanged);
  if (amounts.total === 0 && body.paymentmethod !== 'FREE') throw new AppError('bad_request', storeMessages.notFree);
  if (amounts.total > 0 && body.paymentmethod === 'FREE')
    throw new AppError('bad_request', storeMessages.freeOnlyAtZero);
  if (body.paymentmethod === 'BILLME' && !settings.billme) throw new AppError('bad_request', storeMessages.billMeOff);
  const problem = checkoutProblem(body, {
    total: amounts.total,
    method: body.paymentmethod,
    hasCardToken: Boolean(body.processortoken),
    requiredemail: settings.requiredemail,
    requiredzip: settings.requiredzip,
  });
  if (problem) throw new AppError('bad_request', problem);

  for (const line of lines.filter((l, i) => l.price !== held[i]?.price))
    await tx
      .update(storeCartLines)
      .set({ price: line.price })
      .where(and(eq(storeCartLines.cartId, cart.id), eq(storeCartLines.itemId, line.itemId)));
  const [order] = await tx
    .insert(storeOrders)
    .values({
      eventId: tenant.event.id,
      cartId: cart.id,
      method: body.paymentmethod,
      state: 'pending',
      first: body.first.trim(),
      last: body.last.trim(),
      address: body.address.trim(),
      city: body.city.trim(),
      region: body.state.trim(),
      zip: body.zip.trim(),
      email: body.email.trim(),
      promoCodeId: promo?.id ?? null,
      promocode: promo?.code ?? '',
      ...amounts,
      currency: tenant.event.currency,
      processorcode: processorCodeOf(tenant.event.paymentprocessorcode),
      chargeKey: `gavel_store_${randomUUID()}`,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  // The cart keeps its units, without expiry, until the processor answers.
  if (order.method === 'CREDIT')
    await tx
      .update(storeCarts)
      .set({ state: 'checkout', promoCodeId: promo?.id ?? null, updatedAt: now })
      .where(eq(storeCarts.id, cart.id));
  return order;
}

/**
 * The answer for an order. When it is final, the purchase has guest seats and the store has a
 * Registration tab, a cart token lets the page move on to it; it ends a fixed time after the order
 * became final, so a checkout answered again (a double submit, a replay) never lengthens it.
 * Otherwise the token is '' and the page shows the summary: a pending order opens no registration.
 */
async function answerFor(
  ctx: AppContext,
  tx: Tx,
  { tenant, settings, order }: { tenant: Tenant; settings: StoreSettings; order: StoreOrderRow },
): Promise<StoreCheckoutResponse> {
  const now = ctx.clock();
  const lines = await linesOf(tx, order.cartId);
  const final = order.state === 'paid' || order.state === 'unpaid';
  const token = final && registersGuests(lines, settings) ? await checkedOutToken(ctx, tenant, order, now) : '';
  return {
    status: order.state === 'pending' ? 'pending' : 'success',
    title: storeMessages.thanksTitle,
    message:
      order.state === 'pending'
        ? storeMessages.checkoutPending
        : order.method === 'BILLME'
          ? storeMessages.billMeThanks
          : storeMessages.thanksText,
    token,
    summary: summaryOf(order),
  };
}
