import { z } from 'zod';
import { rowId } from '../bounds';
import { formatMoney, money } from '../money';
import { consoleEventParams } from './console-events';
import { deskReference, deskWords } from './console-desk';

/**
 * The store's Bill Me orders on nobody's balance, at the checkout desk (issue 47): each is its
 * purchaser's own invoice, paid by whoever stands at the desk, in cash or by check, never from a
 * bidder's card on file. (An order a bidder put on their balance by the mailed link is paid with
 * that balance instead.) Amounts are dollars on the wire.
 */

export const invoiceWords = {
  paid: (orderid: number, amount: number) => `Store order S-${orderid} paid: ${formatMoney(amount)}.`,
  alreadyPaid: (orderid: number) => `Store order S-${orderid} is already paid.`,
  onBalance: (orderid: number) =>
    `Store order S-${orderid} is on a bidder's balance now: take it with their balance (look the bidder up).`,
  notFound: 'There is no such unpaid Bill Me store order in this event.',
} as const;

/** A store Bill Me order as the desk lists it. */
export const deskInvoice = z.object({
  orderid: z.number().int(),
  /** The buyer's name as typed at the store, else their email. */
  name: z.string(),
  email: z.string(),
  total: money,
  createdat: z.string(),
});
export type DeskInvoice = z.infer<typeof deskInvoice>;

export const deskInvoicesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  invoices: z.array(deskInvoice),
});
export type DeskInvoicesResponse = z.infer<typeof deskInvoicesResponse>;

export const deskInvoiceParams = consoleEventParams.extend({ orderid: z.coerce.number<string>().pipe(rowId) });

export const deskInvoicePaymentRequest = z
  .object({
    method: z.enum(['cash', 'check'], { error: 'must be cash or check' }),
    /** A check's number, or a note. */
    reference: deskReference,
  })
  .superRefine((b, ctx) => {
    if (b.method === 'check' && b.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: deskWords.checkNumber });
  });
export type DeskInvoicePaymentRequest = z.output<typeof deskInvoicePaymentRequest>;

export const deskInvoicePaymentResponse = z.object({
  status: z.literal('success'),
  /** paid now; alreadypaid (someone paid it first). */
  result: z.enum(['paid', 'alreadypaid']),
  message: z.string(),
  orderid: z.number().int(),
  amount: money,
});
export type DeskInvoicePaymentResponse = z.infer<typeof deskInvoicePaymentResponse>;
