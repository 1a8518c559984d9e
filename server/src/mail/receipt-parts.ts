import {
  type Cents,
  type EventVenue,
  formatDateTime,
  formatMoney,
  isTestPayment,
  TEST_PAYMENT_NOTE,
} from '@gavel/domain';
import type { MailBlock, MailFact } from './templates';
import type { MailColumn, MailSum } from './table';

/** Who runs the event, as a receipt names them: the organization and how to reach it (either may be ''). */
export interface MailContact {
  name: string;
  phone: string;
  email: string;
}

/** The moment an order became what it is, shown in the event's own zone. */
export interface OrderMoment {
  /** The order's number as the buyer quotes it ('12', 'S-12'). */
  number: string;
  at: Date;
  /** Paid by card (the moment of payment), or only ordered (Bill Me, nothing to pay). */
  paid: boolean;
  timezone: string;
}

/** A receipt's heading facts: the order's number, when it was paid (or ordered), and who to ask about it. */
export function orderFacts(order: OrderMoment, contact: MailContact): MailBlock {
  const reach = [contact.phone, contact.email].map((s) => s.trim()).filter(Boolean);
  const facts: MailFact[] = [
    { label: 'Order number', value: order.number },
    { label: order.paid ? 'Paid' : 'Ordered', value: formatDateTime(order.at, order.timezone) },
    { label: 'Organization', value: contact.name },
    ...(reach.length > 0 ? [{ label: 'Contact', value: reach.join('\n') }] : []),
  ];
  return { facts };
}

/** The columns of a receipt's lines; a long name wraps within its column of the text part. */
export const RECEIPT_COLUMNS: MailColumn[] = [
  { label: 'Item #', wrap: 10 },
  { label: 'Item', wrap: 30 },
  { label: 'Qty', align: 'right' },
  { label: 'Amount', align: 'right' },
];

/** Where and when the event happens (its date, then its times), under `title`, for the mails that invite to it; nothing when the organizer gave no venue. */
export function venueFacts(venue: EventVenue | null, title?: string): MailBlock[] {
  if (!venue) return [];
  const where = [venue.name, venue.address].filter(Boolean).join('\n');
  const facts = [
    { label: 'When', value: `${venue.date}\n${venue.time}` },
    ...(where ? [{ label: 'Where', value: where }] : []),
  ];
  return [title ? { facts, title } : { facts }];
}

/** The organization of an event and the event's phone and email (the import's organizationphone and organizationemail). */
export function mailContact({
  organization,
  event,
}: {
  organization: { name: string };
  event: { organizationphone: string; organizationemail: string };
}): MailContact {
  return { name: organization.name, phone: event.organizationphone, email: event.organizationemail };
}

/** The donation and the card fee the buyer covered, each only when there is one: the same words on both receipts. */
export function extraSums(donation: Cents, fee: Cents): MailSum[] {
  return [
    ...(donation > 0 ? [{ label: 'Additional donation', value: formatMoney(donation) }] : []),
    ...(fee > 0 ? [{ label: 'Card processing fee you covered', value: formatMoney(fee) }] : []),
  ];
}

/** How an order is paid, and the test gateway's note when its card moved no money. */
export function paymentLines(
  method: 'CREDIT' | 'BILLME' | 'FREE',
  total: Cents,
  paidWith: string,
  processorcode: number,
): string[] {
  const how =
    method === 'BILLME'
      ? `Payment: Bill Me. The organizer will bill you for ${formatMoney(total)}.`
      : method === 'FREE'
        ? 'Nothing to pay.'
        : `Paid with ${paidWith}.`;
  return [how, ...(isTestPayment({ processorcode, card: method === 'CREDIT' }) ? [TEST_PAYMENT_NOTE] : [])];
}

/** A receipt's line for the tax part: what was paid, the value received and the deductible part. */
export interface TaxLine {
  label: string;
  amount: Cents;
  value: Cents;
  deductible: Cents;
}

/** Who gives a tax receipt (the event's tax settings); a field not set is ''. */
export interface ReceiptIssuer {
  legalname: string;
  taxid: string;
  address: string;
  disclosure: string;
}

/** The tax part of a receipt (features/receipts has the rules and builds it). */
export interface ReceiptTax {
  lines: TaxLine[];
  /** What all the lines come to deductible. */
  deductible: Cents;
  /** The quid-pro-quo statement when due (a payment over $75 partly for something of value); '' otherwise. */
  statement: string;
  /** Why a covered card fee is not deductible, when one is on the receipt; '' otherwise. */
  feeNote: string;
  issuer: ReceiptIssuer;
}

const TAX_COLUMNS: MailColumn[] = [
  { label: 'For', wrap: 24 },
  { label: 'Paid', align: 'right' },
  { label: 'Value received', align: 'right' },
  { label: 'Deductible', align: 'right' },
];

/**
 * The tax part of a receipt: per line what was paid, the value received and the deductible part,
 * the total deductible, the statement when it is due and why a fee is not deductible.
 */
export function taxBlocks(tax: ReceiptTax | undefined): MailBlock[] {
  if (!tax || tax.lines.length === 0) return [];
  const rows = tax.lines.map((l) => [l.label, formatMoney(l.amount), formatMoney(l.value), formatMoney(l.deductible)]);
  return [
    'For your taxes: what you paid, the value of what you received in return, and the part that is deductible.',
    {
      table: {
        columns: TAX_COLUMNS,
        rows,
        sums: [{ label: 'Total deductible', value: formatMoney(tax.deductible), strong: true }],
      },
    },
    ...(tax.statement ? [tax.statement] : []),
    ...(tax.feeNote ? [tax.feeNote] : []),
  ];
}

/** Who gives the receipt, at its foot: legal name, tax id and address as facts, then the disclosure; each only when set. */
export function issuerBlocks(issuer: ReceiptIssuer | undefined): MailBlock[] {
  if (!issuer) return [];
  const facts: MailFact[] = [
    ...(issuer.legalname ? [{ label: 'Legal name', value: issuer.legalname }] : []),
    ...(issuer.taxid ? [{ label: 'Tax id (EIN)', value: issuer.taxid }] : []),
    ...(issuer.address ? [{ label: 'Address', value: issuer.address }] : []),
  ];
  return [
    ...(facts.length > 0 ? [{ facts, title: 'Receipt issued by' }] : []),
    ...(issuer.disclosure ? [issuer.disclosure] : []),
  ];
}
