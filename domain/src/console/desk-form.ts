import { z } from 'zod';
import { deskMethod, deskReference, deskWords } from '../api/console-desk';
import { formatMoney, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';
import { dollarsText } from './live-form';

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
