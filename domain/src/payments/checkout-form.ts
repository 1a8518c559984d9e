import { z } from 'zod';
import type { RequestOf } from '../api/contracts';
import type { CartItem } from '../api/cart';
import { cartTotal } from '../catalog/catalog';
import { readTypedAmount } from '../items/rules';
import { type CheckoutAmounts, checkoutAmounts, checkoutMessages, MAX_DONATION, processingFee } from './fees';

/**
 * The checkout form: what the bidder typed and chose, turned into POST /checkout's body with the
 * spec's rules (at least one item; a new card needs a token; a negative donation is ignored).
 */
export type PayWith = 'saved' | 'new' | 'billme';

export const checkoutFields = z.object({
  donation: z.string().max(40, 'That amount is too long.'),
  coverFee: z.boolean(),
  payWith: z.enum(['saved', 'new', 'billme']),
  /** The new card's processor token; '' until the card entry gives one. */
  token: z.string(),
});
export type CheckoutFields = z.input<typeof checkoutFields>;

export interface CheckoutContext {
  eventcode: string;
  lines: readonly CartItem[];
  /** The event lets the buyer cover the card fee, at this percent. */
  showFees: boolean;
  percent: number;
}

/** The additional donation typed: a negative or unreadable amount is none; at most MAX_DONATION. */
export function readDonation(text: string): { cents: number; capped: boolean } {
  const typed = readTypedAmount(text);
  if (!typed) return { cents: 0, capped: false };
  return { cents: Math.min(typed.cents, MAX_DONATION), capped: typed.capped || typed.cents > MAX_DONATION };
}

/** Subtotal, donation, fee and total as the page shows them and the server checks them. */
export function amountsOf(
  ctx: CheckoutContext,
  values: Pick<CheckoutFields, 'donation' | 'coverFee' | 'payWith'>,
): CheckoutAmounts & { feeOffered: number } {
  const subtotal = cartTotal(ctx.lines.map((l) => ({ ...l, checked: true })));
  const donation = readDonation(values.donation).cents;
  // Bill Me is no card payment, so there is no card fee to cover.
  const covers = ctx.showFees && values.coverFee && values.payWith !== 'billme';
  const amounts = checkoutAmounts({ subtotal, donation, coverFee: covers, percent: ctx.percent });
  // The fee box shows the exact fee whether or not it is ticked.
  return { ...amounts, feeOffered: ctx.showFees ? processingFee(subtotal + donation, ctx.percent) : 0 };
}

export type CheckoutBody = RequestOf<'POST /checkout'>;

export function checkoutSchema(ctx: CheckoutContext) {
  return checkoutFields.transform((v, issue): CheckoutBody => {
    const fail = (path: string, message: string) => {
      issue.issues.push({ code: 'custom', message, input: v, path: [path] });
      return z.NEVER;
    };
    if (ctx.lines.length === 0) return fail('payWith', checkoutMessages.noItems);
    if (v.payWith === 'new' && v.token === '') return fail('token', checkoutMessages.invalidCard);
    const amounts = amountsOf(ctx, v);
    return {
      eventcode: ctx.eventcode,
      historyid: ctx.lines.map((l) => l.historyid),
      itemid: ctx.lines.map((l) => l.itemid),
      usecard: v.payWith === 'saved',
      billme: v.payWith === 'billme',
      ccfeesexactamount: amounts.fee,
      additionaldonation: amounts.donation,
      totalamount: amounts.total,
      processortoken: v.payWith === 'new' ? v.token : undefined,
    };
  });
}

/**
 * The thank-you's line about the order, from the checkout answer (its order number) and how it
 * was paid: 'Payment received — order 12' only for a card payment that went through; a Bill Me
 * order is saved, and a payment still being confirmed is not yet received.
 */
export function orderOutcomeLine(
  answer: { status: 'success' | 'pending' | 'requires_action'; checkoutid: number },
  billme: boolean,
): string {
  if (billme) return `Order ${answer.checkoutid} is saved — the organizer will bill you.`;
  if (answer.status === 'success') return `Payment received — order ${answer.checkoutid}`;
  return `Order ${answer.checkoutid} is placed — your payment is being confirmed.`;
}
