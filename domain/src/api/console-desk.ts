import { z } from 'zod';
import { plainText, rowId } from '../bounds';
import { formatMoney, money, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';
import { consoleBidderParams } from './console-bidders';
import { checkinsResponse } from './console-checkin';
import { consoleEventParams } from './console-events';

/**
 * The checkout desk (auction night): look a bidder up, read their balance (domain/src/console/
 * ledger.ts), take a payment (card on file, a new card, cash, check; part or all; a couple's
 * balances on one payment), and print the receipt. `bidderid` is the account id, the `userid` a
 * bidder's sign-in answers; amounts are dollars on the wire.
 */

/** The desk's sentences, shared by the server's refusals and the screen. */
export const deskWords = {
  notFound: 'There is no such bidder in this event.',
  amountZero: 'The amount must be more than $0.00.',
  moreThanDue: (due: number) => `This is more than is due (${formatMoney(due)}).`,
  checkNumber: 'Please type the check number.',
  newCard: 'Please enter the card.',
  noCardOnFile: 'This bidder has no card on file. Use a new card, cash or a check.',
  alreadyPaid: 'Nothing is due: this balance is already paid.',
  inProgress: 'A payment of this balance is being processed. Wait a moment, then look the bidder up again.',
  keyRequired: 'The Idempotency-Key header is required: send one key per payment, the same on a retry.',
  paid: (amount: number) => `Paid ${formatMoney(amount)}.`,
  partlyPaid: (amount: number, due: number) => `Paid ${formatMoney(amount)}; ${formatMoney(due)} is still due.`,
  pending: 'The card was sent; its answer is not in yet. The balance shows it as being paid.',
  confirm:
    "The card's bank asks the cardholder to confirm this payment, which the desk cannot do. Use another card or cash, or the bidder pays on their phone.",
  /** Said before the tap when one bidder's card pays other balances too (issue 47, finding 6). */
  whoseCard: (holder: string, card: string, count: number) =>
    `This charges ${holder}'s ${card} for ${count} balances. ${holder} gets one receipt naming each.`,
  /** The phone's checkout, while money paid at the desk is not yet tied to the items. */
  payRestAtDesk:
    'Part of your balance was paid at the checkout desk. Please pay the rest at the checkout desk, so nothing is paid twice.',
} as const;

export const deskLookupQuery = z.object({
  /** A bidder number, part of a name or an email, or a scanned check-in code (gavel-bidder:12). */
  q: plainText(200).trim().optional().default(''),
});

/** A bidder as the desk's lookup lists them. */
export const deskBidder = z.object({
  bidderid: z.number().int(),
  biddernumber: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  due: money,
  /** A payment is being processed (a card charge sent, its answer not in yet). */
  inprogress: z.boolean(),
  cardonfile: z.boolean(),
  /** "Visa ending in 4242", or ''. */
  card: z.string(),
});
export type DeskBidder = z.infer<typeof deskBidder>;

export const deskLookupResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  bidders: z.array(deskBidder),
});
export type DeskLookupResponse = z.infer<typeof deskLookupResponse>;

export const deskLineKind = z.enum(['item', 'pledge', 'donation', 'fee', 'storebillme']);

export const deskLine = z.object({
  kind: deskLineKind,
  /** The line's row (won_items.id, pledges.id, orders.id or store_orders.id): what a hold names. */
  id: z.number().int(),
  label: z.string(),
  itemnum: z.string(),
  quantity: z.number().int(),
  amount: money,
  /** Part of a Bill Me order (the phone's or the store's). */
  billme: z.boolean(),
  /** Already paid or tied to a payment (an order paid on the phone, a desk order). */
  settled: z.boolean(),
  /** How an item was won: bid, buynow, live; null for the rest. */
  won: z.enum(['bid', 'buynow', 'live']).nullable(),
  /** On hold at the desk (disputed): no desk, phone or charge all takes money for it. */
  hold: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
});
export type DeskLine = z.infer<typeof deskLine>;

const person = z.object({ bidderid: z.number().int(), biddernumber: z.number().int(), name: z.string() });

