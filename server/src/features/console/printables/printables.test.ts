import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidderWords, roleNeeded } from '@gavel/domain';
import { audit, authLinks, outbox } from '../../../db/schema';
import { smtpSender } from '../../../mail/delivery';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { readPdf } from '../../../test/pdf-reading';
import { NOW, type PrintablesWorld, printablesWorld } from './printables-fixtures';

/** Bid sheets, badges and table cards: the PDFs open, have their pages, and their QR codes go where they say. */
let w: PrintablesWorld;
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
let origin: string;

beforeAll(async () => {
  w = await printablesWorld();
  staffer = await signedInStaff(w.t, { role: 'staff' });
  volunteer = await signedInStaff(w.t, { role: 'volunteer' });
  otherOwner = await signedInStaff(w.t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  origin = w.t.ctx.site.originOf('demo');
});
afterAll(async () => w.t.close());

const get = (path: string, headers: Record<string, string>) =>
  w.t.app.inject({ method: 'GET', url: `/api/console/events/gala/printables/${path}`, headers });

const auditCount = async () => (await w.t.ctx.db.select({ id: audit.id }).from(audit)).length;

describe('GET printables/bid-sheets.pdf', () => {
  it('has a page per item, each with the QR of the item on a phone and its words', async () => {
    const res = await get('bid-sheets.pdf', staffer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bid-sheets-gala.pdf"');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(3);
    const { itemIds } = w;
    expect(pdf.qrCodes).toEqual(['101', '102', 'spa'].map((n) => [`${origin}/gala/auction-items/${itemIds[n]}`]));
    expect(pdf.text[0]).toContain('Item 101');
    expect(pdf.text[0]).toContain('Weekend in Napa');
    expect(pdf.text[0]).toContain('Donated by The Vines');
    expect(pdf.text[0]).toContain('$900.00');
    expect(pdf.text[0]).toContain('Bidder number');
    expect(pdf.text[2]).toContain('Buy It Now for $550.00 on your phone.');
  });

  it("prints one location's items only (its name as typed, capitals aside)", async () => {
    const res = await get('bid-sheets.pdf?location=lobby', staffer.headers);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    expect(pdf.qrCodes.flat()).toEqual([
      `${origin}/gala/auction-items/${w.itemIds['102']}`,
      `${origin}/gala/auction-items/${w.itemIds.spa}`,
    ]);
  });

  it('says so when a location has no items, and refuses bad input with the field', async () => {
    const none = await get('bid-sheets.pdf?location=Garden', staffer.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'There are no items at Garden in this event.' });
    const bad = await get(`bid-sheets.pdf?location=${encodeURIComponent('a\u0000b')}`, staffer.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/location/);
    const unknown = await get('bid-sheets.pdf?size=a4', staffer.headers);
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses volunteers, bidders, another organization and no one signed in', async () => {
    const vol = await get('bid-sheets.pdf', volunteer.headers);
    expect(vol.statusCode).toBe(403);
    expect(vol.json().message).toBe(roleNeeded('staff'));
    expect((await get('bid-sheets.pdf', w.ann.auth)).statusCode).toBe(401);
    expect((await get('bid-sheets.pdf', otherOwner.headers)).statusCode).toBe(401);
    const elsewhere = await get('bid-sheets.pdf', { ...otherOwner.headers, host: 'other.localhost' });
    expect(elsewhere.statusCode).toBe(404);
    expect((await get('bid-sheets.pdf', {})).statusCode).toBe(401);
  });
});

describe('GET printables/badges.pdf', () => {
  it('has a badge per bidder whose QR signs that bidder in once, recorded in the audit log', async () => {
    const before = await auditCount();
    const res = await get('badges.pdf', staffer.headers);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain('Ann Tester');
    expect(pdf.text[0]).toContain('Bob Tester');
    expect(pdf.text[0]).not.toContain('ann@example.org');
    const codes = pdf.qrCodes[0] ?? [];
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code.startsWith(`${origin}/gala/auth/passwordlessLogin/`)).toBe(true);
    const secret = codes[0]?.split('/').pop() ?? '';
    const signedIn = await w.t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ status: 'success', email: 'ann@example.org' });
    const again = await w.t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    expect(again.json()).toMatchObject({ status: 'expired' });
    // A day after bidding closes (the test event closes three days after NOW).
    const links = await w.t.ctx.db.select().from(authLinks).where(eq(authLinks.kind, 'login'));
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.expiresAt.getTime()).toBeGreaterThan(NOW.getTime() + 24 * 3_600_000);
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await w.t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1);
    expect(entry).toMatchObject({
      kind: 'printables.badges',
      summary: 'Printed badges with sign-in links for 2 bidders',
      before: null,
      after: { bidderids: [w.ann.accountId, w.bob.accountId], expires: links[0]?.expiresAt.toISOString() },
    });
  });

  it('is refused to a volunteer, with nothing written', async () => {
    const before = await auditCount();
    const links = (await w.t.ctx.db.select().from(authLinks)).length;
    const res = await get('badges.pdf', volunteer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleNeeded('staff'));
    expect(await auditCount()).toBe(before);
    expect((await w.t.ctx.db.select().from(authLinks)).length).toBe(links);
  });
});

