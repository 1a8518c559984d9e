import { type Cents, formatMoney } from '@gavel/domain';
import {
  extraSums,
  issuerBlocks,
  type MailContact,
  orderFacts,
  paymentLines,
  RECEIPT_COLUMNS,
  type ReceiptTax,
  taxBlocks,
} from './receipt-parts';
import type { MailSum } from './table';
import { type MailBlock, type MailBrand, type MailMessage, message } from './templates';

export interface Receipt {
  firstname: string;
  orderId: number;
  /** When the order was paid (a card) or placed (Bill Me), shown in `timezone`, the event's. */
  at: Date;
  timezone: string;
  /** The organization, with the event's phone and email, for questions about the order. */
  contact: MailContact;
  /** `amount` is the price of one. */
  lines: Array<{ itemnum: string; name: string; quantity: number; amount: Cents; location: string }>;
  donation: Cents;
  fee: Cents;
  total: Cents;
  paidWith: string;
  billMe: boolean;
  /** The processor the order went through: a card paid through the test gateway (1) moved no money. */
  processorcode: number;
  pickups: string[];
  /** The bidder's pickup code and where its QR is drawn; the pickup desk scans or types it. */
  pickup?: { code: string; qrUrl: string };
  /** What is deductible and who gives the receipt (features/receipts/order-tax.ts). */
  tax?: ReceiptTax;
}

/** The pickup code, large, with its QR: what the bidder shows at the pickup desk. */
function pickupCodeBlocks(pickup: Receipt['pickup']): MailBlock[] {
  if (!pickup) return [];
  return [
    {
      code: {
        label: 'Your pickup code',
        value: pickup.code,
        image: { url: pickup.qrUrl, alt: `QR code of pickup code ${pickup.code}`, size: 200 },
      },
    },
    'Show this code (or its QR code) at the pickup desk to collect your items.',
  ];
}

/**
 * The receipt sent after every checkout: what was bought, what was paid, when and how, what of it
 * is deductible, where to collect it, and who gives the receipt.
 */
export function receiptMail(brand: MailBrand, r: Receipt, ordersUrl: string): MailMessage {
  const rows = r.lines.map((l) => [l.itemnum, l.name, String(l.quantity), formatMoney(l.amount * l.quantity)]);
  const extras = extraSums(r.donation, r.fee);
  const subtotal = r.lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
  const sums: MailSum[] = [
    ...(extras.length > 0 ? [{ label: 'Subtotal', value: formatMoney(subtotal) }, ...extras] : []),
    { label: 'Total', value: formatMoney(r.total), strong: true },
  ];
  const payment = paymentLines(r.billMe ? 'BILLME' : 'CREDIT', r.total, r.paidWith, r.processorcode);
  const pickup =
    r.pickups.length > 0
      ? r.pickups.map((p) => `Pickup: ${p}`)
      : ['Pickup: the organizer will tell you where and when to collect your items.'];
  return message(brand, {
    subject: `Your receipt from ${brand.eventname} (order ${r.orderId})`,
    heading: r.billMe ? 'Thank you! Your order is saved' : 'Thank you for your purchase!',
    blocks: [
      `Hi ${r.firstname || 'there'}, here is your receipt for order ${r.orderId}.`,
      orderFacts({ number: String(r.orderId), at: r.at, paid: !r.billMe, timezone: r.timezone }, r.contact),
      { table: { columns: RECEIPT_COLUMNS, rows, sums } },
      ...payment,
      ...taxBlocks(r.tax),
      ...pickup,
      ...pickupCodeBlocks(r.pickup),
      ...issuerBlocks(r.tax?.issuer),
    ],
    buttons: [{ label: 'View Order History', url: ordersUrl }],
    footer: 'Keep this email as your receipt. Thank you for supporting our cause.',
  });
}
