import { z } from 'zod';
import { deskMethod, deskReference, deskWords } from '../api/console-desk';
import { formatMoney, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';
import { dollarsText } from './live-form';
import { refundHow, refundRequest } from '../api/console-refunds';

/**
 * The desk's payment form, as the volunteer types it: the method, the amount in dollars (the due,
 * or less for a part payment) and a check's number; read into the request's own fields, so the
 * screen and the server refuse with the same words.
 */
export const deskPaymentForm = z
  .object({
    method: deskMethod,
    amount: dollarsText.pipe(
      z
        .number()
        .refine((dollars) => dollars > 0, deskWords.amountZero)
        .pipe(moneyIn('amount', MAX_ORDER_TOTAL)),
    ),
    reference: deskReference,
  })
  .superRefine((b, ctx) => {
    if (b.method === 'check' && b.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: deskWords.checkNumber });
  });
export type DeskPaymentFormInput = z.input<typeof deskPaymentForm>;

/** The pay button's words: "Pay $65.50 in cash". */
export function payLabel(method: z.infer<typeof deskMethod>, cents: number | null): string {
  const amount = cents === null ? '' : ` ${formatMoney(cents)}`;
  if (method === 'cash') return `Take${amount} in cash`;
  if (method === 'check') return `Take${amount} by check`;
  if (method === 'newcard') return `Charge${amount} to the new card`;
  return `Charge${amount} to the card on file`;
}

/** The desk's refund form (owner): the amount in dollars (all that is left, or less), why, and whether it is a void. */
export const refundForm = z.object({
  amount: dollarsText.pipe(
    z
      .number()
      .refine((dollars) => dollars > 0, deskWords.amountZero)
      .pipe(moneyIn('amount', MAX_ORDER_TOTAL)),
  ),
  reason: refundRequest.shape.reason,
  void: z.boolean(),
});
export type RefundFormInput = z.input<typeof refundForm>;

/** The refund button's words: "Give back $15.50 in cash", "Void: give back $65.50 to the card". */
export function refundLabel(method: 'card' | 'cash' | 'check', cents: number | null, isVoid: boolean): string {
  const amount = cents === null ? '' : ` ${formatMoney(cents)}`;
  return `${isVoid ? 'Void: give back' : 'Give back'}${amount} ${refundHow(method)}`;
}
