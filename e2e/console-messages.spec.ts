import { expect, test } from './support/test';
import { verifiedBidder } from '../testkit/bidders';
import { eventDocument, timesAround } from '../testkit/documents';
import { expectOk, numberField, type Transport } from '../testkit/transport';
import { importEvent, uniqueCode, uniqueEmail } from './support/api';
import { atEverySize, lookAt, newOrganization, openConsole, organizationTransport } from './support/console';

/**
 * Messages (issue 30), at a laptop: staff compose to "unpaid winners" by email and text from the
 * payment reminder, preview it (the count, who is left out, Ann's text), send it, and see it in the
 * history with its delivery.
 */

/** A bidder who won the gift by Buy It Now; with a phone and agreement to texts when `phone` is given. */
async function winner(
  transport: Transport,
  { eventcode, name, phone, itemid }: { eventcode: string; name: string; phone?: string; itemid?: number },
): Promise<number> {
  const who = await verifiedBidder(transport, {
    eventcode,
    email: uniqueEmail(name.toLowerCase()),
    profile: { firstname: name, lastname: 'Guest', zip: '60601', setupcomplete: true },
  });
  if (phone)
    await expectOk(
      'phone',
      transport.put(
        '/api/userprofile',
        { firstname: name, lastname: 'Guest', zip: '60601', cellphone: phone, allowtexting: true },
        who.auth,
      ),
    );
  const items = (await expectOk('items', transport.post('/api/auctionitems', { eventcode }, who.auth))) as {
    auctionitems: unknown[];
  };
  const id = itemid ?? numberField(items.auctionitems[0], 'itemid');
  await expectOk(
    'buy now',
    transport.post('/api/submitbid', { eventcode, itemid: id, buyitnow: true, quantity: 1 }, who.auth),
  );
  return id;
}

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test('staff remind unpaid winners by email and text: preview, send, history', async ({ page, request }) => {
  test.setTimeout(90_000);
  const org = await newOrganization(request, { name: 'Message Foundation', prefix: 'msg' });
  const eventcode = uniqueCode('mgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      event: { ccfeespercent: 0 },
      items: [
        {
          itemnum: 'G1',
          name: 'Gala Gift',
          buyitnowonly: true,
          unlimitedquantity: true,
          buyitnowprice: 40,
          startingbid: 0,
          minimumbidincrease: 1,
        },
      ],
    }),
  );
  const transport = organizationTransport(request, org.origin);
  const itemid = await winner(transport, { eventcode, name: 'Ann', phone: '3125550101' });
  await winner(transport, { eventcode, name: 'Bob', itemid });

  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/messages`, session: org.owner.session });
  await expect(page.getByTestId('message-history')).toContainText('No messages sent yet.');

  // The payment reminder fills the audience, the subject and the message.
  await page.getByTestId('message-template').selectOption('payment');
  await expect(page.getByTestId('message-audience')).toHaveValue('unpaid');
  await page.getByTestId('message-channel').selectOption('both');
  await expect(page.getByTestId('message-subject')).toHaveValue('Your balance for {event}');
  await expect(page.getByTestId('text-length')).toContainText('per person');

  await page.getByTestId('message-preview-button').click();
  await expect(page.getByTestId('preview-summary')).toHaveText('2 people would get this (3 messages).');
  await expect(page.getByTestId('preview-leftout')).toContainText('1 person without a cell phone number: no text.');
  await expect(page.getByTestId('example-text')).toContainText(
    'Spring Gala: Hi Ann, thank you for bidding at Spring Gala! Your balance is $40.00.',
  );
  await expect(page.getByTestId('example-email')).toContainText('Subject: Your balance for Spring Gala');
  await lookAt(page, 'messages-preview');

  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('send-question')).toHaveText(
    'Send this email and text to 2 people? It cannot be called back.',
  );
  // The first answer is lost on its way back (the venue's Wi-Fi): the message went out, and the
  // console says it could not tell. Pressing again sends it under the same Idempotency-Key: once.
  const keys: string[] = [];
  page.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      r.url().endsWith(`/${eventcode}/messages`) &&
      r.postData()?.includes('"preview":false')
    )
      keys.push(r.headers()['idempotency-key'] ?? '');
  });
  let lost = false;
  await page.route(`**/api/console/events/${eventcode}/messages`, async (route) => {
    if (lost || route.request().method() !== 'POST' || !route.request().postData()?.includes('"preview":false'))
      return route.fallback();
    lost = true;
    // Sent on to the server from here (which reaches the organization's address by its Host header), its answer dropped.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
    await route.abort('connectionreset');
  });
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-error')).toBeVisible();
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('message-sent')).toHaveText('Sent to 2 people: 3 messages on the way.');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{8,}$/);
  expect(keys[1]).toBe(keys[0]);

  const row = page.getByTestId('message-history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unpaid winners');
  await expect(row).toContainText('Your balance for {event}');
  await expect(row.getByTestId('history-delivery')).not.toBeEmpty();
  await atEverySize(page, 'messages');
});
