import { and, eq } from 'drizzle-orm';
import {
  currentPrice,
  promoDiscount,
  promoProblem,
  quantityProblem,
  storeAmounts,
  type StoreAddItemResponse,
  type StoreCartResponse,
  type StoreDiscountResponse,
  storeMessages,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { storeCartLines, storeCarts } from '../../db/schema';
import { AppError } from '../../errors';
import type { CartCaller } from '../../lib/caller';
import { processorCodeOf } from '../../payments/processor';
import type { Tenant } from '../../tenancy';
import { assertAddressMayHold, atCurrentPrices, holdsUnits, holdTimes, renewHold } from './hold';
import {
  type CartLine,
  type CartRow,
  cartOf,
  heldUnits,
  linesOf,
  lockItems,
  orderOfCart,
  promoById,
  promoByCode,
  promoOf,
  promoUses,
  remainingFor,
} from './queries';
import { storePaidWith } from './orders';
import { assertCartOpen, cartToken, salesClosed, storeSettingsOf } from './setup';

/** The discount a cart's code gives now: 0 when the code no longer applies (expired, used up, no items). */
export async function effectiveDiscount(
  db: Db | Tx,
  cart: CartRow,
  lines: CartLine[],
  now: Date,
): Promise<{ code: string; discount: number; problem: string | undefined }> {
  const promo = await promoById(db, cart.promoCodeId);
  if (!promo) return { code: '', discount: 0, problem: undefined };
  const problem = promoProblem(promoOf(promo), lines, await promoUses(db, promo.id, cart.id), now);
  return { code: promo.code, discount: problem ? 0 : promoDiscount(promoOf(promo), lines), problem };
}

/**
 * GET storecart: the lines, the sums, and what checkout needs to know. An open cart's lines are at
 * their items' current prices, the ones its checkout will charge; a checked-out cart's at what was charged.
 */
export async function cartAnswer(ctx: AppContext, tenant: Tenant, cartId: number): Promise<StoreCartResponse> {
  const { event } = tenant;
  const now = ctx.clock();
  const cart = await cartOf(ctx.db, event.id, cartId);
  if (cart.state === 'expired' || (cart.state === 'open' && cart.expiresAt <= now))
    throw new AppError('expired', storeMessages.cartExpired);
  const settings = await storeSettingsOf(ctx.db, event);
  const held = await linesOf(ctx.db, cart.id);
  const lines = cart.state === 'open' ? atCurrentPrices(held) : held;
  const order = cart.state === 'open' ? undefined : await orderOfCart(ctx.db, cart.id);
  const promo = await effectiveDiscount(ctx.db, cart, lines, now);
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const discount = order ? order.discount : promo.discount;
  const donation = order?.donation ?? 0;
  const base = subtotal + donation - discount;
  const percent = settings.ccfeespercent;
  return {
    status: 'success',
    message: order ? '' : (promo.problem ?? ''),
    cartitems: lines.map((l) => ({
      itemid: l.itemId,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      lineamount: l.price * l.quantity,
      itemtypecode: l.itemtypecode,
    })),
    allowpaymentoffees: settings.allowpaymentoffees && percent > 0,
    hascheckedout: cart.state === 'checkedout' || cart.state === 'checkout',
    requiredemail: settings.requiredemail,
    requiredzip: settings.requiredzip,
    billme: settings.billme,
    ccfee: percent,
    paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
    paymentprocessorisvalid: ctx.payments.takesCards(event),
    paymentprocessorinfo: ctx.payments.processorInfo(event),
    discountamount: discount,
    discountcode: order ? order.promocode : promo.code,
    hasdiscount: discount > 0,
    first: order?.first ?? '',
    last: order?.last ?? '',
    address: order?.address ?? '',
    city: order?.city ?? '',
    state: order?.region ?? '',
    zip: order?.zip ?? '',
    email: order?.email ?? '',
    paymentmethod: order?.method ?? (base > 0 ? 'CREDIT' : 'FREE'),
    optionaltotal: order ? order.total : storeAmounts({ lines, discount, donation, coverFee: true, percent }).total,
    subtotal,
    totalamount: order ? order.total - order.fee : base,
    additionaldonation: donation,
    ccfeesamount: order?.fee ?? 0,
    ...holdTimes(cart, settings.holdminutes),
    orderid: order?.id ?? null,
    card: order?.method === 'CREDIT' ? storePaidWith(order) : '',
  };
}

/**
 * POST storecartadditem: sets how many of an item the cart holds. Under the cart's lock and then
 * the item's, what is left beside every other live cart is counted and the change made in the same
 * transaction, so two buyers can never both take the last unit. A change renews the hold (and
 * answers a new token): every line takes its item's current price, and the hold runs for
 * holdminutes but never past the cart's lifetime. A tap that changes nothing renews nothing. A
 * cart's first units are refused while its address has too many carts holding units.
 */
export async function setQuantity(
  ctx: AppContext,
  caller: CartCaller,
  body: { itemid: number; quantity: number },
): Promise<StoreAddItemResponse> {
  const { event } = caller.tenant;
  const settings = await storeSettingsOf(ctx.db, event);
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const cart = await cartOf(tx, event.id, caller.cart.cartid, true);
    assertCartOpen(cart, now);
    if (salesClosed(event, now)) throw new AppError('expired', storeMessages.storeClosed);
    const [item] = await lockItems(tx, event.id, [body.itemid]);
    if (!item) throw new AppError('not_found', storeMessages.itemNotFound);
    const tooMany = quantityProblem(body.quantity, item.maxpertransaction);
    if (tooMany) throw new AppError('bad_request', `${storeMessages.maxText} ${item.name}. ${tooMany.max} Max.`);
    const [line] = await tx
      .select()
      .from(storeCartLines)
      .where(and(eq(storeCartLines.cartId, cart.id), eq(storeCartLines.itemId, item.id)));
    const had = line?.quantity ?? 0;
    if (body.quantity === had) return { cart, quantity: had };
    if (body.quantity > had) {
      const remaining = remainingFor(item, await heldUnits(tx, [item.id], cart.id, now));
      if (body.quantity > remaining)
        return {
          refused: {
            status: 'failure' as const,
            message: `${storeMessages.insufficientTitle}: ${item.name}, ${remaining} Remaining`,
            itemid: item.id,
            itemname: item.name,
            quantityremaining: remaining,
          },
        };
      if (had === 0 && !(await holdsUnits(tx, cart.id))) await assertAddressMayHold(tx, cart, now);
    }
    if (body.quantity === 0)
      await tx
        .delete(storeCartLines)
        .where(and(eq(storeCartLines.cartId, cart.id), eq(storeCartLines.itemId, item.id)));
    else if (line)
      await tx
        .update(storeCartLines)
        .set({ quantity: body.quantity })
        .where(and(eq(storeCartLines.cartId, cart.id), eq(storeCartLines.itemId, item.id)));
    else
      await tx
        .insert(storeCartLines)
        .values({ cartId: cart.id, itemId: item.id, quantity: body.quantity, price: currentPrice(item) });
    return { cart: await renewHold(tx, cart, settings.holdminutes, now), quantity: body.quantity };
  });
  if ('refused' in result && result.refused) return result.refused;
  if (!('cart' in result) || !result.cart) throw new Error('no cart after a quantity change');
  const { cart, quantity } = result;
  const times = holdTimes(cart, settings.holdminutes);
  return {
    status: 'success',
    message: '',
    itemid: body.itemid,
    quantity,
    token: await cartToken(ctx, caller.tenant, cart, ctx.clock()),
    ...times,
  };
}