export const deskPayment = z.object({
  /**
   * 'phone': a checkout on the bidder's phone; 'desk': money taken at the desk or by charge all;
   * 'refund': money given back from one of those (its amount below 0).
   */
  source: z.enum(['phone', 'desk', 'refund']),
  id: z.number().int(),
  method: z.enum(['card', 'cash', 'check']),
  /** What of it went to this balance. */
  amount: money,
  state: z.enum(['paid', 'pending']),
  /** Who paid (a couple pays one another's balance). */
  paidby: person,
  reference: z.string(),
  /** "Visa ending in 4242", or ''. */
  card: z.string(),
  at: z.string(),
  /** A refund's payment; null for a payment. */
  of: z.object({ source: z.enum(['phone', 'desk']), id: z.number().int() }).nullable(),
  /** What of a paid payment can still be given back (0 for a refund, or a payment still being processed). */
  refundable: money,
});
export type DeskPayment = z.infer<typeof deskPayment>;

export const deskBalance = z.object({
  bidder: person.extend({ email: z.string(), cardonfile: z.boolean(), card: z.string() }),
  lines: z.array(deskLine),
  payments: z.array(deskPayment),
  charged: money,
  paid: money,
  due: money,
  /** Paid over what is owed (an item undone after it was paid): to be refunded. */
  credit: money,
  /** The lines on hold (disputed), not in `charged` until released. */
  held: money,
  inprogress: z.boolean(),
  /** The orders that paid this balance (phone checkouts and desk orders): their receipts. */
  receipts: z.array(z.number().int()),
});
export type DeskBalance = z.infer<typeof deskBalance>;

export const deskBalanceResponse = deskBalance.extend({
  status: z.literal('success'),
  message: z.string(),
  /** The event's card entry, for a new card at the desk (the check-in desk's, the same). */
  cards: checkinsResponse.shape.cards,
});
export type DeskBalanceResponse = z.infer<typeof deskBalanceResponse>;

/** The printable receipt: the balance with the event's and organization's names, and when it was printed. */
export const deskReceiptResponse = deskBalanceResponse.extend({
  eventname: z.string(),
  organizationname: z.string(),
  printedat: z.string(),
  /** The event's zone, for the times shown. */
  timezone: z.string(),
  /** The bidder's pickup code, shown at the pickup desk ('' when the event has none yet). */
  pickupcode: z.string(),
});
export type DeskReceiptResponse = z.infer<typeof deskReceiptResponse>;

export const deskPaymentMethods = ['card', 'newcard', 'cash', 'check'] as const;
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number];

/** What a payment takes: more than $0, two decimals at most. */
export const deskAmount = moneyIn('amount', MAX_ORDER_TOTAL).refine((cents) => cents > 0, deskWords.amountZero);
export const deskMethod = z.enum(deskPaymentMethods, { error: 'must be card, newcard, cash or check' });
export const deskReference = plainText(100).trim().optional().default('');

export const deskPaymentRequest = z
  .object({
    /** card: the card on file; newcard: a card entered now (processortoken); cash; check (reference: its number). */
    method: deskMethod,
    amount: deskAmount,
    /** A check's number, or a note. */
    reference: deskReference,
    /** The new card's token from the event's card form. */
    processortoken: plainText(4_000).trim().optional(),
    /** Other bidders whose balances this payment also pays (a couple), after the bidder's own. */
    forbidderids: z.array(rowId).max(10, 'at most 10 bidders').optional().default([]),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'check' && b.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: deskWords.checkNumber });
    if (b.method === 'newcard' && !b.processortoken)
      ctx.addIssue({ code: 'custom', path: ['processortoken'], message: deskWords.newCard });
  });
export type DeskPaymentRequest = z.output<typeof deskPaymentRequest>;

export const deskPaymentResponse = z.object({
  status: z.literal('success'),
  /** paid; pending (sent, answer not in yet); confirm (the bank wants the cardholder: not paid); alreadypaid (nothing was due). */
  result: z.enum(['paid', 'pending', 'confirm', 'alreadypaid']),
  message: z.string(),
  paymentid: z.number().int().nullable(),
  amount: money,
  /** What is still due on the balances paid, after this payment. */
  due: money,
  /** The paying bidder's receipts (their orders), newest last. */
  receipts: z.array(z.number().int()),
});
export type DeskPaymentResponse = z.infer<typeof deskPaymentResponse>;

export const deskBidderParams = consoleBidderParams;
export const deskEventParams = consoleEventParams;
