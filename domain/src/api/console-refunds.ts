import { z } from 'zod';
import { plainText, rowId } from '../bounds';
import { formatMoney, money, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';

/**
 * Giving money back at the desk (owner only): a refund of a payment, in part or whole (a card back
 * through the processor, cash or a check handed back and recorded), or a void of a desk payment
 * taken by mistake (all of it back, and what it paid for owed again). Amounts are dollars on the wire.
 */

export const refundWords = {
  reason: 'Please say why the money is given back.',
  notFound: 'There is no such payment on this balance.',
  nothingLeft: 'Nothing of this payment is left to give back.',
  moreThanLeft: (left: number) => `This is more than is left of the payment (${formatMoney(left)}).`,
  voidDeskOnly: 'Only a payment taken at the desk or by charge all can be voided; refund this one.',
  voidWhole: (left: number) => `A void gives back all that is left of the payment (${formatMoney(left)}).`,
  pendingPayment: 'This payment is still being processed. Wait for its answer, then give money back.',
  keyRequired: 'The Idempotency-Key header is required: send one key per refund, the same on a retry.',
  refunded: (amount: number, how: string) => `Gave back ${formatMoney(amount)} ${how}.`,
  voided: (amount: number, how: string) =>
    `Voided: ${formatMoney(amount)} given back ${how}; what it paid for is owed again.`,
  pending: 'The refund was sent; its answer is not in yet. The balance shows it as being given back.',
  /** Said before the tap (desk screen). */
  voidWarning: 'A void gives all of it back and puts what it paid for back on the balance.',
} as const;

/** How money goes back, said after the amount: "to the card", "in cash", "by check". */
export const refundHow = (method: 'card' | 'cash' | 'check') =>
  method === 'card' ? 'to the card' : method === 'cash' ? 'in cash' : 'by check';

export const refundRequest = z.object({
  /** desk: a payment taken at the desk or by charge all (payments.id); phone: a card order paid on the phone. */
  source: z.enum(['desk', 'phone'], { error: 'must be desk or phone' }).optional().default('desk'),
  paymentid: rowId,
  amount: moneyIn('amount', MAX_ORDER_TOTAL).refine((cents) => cents > 0, 'The amount must be more than $0.00.'),
  reason: plainText(200)
    .trim()
    .refine((r) => r.length > 0, refundWords.reason),
  /** A desk payment taken by mistake: all of it back, and what it paid for owed again. */
  void: z.boolean().optional().default(false),
});
export type RefundRequest = z.output<typeof refundRequest>;

export const refundResponse = z.object({
  status: z.literal('success'),
  /** refunded: the money went back; pending: a card refund sent, its answer not in yet. */
  result: z.enum(['refunded', 'pending']),
  message: z.string(),
  refundid: z.number().int(),
  amount: money,
  /** The balance after: what is due, and what was paid over it. */
  due: money,
  credit: money,
});
export type RefundResponse = z.infer<typeof refundResponse>;