/**
 * POST storecartdiscount: one code per cart. Applying a code replaces the one before; a refused code
 * leaves the cart without one (the spec shows its discount as 0). '' removes the code. Applying
 * checks that a use is left but holds none: uses are counted from orders, and checkout counts them
 * again under the code's row lock, so carts that merely applied a code can never use it up.
 * A code applied, or one taken off, is a real change of a cart holding units: it renews the hold
 * (its lines take their current prices, which the discount is reckoned on) and answers a new
 * token. A refused code on a cart that had none changes nothing and renews nothing.
 */
export async function applyDiscount(
  ctx: AppContext,
  caller: CartCaller,
  discountcode: string,
): Promise<StoreDiscountResponse> {
  const { event } = caller.tenant;
  const settings = await storeSettingsOf(ctx.db, event);
  const { cart, answer } = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const cart = await cartOf(tx, event.id, caller.cart.cartid, true);
    assertCartOpen(cart, now);
    await tx.update(storeCarts).set({ promoCodeId: null }).where(eq(storeCarts.id, cart.id));
    // Renewed when the cart's code changed, or a code was applied again: the buyer is at work on this cart.
    // Whether the cart holds units is read only when the lines are not at hand already.
    const renewed = async (changed: boolean, holds?: boolean) =>
      changed && (holds ?? (await holdsUnits(tx, cart.id))) ? renewHold(tx, cart, settings.holdminutes, now) : cart;
    const refused = async (message: string) => ({
      cart: await renewed(cart.promoCodeId !== null),
      answer: { status: 'failure' as const, message, discountamount: 0, discountcode: '' },
    });
    if (discountcode === '')
      return {
        cart: await renewed(cart.promoCodeId !== null),
        answer: {
          status: 'success' as const,
          message: storeMessages.promoRemoved,
          discountamount: 0,
          discountcode: '',
        },
      };
    const promo = await promoByCode(tx, event.id, discountcode);
    if (!promo) return refused(storeMessages.promoUnknown);
    const lines = atCurrentPrices(await linesOf(tx, cart.id));
    const problem = promoProblem(promoOf(promo), lines, await promoUses(tx, promo.id, cart.id), now);
    if (problem) return refused(problem);
    await tx.update(storeCarts).set({ promoCodeId: promo.id }).where(eq(storeCarts.id, cart.id));
    return {
      cart: await renewed(true, lines.length > 0),
      answer: {
        status: 'success' as const,
        message: storeMessages.promoApplied,
        discountamount: promoDiscount(promoOf(promo), lines),
        discountcode: promo.code,
      },
    };
  });
  return {
    ...answer,
    token: await cartToken(ctx, caller.tenant, cart, ctx.clock()),
    ...holdTimes(cart, settings.holdminutes),
  };
}
