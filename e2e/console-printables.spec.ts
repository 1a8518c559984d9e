import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, test } from './support/test';
import { PDFDocument } from 'pdf-lib';
import { testCardOutcome } from '@gavel/domain';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { verifiedBidder } from '../testkit/bidders';
import { bearer, expectOk, numberField, stringField } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  atEverySize,
  type ConsoleOrganization,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';

/**
 * Printables: the owner downloads the bid sheets (a PDF with a page per item) and emails statements
 * to everyone who gave, after a confirmation with the count; the statement arrives with its PDF.
 */
interface Setup {
  org: ConsoleOrganization;
  eventcode: string;
  email: string;
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Printables Foundation', prefix: 'print' });
  const eventcode = uniqueCode('pr');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      event: { ccfeespercent: 0, legalname: 'Printables Foundation, Inc.', taxid: '12-3456789' },
      items: [
        item('101', { name: 'Weekend in Napa', donatedby: 'The Vines', fairmarketvalue: 900, location: 'Main hall' }),
        item('102', { name: 'Signed Ball', location: 'Lobby' }),
        item('103', {
          name: 'Spa Day',
          buyitnowonly: true,
          buyitnowprice: 550,
          fairmarketvalue: 400,
          startingbid: 0,
          location: 'Lobby',
        }),
      ],
    }),
  );
  // A bidder pays $550 by card for the spa day: the one giver of the night.
  const api = organizationTransport(request, org.origin);
  const email = `ann-${eventcode}@example.org`;
  const ann = await verifiedBidder(api, {
    eventcode,
    email,
    profile: { firstname: 'Ann', lastname: 'Lee', zip: '60601', setupcomplete: true },
  });
  const items = await expectOk('items', api.post('/api/auctionitems', { eventcode }, bearer(ann.token)));
  const spa = (items as { auctionitems: Array<{ name: string; itemid: number }> }).auctionitems.find(
    (i) => i.name === 'Spa Day',
  );
  const historyid = numberField(
    await expectOk(
      'buying',
      api.post('/api/submitbid', { eventcode, itemid: spa?.itemid, buyitnow: true, quantity: 1 }, bearer(ann.token)),
    ),
    'historyid',
  );
  const card = '4242424242424242';
  const processortoken = stringField(
    await expectOk(
      'card',
      api.post('/api/testpay/tokens', {
        eventcode,
        brand: 'Visa',
        last4: '4242',
        expmonth: 12,
        expyear: 2030,
        outcome: testCardOutcome(card),
        authenticated: false,
      }),
    ),
    'cryptogram',
  );
  await expectOk(
    'checkout',
    api.post(
      '/api/checkout',
      { eventcode, historyid: [historyid], processortoken, totalamount: 550 },
      { ...bearer(ann.token), 'idempotency-key': uniqueCode('pay') },
    ),
  );
  return { org, eventcode, email };
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the owner downloads the bid sheets and emails statements with their PDF', async ({ page, request }) => {
  const s = await setUp(request);
  await openConsole(page, {
    origin: s.org.origin,
    path: `/${s.eventcode}/console/printables`,
    session: s.org.owner.session,
  });
  await expect(page.getByTestId('printables-sheet-count')).toHaveText('3 pages');
  await atEverySize(page, 'printables');

  const download = page.waitForEvent('download');
  await page.getByTestId('printables-bid-sheets').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bid-sheets-${s.eventcode}.pdf`);
  const pdf = await PDFDocument.load(await readFile((await file.path()) ?? ''));
  expect(pdf.getPageCount()).toBe(3);

  await page.getByTestId('printables-search').fill('Ann');
  await expect(page.locator('[data-testid^="printables-receipt-"]')).toHaveCount(1);
  await lookAt(page, 'printables-bidder');

  await page.getByTestId('printables-location').selectOption('Lobby');
  await expect(page.getByTestId('printables-sheet-count')).toHaveText('2 pages');

  await page.getByTestId('printables-email-all').click();
  await expect(page.getByTestId('printables-email-confirm')).toContainText('1 bidder will get a statement by email.');
  await lookAt(page, 'printables-confirm');
  await page.getByTestId('printables-email-send').click();
  await expect(page.getByTestId('printables-notice')).toHaveText(`A statement was emailed to ${s.email}.`);

  const box = await expectOk('mailbox', organizationTransport(request, s.org.origin).get('/dev/mailbox.json'));
  const mail = (box as Array<{ to: string; attachment: string; attachmenturl: string }>).find(
    (m) => m.to === s.email && m.attachment,
  );
  expect(mail?.attachment).toMatch(new RegExp(`^statement-${s.eventcode}-\\d+-event\\.pdf$`));
});