describe('GET printables/table-cards.pdf', () => {
  it("is a page of two cards with the event's QR code and short link", async () => {
    const res = await get('table-cards.pdf', staffer.headers);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.qrCodes[0]).toEqual([`${origin}/gala`, `${origin}/gala`]);
    expect(pdf.text[0]).toContain(`or go to ${origin.replace(/^https?:\/\//, '')}/gala`);
    expect((await get('table-cards.pdf', volunteer.headers)).statusCode).toBe(403);
  });
});

const pdfOf = (path: string, headers: Record<string, string>) =>
  w.t.app.inject({ method: 'GET', url: `/api/console/events/gala/${path}`, headers });

describe('GET bidders/:bidderid/receipt.pdf and statement.pdf', () => {
  it('a receipt for $550 paid on an item valued $400 shows $150 deductible and the statement; a volunteer may print it', async () => {
    const res = await pdfOf(`bidders/${w.ann.accountId}/receipt.pdf`, volunteer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="receipt-gala-101.pdf"');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    const text = pdf.text[0] ?? '';
    for (const words of [
      'Acme Schools Foundation, Inc.',
      'Tax ID (EIN): 12-3456789',
      'Springfield, IL 62701',
      'Ann Tester · bidder 101 · ann@example.org',
      'spa · Spa Day',
      '$550.00',
      '$400.00',
      'Total deductible: $150.00',
      'Our good-faith estimate of that value is $400.00',
      'Acme Schools Foundation is a 501(c)(3) organization.',
    ])
      expect(text).toContain(words);
  });

  it("a statement covers the event or the year, and is staff's to print", async () => {
    const res = await pdfOf(`bidders/${w.ann.accountId}/statement.pdf?scope=year`, staffer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-gala-101-2026.pdf"');
    const text = (await readPdf(res.rawPayload)).text.join('\n');
    expect(text).toContain('Giving statement 2026');
    expect(text).toContain('Test Gala (bidder 101)');
    expect(text).toContain('Total deductible: $150.00');
    const vol = await pdfOf(`bidders/${w.ann.accountId}/statement.pdf`, volunteer.headers);
    expect(vol.statusCode).toBe(403);
    expect(vol.json().message).toBe(roleNeeded('staff'));
  });

  it('refuses a bidder of no such number, bad input and another organization', async () => {
    const none = await pdfOf('bidders/999999/receipt.pdf', staffer.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(bidderWords.notFound);
    expect((await pdfOf('bidders/abc/receipt.pdf', staffer.headers)).statusCode).toBe(400);
    const scope = await pdfOf(`bidders/${w.ann.accountId}/statement.pdf?scope=month`, staffer.headers);
    expect(scope.statusCode).toBe(400);
    expect(scope.json().message).toMatch(/scope/);
    expect((await pdfOf(`bidders/${w.ann.accountId}/receipt.pdf`, w.ann.auth)).statusCode).toBe(401);
    expect((await pdfOf(`bidders/${w.ann.accountId}/receipt.pdf`, otherOwner.headers)).statusCode).toBe(401);
  });

  it('all statements in one PDF: a statement per bidder who paid (Bob paid nothing)', async () => {
    const res = await get('statements.pdf?scope=event', staffer.headers);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain('Giving statement: Test Gala');
  });
});

describe('POST printables/statements/email', () => {
  const email = (body: object, headers: Record<string, string>) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/console/events/gala/printables/statements/email',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const written = async () => ({
    mails: (await w.t.ctx.db.select({ id: outbox.id }).from(outbox)).length,
    audits: await auditCount(),
  });

  it('refuses a bidder who paid nothing, bad input and volunteers, writing nothing', async () => {
    const before = await written();
    const bob = await email({ bidderid: w.bob.accountId }, staffer.headers);
    expect(bob.statusCode).toBe(409);
    expect(bob.json().message).toBe('Bob Tester has paid nothing in this period: there is no statement to send.');
    const bad = await email({ scope: 'month' }, staffer.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/scope/);
    expect((await email({ bidderid: 0 }, staffer.headers)).statusCode).toBe(400);
    const vol = await email({}, volunteer.headers);
    expect(vol.statusCode).toBe(403);
    expect(vol.json().message).toBe(roleNeeded('staff'));
    expect(await written()).toEqual(before);
  });

  it('queues each giver an email with the PDF attached, audited; SMTP sends the attachment; the dev mailbox offers it', async () => {
    const before = await written();
    const preview = await email({ preview: true }, staffer.headers);
    expect(preview.json()).toEqual({
      status: 'success',
      message: '1 bidder will get a statement by email.',
      recipients: 1,
      queued: 0,
    });
    expect(await written()).toEqual(before);
    const res = await email({ scope: 'event' }, staffer.headers);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'A statement was emailed to ann@example.org.',
      recipients: 1,
      queued: 1,
    });
    const [row] = await w.t.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({
      to: 'ann@example.org',
      channel: 'email',
      attachmentName: 'statement-gala-101-event.pdf',
    });
    expect(row?.subject).toBe('Giving statement: Test Gala from Test Foundation');
    const attached = await readPdf(row?.attachment ?? new Uint8Array());
    expect(attached.text[0]).toContain('Total deductible: $150.00');
    const [entry] = await w.t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1);
    expect(entry).toMatchObject({
      kind: 'printables.statements',
      summary: 'Emailed a statement to Ann Tester (this event)',
      after: { scope: 'event', bidders: [101] },
    });

    if (!row) throw new Error('no outbox row');
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    const { send } = smtpSender(
      Object.assign(transport, {
        sendMail: async (m: Parameters<typeof original>[0]) => {
          const info = await original(m);
          sent.push(info.message.toString());
          return info;
        },
      }),
      'gala@example.org',
    );
    await send(row);
    expect(sent[0]).toContain('Content-Type: application/pdf; name=statement-gala-101-event.pdf');
    expect(sent[0]).toContain('Content-Disposition: attachment; filename=statement-gala-101-event.pdf');

    const box = await w.t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    const listed = (box.json() as Array<{ id: number; attachment: string; attachmenturl: string }>).find(
      (m) => m.id === row.id,
    );
    expect(listed).toMatchObject({
      attachment: 'statement-gala-101-event.pdf',
      attachmenturl: `/dev/mailbox/${row.id}/attachment`,
    });
    const file = await w.t.app.inject({ method: 'GET', url: listed?.attachmenturl ?? '' });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(file.rawPayload)).pages).toBe(1);
  });

  it('emails once under an Idempotency-Key: sent again and three at once, one email; the key for another send is refused', async () => {
    const keyed = (key: string) => ({ ...staffer.headers, 'idempotency-key': key });
    const before = await written();
    const first = await email({ scope: 'event' }, keyed('statements-once-0001'));
    expect(first.json()).toMatchObject({ message: 'A statement was emailed to ann@example.org.', queued: 1 });
    const again = await email({ scope: 'event' }, keyed('statements-once-0001'));
    expect(again.json()).toEqual(first.json());
    const racing = await Promise.all([1, 2, 3].map(() => email({ scope: 'event' }, keyed('statements-race-0002'))));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await written()).toEqual({ mails: before.mails + 2, audits: before.audits + 2 });
    const other = await email({ scope: 'year' }, keyed('statements-once-0001'));
    expect(other.statusCode).toBe(422);
    expect(await written()).toEqual({ mails: before.mails + 2, audits: before.audits + 2 });
  });
});
