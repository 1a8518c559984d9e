import { type Cents, type EventVenue, FREE_ITEM_TYPE, formatMoney, storeOrderNumber } from '@gavel/domain';
import {
  extraSums,
  issuerBlocks,
  type MailContact,
  orderFacts,
  paymentLines,
  RECEIPT_COLUMNS,
  type ReceiptTax,
  taxBlocks,
  venueFacts,
} from './receipt-parts';
import type { MailSum } from './table';
import { type MailBrand, type MailMessage, message } from './templates';

export interface StoreReceipt {
  first: string;
  /** processorcode: the processor the order went through; a card paid through the test gateway (1) moved no money. */
  order: {
    id: number;
    subtotal: Cents;
    discount: Cents;
    promocode: string;
    donation: Cents;
    fee: Cents;
    total: Cents;
    method: 'CREDIT' | 'BILLME' | 'FREE';
    processorcode: number;
  };
  /** `code` is the store item's, its number on the receipt; `price` is the price of one. */
  lines: Array<{ code: string; name: string; quantity: number; price: Cents; itemtypecode: number }>;
  paidWith: string;
  /** When the order became final (paid, or placed for Bill Me and free orders), shown in `timezone`, the event's. */
  at: Date;
  timezone: string;
  /** The organization, with the event's phone and email, for questions about the order. */
  contact: MailContact;
  /** Where and when the event happens, or null. */
  venue: EventVenue | null;
  /** What is deductible and who gives the receipt (features/receipts/order-tax.ts). */
  tax?: ReceiptTax;
}

/**
 * The store's receipt: the lines, discount, donation, fee, total and how it was paid, the event's
 * time and place, and the link to assign guests to the tickets when the purchase has seats (the
 * Update Registration link the spec's Complete Registration dialog points to).
 */
export function storeReceiptMail(brand: MailBrand, r: StoreReceipt, registrationUrl: string | undefined): MailMessage {
  const { order } = r;
  const rows = r.lines.map((l) => [
    l.code,
    l.name,
    String(l.quantity),
    l.itemtypecode === FREE_ITEM_TYPE ? 'FREE' : formatMoney(l.price * l.quantity),
  ]);
  const sums: MailSum[] = [
    { label: 'Subtotal', value: formatMoney(order.subtotal) },
    ...(order.discount > 0
      ? [{ label: `Promo code ${order.promocode}`, value: `−${formatMoney(order.discount)}` }]
      : []),
    ...extraSums(order.donation, order.fee),
    { label: 'Total', value: formatMoney(order.total), strong: true },
  ];
  const payment = paymentLines(order.method, order.total, r.paidWith, order.processorcode);
  const venue = venueFacts(r.venue, `See you at ${brand.eventname}`);
  const registration = registrationUrl
    ? [
        'Use the Update Registration button below to assign your guests to your tickets, and to change their details later.',
      ]
    : [];
  const number = storeOrderNumber(order.id);
  return message(brand, {
    subject: `Your receipt from ${brand.eventname} (order ${number})`,
    heading: order.method === 'BILLME' ? 'Thank you! Your order is saved' : 'Thank you for your purchase!',
    blocks: [
      `Hi ${r.first || 'there'}, here is your receipt for order ${number}.`,
      orderFacts({ number, at: r.at, paid: order.method === 'CREDIT', timezone: r.timezone }, r.contact),
      { table: { columns: RECEIPT_COLUMNS, rows, sums } },
      ...payment,
      ...taxBlocks(r.tax),
      ...venue,
      ...registration,
      ...issuerBlocks(r.tax?.issuer),
    ],
    buttons: registrationUrl ? [{ label: 'Update Registration', url: registrationUrl }] : [],
    footer: 'Keep this email as your receipt. Thank you for supporting our cause.',
  });
}
