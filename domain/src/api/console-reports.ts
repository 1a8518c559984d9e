import { z } from 'zod';
import { plainText } from '../bounds';
import { money } from '../money';
import { RAISED_SOURCES, SUMMARY_METHODS } from '../console/reports';
import { pickupListItem, pickupListQuery } from './console-pickup';

/**
 * The console's reports (after the night): JSON, or `?format=csv` for a spreadsheet. Amounts are
 * dollars on the wire, cents inside (domain/src/console/reports.ts has what counts where).
 */

const format = z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json');
export const reportQuery = z.object({ format });

const reportHead = {
  status: z.literal('success'),
  message: z.string(),
  eventname: z.string(),
  /** The event's time zone: times in the report are on its clock. */
  timezone: z.string(),
};

export const summaryResponse = z.object({
  ...reportHead,
  raised: money,
  collected: money,
  /** What the balances owing still owe (a balance paid over what it owes nets nothing against them). */
  outstanding: money,
  /** Paid over what is owed, to give back: raised = collected + outstanding − credits. */
  credits: money,
  /** Lines on hold at the desk (disputed): in no other figure until released. */
  held: money,
  /** Of the collected, card charges whose outcome is not in yet. */
  pending: money,
  /** Raised by source, in this order; they add up to `raised`. */
  sources: z.array(z.object({ source: z.enum(RAISED_SOURCES), label: z.string(), amount: money })),
  /** Card, cash and check add up to `collected`; Bill Me unpaid and not yet paid to `outstanding`. */
  methods: z.array(z.object({ method: z.enum(SUMMARY_METHODS), label: z.string(), amount: money })),
  /** Card orders refunded (in neither raised nor collected) and money given back at the desk (out of collected). */
  refunds: z.object({ count: z.number().int(), amount: money }),
  /** Bidders owing something. */
  owing: z.number().int(),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

export const ITEM_REPORT_SORTS = ['itemnum', 'amount', 'percent', 'bids'] as const;
export const ITEM_RESULTS = ['sold', 'pledged', 'open', 'unsold', 'nobids'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];
export const ITEM_RESULT_LABELS: Record<ItemResult, string> = {
  sold: 'Sold',
  pledged: 'Pledged',
  open: 'Bidding open',
  unsold: 'Not sold',
  nobids: 'No bids',
};

export const itemsReportQuery = z.object({
  format,
  /** One location ('' = items without one); left out, every location. */
  location: plainText(200).optional(),
  /** Item number, or highest first: amount, percent of value, bids. */
  sort: z.enum(ITEM_REPORT_SORTS, { error: 'must be itemnum, amount, percent or bids' }).default('itemnum'),
});

export const itemReportRow = z.object({
  itemnum: z.string(),
  name: z.string(),
  location: z.string(),
  result: z.enum(ITEM_RESULTS),
  /** The winners ('Ann Lee (#12)'), or '' when none; a fund-a-need item's pledges are counted, not named. */
  winner: z.string(),
  /** Units sold (fund-a-need: pledges). */
  quantity: z.number().int(),
  /** What it fetched: its sales (amount × quantity), or its pledges. */
  amount: money,
  /** Fair market value of one unit. */
  value: money,
  /** Percent of value (amount ÷ value of the units sold), or null without a value. */
  percent: z.number().int().nullable(),
  bids: z.number().int(),
});
export type ItemReportRow = z.infer<typeof itemReportRow>;

export const itemsReportResponse = z.object({
  ...reportHead,
  /** Every location of the event's items, for the filter (whatever it chose). */
  locations: z.array(z.string()),
  items: z.array(itemReportRow),
  total: money,
});
export type ItemsReportResponse = z.infer<typeof itemsReportResponse>;

export const unpaidRow = z.object({
  /** The bidder's id in the console (the account's); null for a store order on no bidder's balance. */
  bidderid: z.number().int().nullable(),
  biddernumber: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  charged: money,
  paid: money,
  due: money,
  /** Of the due, Bill Me orders still unpaid. */
  billme: money,
  /** A card charge is under way. */
  inprogress: z.boolean(),
});
export type UnpaidRow = z.infer<typeof unpaidRow>;

export const unpaidResponse = z.object({ ...reportHead, rows: z.array(unpaidRow), total: money });
export type UnpaidResponse = z.infer<typeof unpaidResponse>;

const paymentMethodName = z.enum(['card', 'cash', 'check']);
export const paymentReportRow = z.object({
  /** A stable key: 'desk-5', 'phone-12', 'store-3', 'refund-phone-12', 'refund-7' (money given back at the desk). */
  id: z.string(),
  /** ISO-8601 on the event's clock. */
  at: z.string(),
  /** Negative for a refund. */
  amount: money,
  method: paymentMethodName,
  /** refund and void: money given back (a void: a desk payment taken by mistake). */
  kind: z.enum(['payment', 'refund', 'void']),
  source: z.enum(['desk', 'chargeall', 'phone', 'store']),
  /** Who took it: a staff member's name, 'Bidder's phone', 'Store', or 'Charge all'. */
  takenby: z.string(),
  /** Whose money: the bidder (with their number) or the store's buyer. */
  payer: z.string(),
  /** A check's number, or the card ('Visa 4242'). */
  reference: z.string(),
  state: z.enum(['paid', 'pending', 'refunded']),
});
export type PaymentReportRow = z.infer<typeof paymentReportRow>;

const byMethod = { card: money, cash: money, check: money };
export const paymentsReportResponse = z.object({
  ...reportHead,
  rows: z.array(paymentReportRow),
  /** Equal to the summary's collected. */
  total: money,
  methods: z.object(byMethod),
  people: z.array(z.object({ takenby: z.string(), count: z.number().int(), total: money, ...byMethod })),
});
export type PaymentsReportResponse = z.infer<typeof paymentsReportResponse>;

export const pickupsReportQuery = pickupListQuery.extend({ format });
export const pickupsReportResponse = z.object({
  ...reportHead,
  locations: z.array(z.string()),
  items: z.array(pickupListItem),
  collected: z.number().int(),
  waiting: z.number().int(),
  /** Of the waiting, not paid yet. */
  notpaid: z.number().int(),
});
export type PickupsReportResponse = z.infer<typeof pickupsReportResponse>;

export const bidsOverTimeResponse = z.object({
  ...reportHead,
  /** Every minute from the first bid's to the last's: the minute (ISO-8601 on the event's clock), its label ('7:05 PM'), its bids. */
  minutes: z.array(z.object({ minute: z.string(), label: z.string(), bids: z.number().int() })),
  total: z.number().int(),
  /** The busiest minute's bids. */
  peak: z.number().int(),
});
export type BidsOverTimeResponse = z.infer<typeof bidsOverTimeResponse>;
