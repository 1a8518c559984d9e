import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, outbox } from '../db/schema';
import { importEvent, makeBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { createTestApp, type TestApp } from '../test/harness';
import { buyNow, checkoutAs } from '../test/payments-fixtures';
import { mailRow, textRow } from './outbox';

/**
 * Security finding 12: a direction control typed into a name (U+202E, right-to-left override)
 * would make a mail read what it does not say ("Ann‮gnp.exe" shows as "Annexe.png"). Every
 * message leaves through mailRow or textRow, which strip them.
 */

const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
const recipient = { organizationId: 1, eventId: 2, to: 'ann@example.org' };

describe('the outbox door', () => {
  it('strips direction controls from the subject, the text and the HTML, and keeps the rest', () => {
    const row = mailRow(recipient, {
      subject: 'Outbid on \u2067Cabin\u2069 Week',
      text: 'Hi Ann\u202Egnp.exe,\nyou were outbid.',
      html: '<p>Hi Ann\u202Egnp.exe &#x202E;x</p><a href="https://gala.example/x">Bid</a>',
      links: ['https://gala.example/x'],
    });
    expect(row).toEqual({
      ...recipient,
      channel: 'email',
      subject: 'Outbid on Cabin Week',
      text: 'Hi Anngnp.exe,\nyou were outbid.',
      html: '<p>Hi Anngnp.exe x</p><a href="https://gala.example/x">Bid</a>',
      links: ['https://gala.example/x'],
    });
  });

  it('strips them from a text message too, keeping the marks mixed-direction names need', () => {
    expect(
      textRow({ ...recipient, to: '3125550199' }, 'Gala: \u202Dsi\u202C \u05e9\u05e8\u05d4\u200f outbid.').text,
    ).toBe('Gala: si \u05e9\u05e8\u05d4\u200f outbid.');
  });
});

describe('names with an override, through the app', () => {
  const now = new Date('2026-12-01T18:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, now);
    await importEvent(
      t,
      eventDocument(now, {
        eventname: 'Gala \u2067Night\u2069',
        event: { allowbillme: true, ccfeespercent: 0 },
        items: [
          item('wine', {
            name: 'Wine \u202Etxt.exe',
            buyitnowonly: true,
            buyitnowprice: 40,
            quantity: 5,
            startingbid: 0,
          }),
          item('cabin', { name: 'Cabin \u202EWeek', startingbid: 100, minimumbidincrease: 10 }),
        ],
      }),
    );
  });
  afterAll(async () => t.close());

  it('mails a bidder named with an RLO a receipt without it', async () => {
    const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann\u202Egnp.exe' });
    const [wine] = await t.ctx.db
      .select({ id: auctionItems.id })
      .from(auctionItems)
      .where(eq(auctionItems.itemnum, 'wine'));
    const historyid = await buyNow(t, ann, 'gala', wine?.id ?? 0);
    const res = await checkoutAs(t, ann, { historyid: [historyid], billme: true, totalamount: 40 });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(mail?.subject).toBe('Your receipt from Gala Night (order 1)');
    expect(mail?.text).toContain('Hi Anngnp.exe, here is your receipt');
    expect(mail?.text).toContain('Wine txt.exe');
    for (const part of [mail?.subject, mail?.text, mail?.html]) expect(part).not.toMatch(BIDI);
  });

  it('queues an outbid notice about an item named with an RLO without it', async () => {
    const [cabin] = await t.ctx.db
      .select({ id: auctionItems.id })
      .from(auctionItems)
      .where(eq(auctionItems.itemnum, 'cabin'));
    const bea = await makeBidder(t, 'gala', 'bea@example.org', { firstname: 'Bea\u2066' });
    const cy = await makeBidder(t, 'gala', 'cy@example.org', { firstname: 'Cy' });
    const bid = (who: typeof bea, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/submitbid',
        headers: who.auth,
        payload: { eventcode: 'gala', itemid: cabin?.id, bid: amount },
      });
    expect((await bid(bea, 100)).statusCode).toBe(200);
    expect((await bid(cy, 110)).statusCode).toBe(200);
    await t.ctx.notifier.idle();
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'bea@example.org'));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(`${m.subject} ${m.text}`).toContain('Cabin Week');
      for (const part of [m.subject, m.text, m.html]) expect(part ?? '').not.toMatch(BIDI);
    }
  });
});
