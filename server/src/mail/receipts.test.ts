import { describe, expect, it } from 'vitest';
import { TEST_PAYMENT_NOTE } from '@gavel/domain';
import { SERVED_GALA_VENUE } from '../test/documents';
import { guestLinkMail } from './guest-link';
import { type Receipt, receiptMail } from './receipt';
import type { ReceiptTax } from './receipt-parts';
import { type StoreReceipt, storeReceiptMail } from './store-receipt';
import { textTable, wrapText } from './table';

const brand = { eventname: 'Spring Gala', organizationname: 'Riverbend Community Foundation' };
const contact = {
  name: 'Riverbend Community Foundation',
  phone: '(312) 555-0142',
  email: 'gala@riverbend.example.org',
};
// 03:17 UTC on December 6 is 9:17 PM on December 5 in Chicago, and already noon on the 6th in Tokyo.
const paidAt = new Date('2026-12-06T03:17:00Z');
const HOSTILE = `<img src=x onerror="alert(1)">Tom & Jerry's`;

const auction = (over: Partial<Receipt> = {}): Receipt => ({
  firstname: 'Ann',
  orderId: 41,
  at: paidAt,
  timezone: 'America/Chicago',
  contact,
  lines: [
    { itemnum: '101', name: 'Weekend in Napa Valley', quantity: 1, amount: 250_000, location: '' },
    { itemnum: 'C-7', name: 'Coffee Basket', quantity: 2, amount: 4_000, location: '' },
  ],
  donation: 1_001,
  fee: 150,
  total: 259_151,
  paidWith: 'Visa ending in 4242',
  billMe: false,
  processorcode: 2,
  pickups: ['Gift table.'],
  ...over,
});

const venue = SERVED_GALA_VENUE;

const store = (over: Partial<StoreReceipt> = {}): StoreReceipt => ({
  first: 'Ann',
  order: {
    id: 12,
    subtotal: 32_500,
    discount: 3_250,
    promocode: 'GALA10',
    donation: 5_000,
    fee: 0,
    total: 34_250,
    method: 'CREDIT',
    processorcode: 1,
  },
  lines: [
    { code: 'T1', name: 'Single Ticket', quantity: 2, price: 15_000, itemtypecode: 1 },
    { code: 'SH', name: 'Shirt', quantity: 1, price: 2_500, itemtypecode: 1 },
    { code: 'VOL', name: 'Volunteer', quantity: 2, price: 0, itemtypecode: 4 },
  ],
  paidWith: 'Visa ending in 4242',
  at: paidAt,
  timezone: 'America/Chicago',
  contact,
  venue,
  ...over,
});

/** The rows of the HTML table: each row's cells, as text. */
function htmlRows(html: string): string[][] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1] ?? ''),
  );
}

/** The text part's lines that hold an amount: the table's rows and its sums. */
const amountLines = (text: string) =>
  text.split('\n').filter((line) => /\$[\d,]+\.\d\d$|FREE$/.test(line) && !line.startsWith('Payment'));

