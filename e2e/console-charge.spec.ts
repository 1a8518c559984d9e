import { expect, type APIRequestContext, test } from './support/test';
import { cardBrand, digitsOnly, testCardOutcome } from '@gavel/domain';
import { emailedLink, verifiedBidder, type BidderSession } from '../testkit/bidders';
import { eventDocument, timesAround } from '../testkit/documents';
import { expectOk, numberField, stringField, type Transport } from '../testkit/transport';
import { importEvent, uniqueCode, uniqueEmail } from './support/api';
import {
  type ConsoleOrganization,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';
import { expectAccessible } from './support/page';
import { enterCard, settled } from './support/payments';

/**
 * Charge all saved cards (issue 29), at a tablet: the owner previews and runs it; two cards are
 * charged and one is declined; the declined bidder lands in the follow-up list, is sent a pay link,
 * and pays through it on their phone (another browser context), which the list then shows.
 */
const PRICE = 40;
const VISA = '4242424242424242';
const INSUFFICIENT = '4000000000009995';

interface Setup {
  org: ConsoleOrganization;
  eventcode: string;
  transport: Transport;
  dee: BidderSession;
}

/** A bidder with `card` on file who won the gala gift (Buy It Now). */
async function bidderWithCard(
  transport: Transport,
  { eventcode, name, card, itemid }: { eventcode: string; name: string; card: string; itemid?: number },
): Promise<{ who: BidderSession; itemid: number }> {
  const who = await verifiedBidder(transport, {
    eventcode,
    email: uniqueEmail(name.toLowerCase()),
    profile: { firstname: name, lastname: 'Guest', zip: '60601', setupcomplete: true },
  });
  const digits = digitsOnly(card);
  const token = await expectOk(
    'card entry',
    transport.post('/api/testpay/tokens', {
      eventcode,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expmonth: 12,
      expyear: new Date().getFullYear() + 2,
      outcome: testCardOutcome(digits),
      authenticated: false,
    }),
  );
  await expectOk(
    'save card',
    transport.post('/api/updatecard', { eventcode, processortoken: stringField(token, 'cryptogram') }, who.auth),
  );
  const id =
    itemid ??
    numberField(
      (
        (await expectOk('items', transport.post('/api/auctionitems', { eventcode }, who.auth))) as {
          auctionitems: unknown[];
        }
      ).auctionitems[0],
      'itemid',
    );
  await expectOk(
    'buy now',
    transport.post('/api/submitbid', { eventcode, itemid: id, buyitnow: true, quantity: 1 }, who.auth),
  );
  return { who, itemid: id };
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Charge Foundation', prefix: 'chg' });
  const eventcode = uniqueCode('cgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      items: [
        {
          itemnum: 'G1',
          name: 'Gala Gift',
          buyitnowonly: true,
          unlimitedquantity: true,
          buyitnowprice: PRICE,
          startingbid: 0,
          minimumbidincrease: 1,
        },
      ],
    }),
  );
  const transport = organizationTransport(request, org.origin);
  const { itemid } = await bidderWithCard(transport, { eventcode, name: 'Ann', card: VISA });
  await bidderWithCard(transport, { eventcode, name: 'Bob', card: VISA, itemid });
  const { who: dee } = await bidderWithCard(transport, { eventcode, name: 'Dee', card: INSUFFICIENT, itemid });
  return { org, eventcode, transport, dee };
}

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

test('charge all pays the rest; a declined card lands in the follow-up list and pays through its link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { org, eventcode, transport, dee } = await setUp(request);
  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/charge-all`, session: org.owner.session });

  // Preview: three bidders, $120.00.
  await page.getByTestId('charge-preview').click();
  await expect(page.getByTestId('preview-charge-row')).toHaveCount(3);
  await expect(page.getByTestId('preview-summary')).toContainText('3 bidders to charge, $120.00 in all.');
  await expectAccessible(page);
  await lookAt(page, 'charge-preview-1024');

  // The run, asked once more.
  await page.getByTestId('charge-start').click();
  await expect(page.getByTestId('charge-question')).toContainText('Charge 3 cards a total of $120.00?');
  await page.getByTestId('charge-confirm').click();
  await expect(page.getByTestId('run')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('run-paid')).toHaveText('2 ($80.00)');
  await expect(page.getByTestId('run-declined')).toHaveText('1');
  await expect(page.getByTestId('run-results-row').filter({ hasText: 'Dee Guest' }).getByTestId('result')).toHaveText(
    'Your card has insufficient funds. Please use another card.',
  );

  // The follow-up list: Dee, and her pay link sent.
  const followUp = page.getByTestId('followup-list-row');
  await expect(followUp).toHaveCount(1);
  await expect(followUp).toContainText('Dee Guest');
  await expect(followUp.getByTestId('followup-sent')).toHaveText('No link sent');
  await followUp.getByTestId('followup-send').click();
  await expect(page.getByTestId('followup-notice')).toHaveText('Sent 1 pay link.');
  await expect(followUp.getByTestId('followup-sent')).toContainText('Link sent at');
  await expectAccessible(page);
  await lookAt(page, 'charge-done-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await lookAt(page, 'charge-done-390');
  await page.setViewportSize({ width: 1024, height: 768 });

  // Dee's phone: the link opens her checkout, signed in for paying only; she pays with another card.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pay = await phone.newPage();
  await pay.goto(await emailedLink(transport, dee.email, '/pay/'));
  await expect(pay.getByTestId('checkout-line')).toHaveCount(1);
  await expect(pay.getByTestId('checkout-total')).toHaveText('$40.00');
  await lookAt(pay, 'charge-paylink-checkout-390');
  await pay.getByTestId('use-new-card').check();
  await enterCard(pay, '4242 4242 4242 4242');
  await pay.getByTestId('pay-button').click();
  await expect(pay.getByTestId('checkout-thanks')).toContainText('Thank you for your purchase!');
  await settled(pay);
  await lookAt(pay, 'charge-paylink-paid-390');
  await phone.close();

  // The list follows: Dee's balance is paid (the list looks again while someone owes).
  await expect(followUp.getByTestId('followup-paid')).toHaveText('Paid', { timeout: 30_000 });
});