describe('the auction receipt', () => {
  it('lists the lines as a table in the HTML: item #, name, quantity and amount', () => {
    const mail = receiptMail(brand, auction(), 'https://riverbend.gavel.example/gala/my-orders');
    expect(htmlRows(mail.html)).toEqual([
      ['101', 'Weekend in Napa Valley', '1', '$2,500.00'],
      ['C-7', 'Coffee Basket', '2', '$80.00'],
    ]);
    expect(mail.html).toMatch(
      /<th scope="col"[^>]*>Item #<\/th><th scope="col"[^>]*>Item<\/th><th scope="col"[^>]*>Qty<\/th><th scope="col"[^>]*>Amount<\/th>/,
    );
    expect(mail.html).toMatch(
      /<tfoot>.*Subtotal.*\$2,580\.00.*Additional donation.*\$10\.01.*Card processing fee you covered.*\$1\.50.*Total.*\$2,591\.51.*<\/tfoot>/s,
    );
  });

  it('lines the plain text up in columns, with the sums ending where the amounts end', () => {
    const { text } = receiptMail(brand, auction(), 'https://x/gala/my-orders');
    const lines = text.split('\n');
    const header = lines.find((l) => l.startsWith('Item #'));
    expect(header).toMatch(/^Item # +Item +Qty +Amount$/);
    const amounts = amountLines(text);
    expect(amounts).toEqual([
      expect.stringMatching(/^101 +Weekend in Napa Valley +1 +\$2,500\.00$/),
      expect.stringMatching(/^C-7 +Coffee Basket +2 +\$80\.00$/),
      expect.stringMatching(/^ +Subtotal: \$2,580\.00$/),
      expect.stringMatching(/^ +Additional donation: \$10\.01$/),
      expect.stringMatching(/^ +Card processing fee you covered: \$1\.50$/),
      expect.stringMatching(/^ +Total: \$2,591\.51$/),
    ]);
    for (const line of amounts) expect(line.length).toBe(header?.length);
    // Each column starts where its heading does.
    const qty = header?.indexOf('Qty') ?? -1;
    expect(amounts[0]?.slice(qty, qty + 3).trim()).toBe('1');
    expect(amounts[1]?.indexOf('Coffee')).toBe(header?.indexOf('Item', 1));
  });

  it("says when it was paid in the event's zone, the order's number, and who to ask", () => {
    const chicago = receiptMail(brand, auction(), 'https://x');
    expect(chicago.text).toContain(
      'Order number: 41\nPaid:         Saturday, December 5, 2026, 9:17 PM CST\nOrganization: Riverbend Community Foundation\nContact:      (312) 555-0142\n              gala@riverbend.example.org',
    );
    expect(chicago.html).toContain('Saturday, December 5, 2026, 9:17 PM CST');
    expect(chicago.html).toContain('(312) 555-0142<br>gala@riverbend.example.org');
    const tokyo = receiptMail(brand, auction({ timezone: 'Asia/Tokyo' }), 'https://x');
    expect(tokyo.text).toContain('Paid:         Sunday, December 6, 2026, 12:17 PM GMT+9');
  });

  it('says Ordered for Bill Me, and leaves out a contact the organizer did not give', () => {
    const mail = receiptMail(
      brand,
      auction({ billMe: true, contact: { ...contact, phone: '', email: '' } }),
      'https://x',
    );
    expect(mail.text).toContain('Ordered:      Saturday, December 5, 2026, 9:17 PM CST');
    expect(mail.text).toContain('Payment: Bill Me. The organizer will bill you for $2,591.51.');
    expect(mail.text).not.toContain('Contact:');
  });

  it('keeps the TEST PAYMENT marking of a card paid through the test gateway', () => {
    const mail = receiptMail(brand, auction({ processorcode: 1 }), 'https://x');
    expect(mail.text).toContain(`Paid with Visa ending in 4242.\n${TEST_PAYMENT_NOTE}`);
    expect(mail.html).toContain(TEST_PAYMENT_NOTE);
    expect(receiptMail(brand, auction(), 'https://x').text).not.toContain('TEST');
  });

  it('escapes a hostile item name and organization in the HTML, and keeps it readable in the text', () => {
    const mail = receiptMail(
      { ...brand, organizationname: HOSTILE },
      auction({
        lines: [{ itemnum: '<b>1</b>', name: HOSTILE, quantity: 1, amount: 100, location: '' }],
        contact: { ...contact, name: HOSTILE },
      }),
      'https://x',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>1');
    expect(htmlRows(mail.html)[0]).toEqual([
      '&lt;b&gt;1&lt;/b&gt;',
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Tom &amp; Jerry&#39;s',
      '1',
      '$1.00',
    ]);
    expect(mail.html).toMatch(
      /Organization<\/th><td[^>]*>&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;Tom &amp; Jerry&#39;s<\/td>/,
    );
    expect(mail.text).toContain('Organization: <img src=x onerror="alert(1)">Tom & Jerry\'s');
  });
});

describe('the store receipt', () => {
  it('lists the lines as a table: code, name, quantity and amount, FREE for a free item', () => {
    const mail = storeReceiptMail(brand, store(), undefined);
    expect(htmlRows(mail.html)).toEqual([
      ['T1', 'Single Ticket', '2', '$300.00'],
      ['SH', 'Shirt', '1', '$25.00'],
      ['VOL', 'Volunteer', '2', 'FREE'],
    ]);
    const amounts = amountLines(mail.text);
    expect(amounts).toEqual([
      expect.stringMatching(/^T1 +Single Ticket +2 +\$300\.00$/),
      expect.stringMatching(/^SH +Shirt +1 +\$25\.00$/),
      expect.stringMatching(/^VOL +Volunteer +2 +FREE$/),
      expect.stringMatching(/^ +Subtotal: \$325\.00$/),
      expect.stringMatching(/^ +Promo code GALA10: −\$32\.50$/),
      expect.stringMatching(/^ +Additional donation: \$50\.00$/),
      expect.stringMatching(/^ +Total: \$342\.50$/),
    ]);
    expect(new Set(amounts.map((l) => l.length)).size).toBe(1);
  });

  it("says the order's number, when it was paid in the event's zone, and the organization's contact", () => {
    const mail = storeReceiptMail(brand, store(), undefined);
    expect(mail.text).toContain(
      'Order number: S-12\nPaid:         Saturday, December 5, 2026, 9:17 PM CST\nOrganization: Riverbend Community Foundation\nContact:      (312) 555-0142',
    );
    expect(storeReceiptMail(brand, store({ timezone: 'America/New_York' }), undefined).text).toContain(
      'Paid:         Saturday, December 5, 2026, 10:17 PM EST',
    );
    const billed = storeReceiptMail(brand, store({ order: { ...store().order, method: 'BILLME' } }), undefined);
    expect(billed.text).toContain('Ordered:      Saturday, December 5, 2026, 9:17 PM CST');
    expect(billed.text).not.toContain('TEST');
  });

  it("keeps the TEST PAYMENT marking, and gives the event's time and place", () => {
    const mail = storeReceiptMail(brand, store(), 'https://x/gala/event/purchaserregistration/abc');
    expect(mail.text).toContain(`Paid with Visa ending in 4242.\n${TEST_PAYMENT_NOTE}`);
    expect(mail.text).toContain(
      'See you at Spring Gala\nWhen:  Saturday, December 5, 2026\n       7:00 PM – 11:00 PM CST\nWhere: The Grand Ballroom\n       Riverbend Hotel\n       210 River Street',
    );
    expect(mail.html).toContain('The Grand Ballroom<br>Riverbend Hotel<br>210 River Street');
    expect(mail.links).toEqual(['https://x/gala/event/purchaserregistration/abc']);
    expect(storeReceiptMail(brand, store({ venue: null }), undefined).text).not.toContain('When:');
  });

  it('escapes a hostile item name and venue in the HTML', () => {
    const mail = storeReceiptMail(
      brand,
      store({
        lines: [{ code: 'X', name: HOSTILE, quantity: 1, price: 100, itemtypecode: 1 }],
        venue: { ...venue, name: HOSTILE },
      }),
      undefined,
    );
    expect(mail.html).not.toContain('<img');
    expect(htmlRows(mail.html)[0]?.[1]).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Tom &amp; Jerry&#39;s');
    expect(mail.html).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Tom &amp; Jerry&#39;s<br>Riverbend Hotel',
    );
  });
});

const issuer = {
  legalname: 'Riverbend Community Foundation, Inc.',
  taxid: '36-0000000',
  address: '210 River Street\nRiverbend, IL 60614',
  disclosure: 'Riverbend Community Foundation is a 501(c)(3) tax-exempt organization.',
};
const tax = (over: Partial<ReceiptTax> = {}): ReceiptTax => ({
  lines: [
    { label: 'Weekend in Napa Valley', amount: 55_000, value: 40_000, deductible: 15_000 },
    { label: 'Donation (order 41)', amount: 1_001, value: 0, deductible: 1_001 },
    { label: 'Card processing fee you covered (order 41)', amount: 150, value: 150, deductible: 0 },
  ],
  deductible: 16_001,
  statement: 'The amount of your contribution that is deductible is limited to the excess ($150.00).',
  feeNote: 'A card processing fee you chose to cover pays for the card payment and is not deductible.',
  issuer,
  ...over,
});

/** The rows of the HTML part's tax table (its first column is For): each row's cells, as text. */
const taxRows = (html: string) => htmlRows(html.slice(html.indexOf('>For</th>')));

describe('the tax part of a receipt', () => {
  it('shows per line what was paid, the value received and the deductible part, and the total deductible', () => {
    const mail = receiptMail(brand, auction({ tax: tax() }), 'https://x');
    expect(taxRows(mail.html)).toEqual([
      ['Weekend in Napa Valley', '$550.00', '$400.00', '$150.00'],
      ['Donation (order 41)', '$10.01', '$0.00', '$10.01'],
      ['Card processing fee you covered (order 41)', '$1.50', '$1.50', '$0.00'],
    ]);
    expect(mail.html).toMatch(/Total deductible.*\$160\.01/s);
    expect(mail.text).toMatch(/^For +Paid +Value received +Deductible$/m);
    expect(mail.text).toMatch(/^ +Total deductible: \$160\.01$/m);
  });

  it('gives the statement when due, why the fee is not deductible, and who issues the receipt at the foot', () => {
    const { text, html } = receiptMail(brand, auction({ tax: tax() }), 'https://x');
    expect(text).toContain('limited to the excess ($150.00)');
    expect(text).toContain('is not deductible.');
    expect(text).toContain(
      'Receipt issued by\nLegal name:   Riverbend Community Foundation, Inc.\nTax id (EIN): 36-0000000\nAddress:      210 River Street\n              Riverbend, IL 60614\n\nRiverbend Community Foundation is a 501(c)(3) tax-exempt organization.',
    );
    // The issuer comes after the pickup code: the foot of the receipt.
    expect(text.indexOf('Receipt issued by')).toBeGreaterThan(text.indexOf('Pickup:'));
    expect(html).toContain('210 River Street<br>Riverbend, IL 60614');
  });

  it('leaves out what is not set or not due', () => {
    const bare = tax({ statement: '', feeNote: '', issuer: { legalname: '', taxid: '', address: '', disclosure: '' } });
    const { text } = receiptMail(brand, auction({ tax: bare }), 'https://x');
    expect(text).toContain('Total deductible');
    expect(text).not.toContain('limited to the excess');
    expect(text).not.toContain('Receipt issued by');
    const partial = receiptMail(
      brand,
      auction({ tax: tax({ issuer: { ...issuer, taxid: '', disclosure: '' } }) }),
      'x',
    );
    expect(partial.text).toContain('Legal name: Riverbend Community Foundation, Inc.\nAddress:');
    expect(partial.text).not.toContain('Tax id');
    expect(receiptMail(brand, auction(), 'https://x').text).not.toContain('deductible');
  });

  it('is on the store receipt too, escaped in its HTML', () => {
    const mail = storeReceiptMail(
      brand,
      store({
        tax: tax({ lines: [{ label: HOSTILE, amount: 15_000, value: 6_000, deductible: 9_000 }], deductible: 9_000 }),
      }),
      undefined,
    );
    expect(mail.html).not.toContain('<img');
    expect(taxRows(mail.html)).toEqual([
      ['&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Tom &amp; Jerry&#39;s', '$150.00', '$60.00', '$90.00'],
    ]);
    expect(mail.text).toContain('Tax id (EIN): 36-0000000');
  });
});

describe("the guest's email", () => {
  it("gives the event's time and place when there is a venue, and nothing of it when not", () => {
    const g = { guestname: 'Dee', purchaser: 'Ann Lee', groupname: 'Table 4', title: 'Guest Registration' };
    const mail = guestLinkMail(brand, g, 'https://x/gala/event/guestregistration/abc', venue);
    expect(mail.text).toContain(
      'When:  Saturday, December 5, 2026\n       7:00 PM – 11:00 PM CST\nWhere: The Grand Ballroom',
    );
    expect(mail.html).toContain('Saturday, December 5, 2026<br>7:00 PM – 11:00 PM CST');
    expect(guestLinkMail(brand, g, 'https://x', null).text).not.toContain('When:');
  });
});

describe('text tables', () => {
  it('wraps a long cell between words within its column, and a word longer than the column inside it', () => {
    expect(wrapText('Table of Eight with a very long name', 14)).toEqual([
      'Table of Eight',
      'with a very',
      'long name',
    ]);
    expect(wrapText('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
    const lines = textTable({
      columns: [
        { label: 'Item', wrap: 10 },
        { label: 'Amount', align: 'right' },
      ],
      rows: [['A long item name', '$1.00']],
    });
    expect(lines).toEqual(['Item        Amount', '----------  ------', 'A long       $1.00', 'item name']);
  });
});
