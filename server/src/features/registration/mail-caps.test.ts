import { describe, expect, it } from 'vitest';
import { asc, ne } from 'drizzle-orm';
import { GUEST_LINK_MAILS_PER_RECIPIENT, guestLinkMailCap, peopleCap, registrationMessages } from '@gavel/domain';
import { guestLinkMails, guestSeats, outbox, registrations } from '../../db/schema';
import { call } from '../../test/call';
import type { TestApp } from '../../test/harness';
import { bearer } from '../../test/store-fixtures';
import {
  addGuest,
  answersFor,
  dialogOf,
  expectRefused,
  groupsOf,
  lookupIdOf,
  openPurchaserLink,
  purchase,
  saveGuest,
  seatAt,
  useRegistrationGala,
} from '../../test/registration-fixtures';

/**
 * Security finding 5, "Guest registration mails anyone": the guest-link mails a purchaser can
 * cause are capped per purchase and per address, what they typed links nowhere in the mail, a
 * group name must show something, and a purchase lists at most twice its seats in people.
 */

const now = new Date('2026-12-01T18:00:00Z');
const DAY = 24 * 3_600_000;
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

type Opened = Awaited<ReturnType<typeof purchase>>;

/** The body of a save that puts a new person (first, last, email) into the n-th seat. */
async function newPerson(p: Opened, n: number, person: { first: string; last: string; email: string }) {
  const d = await dialogOf(t, p.token, seatAt(p.groups, n), -1);
  const guestfieldslist = answersFor(d.guestfieldslist, {
    'First Name': person.first,
    'Last Name': person.last,
    Email: person.email,
    'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
  });
  return { guestid: seatAt(p.groups, n), registrationid: -1, guestfieldslist };
}

/** Guest-link emails queued, in order (the receipts, to the purchasers, left out). */
const guestMails = async () =>
  (await t.ctx.db.select().from(outbox).orderBy(asc(outbox.id))).filter((m) =>
    m.links.some((l) => l.includes('/guestregistration/')),
  );
const mailRows = () => t.ctx.db.select().from(guestLinkMails).orderBy(asc(guestLinkMails.id));

describe('the attack, replayed: one purchase mails twenty addresses', () => {
  it('queues at most seats + 3 links for a table of eight, tells each save past it that its link was not emailed, and refuses people past sixteen', async () => {
    const p = await purchase(t, { table: 1 });
    expect(p.groups.flatMap((g) => g.guests)).toHaveLength(8);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        newPerson(p, 1 + (i % 7), { first: `Guest${i}`, last: 'Target', email: `target${i}@elsewhere.example` }),
      ),
    );
    const answers = await Promise.all(bodies.map((body) => saveGuest(t, p.token, body)));

    const mailed = answers.filter((a) => a.ok && a.answer.linknotice === undefined);
    const held = answers.filter((a) => a.ok && a.answer.linknotice !== undefined);
    const refused = answers.filter((a) => !a.ok);
    // 16 people at most: Ann and 15 of the 20; 11 links at most: 8 seats + 3.
    expect([mailed.length, held.length, refused.length]).toEqual([
      guestLinkMailCap(8),
      peopleCap(8) - 1 - guestLinkMailCap(8),
      20 - (peopleCap(8) - 1),
    ]);
    for (const a of held) {
      if (!a.ok) continue;
      expect(a.answer).toMatchObject({
        status: 'success',
        message: registrationMessages.saved,
        linkemailed: false,
        linknotice: registrationMessages.linkNotEmailed(a.answer.guestname),
      });
    }
    for (const a of mailed) expect(a.ok && a.answer.linkemailed).toBe(true);
    for (const a of refused) {
      expect(a.statusCode).toBe(409);
      if (!a.ok)
        expect(a.failure).toMatchObject({
          status: 'failure',
          code: 'conflict',
          message: registrationMessages.tooManyPeople(8),
        });
    }
    expect(registrationMessages.tooManyPeople(8)).toBe(
      'This purchase already lists 16 people, twice its 8 seats. Please choose someone from the Guest list instead of Add New.',
    );

    const mails = await guestMails();
    const rows = await mailRows();
    expect(mails).toHaveLength(11);
    expect(rows).toHaveLength(11);
    expect(rows.map((r) => r.recipient).sort()).toEqual(mails.map((m) => m.to).sort());
    const people = await t.ctx.db.select().from(registrations);
    expect(people).toHaveLength(16);
    // Honest answers: the saves answered without a notice are exactly the addresses mailed, the others were not.
    const emailOf = (a: (typeof answers)[number]) =>
      a.ok ? people.find((r) => r.id === a.answer.registrationid)?.email : undefined;
    expect(mailed.map(emailOf).sort()).toEqual(mails.map((m) => m.to).sort());
    for (const a of held) expect(mails.map((m) => m.to)).not.toContain(emailOf(a));
    // A seat keeps a link only for a person who was mailed one: no secret exists that no one was sent.
    const linked = await t.ctx.db.select().from(guestSeats).where(ne(guestSeats.linkHash, ''));
    for (const seat of linked)
      expect(mails.map((m) => m.to)).toContain(people.find((r) => r.id === seat.registrationId)?.email);
  });

  it('counts a purchase’s changes in the same day: a pair of seats mails 5 links, then saves go on unmailed until the day has passed', async () => {
    const p = await purchase(t, { single: 2 });
    const boId = await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Email: 'bo0@example.org',
    });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
    const bo = (email: string) => ({
      guestid: seatAt(p.groups, 1),
      registrationid: boId,
      guestfieldslist: answersFor(d.guestfieldslist, {
        'First Name': 'Bo',
        'Last Name': 'Diaz',
        Email: email,
        'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
      }),
    });
    for (let i = 1; i < guestLinkMailCap(2); i++) {
      const res = await saveGuest(t, p.token, bo(`bo${i}@example.org`));
      expect(res.ok && res.answer.linknotice).toBeUndefined();
    }
    expect(await guestMails()).toHaveLength(5);
    const over = await saveGuest(t, p.token, bo('bo5@example.org'));
    expect(over.ok && over.answer).toEqual({
      status: 'success',
      message: registrationMessages.saved,
      guestid: seatAt(p.groups, 1),
      guestname: 'Bo Diaz',
      registrationid: boId,
      linkemailed: false,
      linknotice:
        "Bo Diaz's registration link was not emailed: too many registration emails were sent in the last 24 hours. The details are saved; save them again in 24 hours to email the link.",
    });
    // Saved all the same: the purchaser's details are theirs to keep.
    expect((await t.ctx.db.select().from(registrations)).find((r) => r.id === boId)?.email).toBe('bo5@example.org');
    expect(await guestMails()).toHaveLength(5);
    expect(await mailRows()).toHaveLength(5);

    // As the notice says: a day on, saving the details again mails the link.
    t.setNow(new Date(now.getTime() + DAY + 1_000));
    const again = await openPurchaserLink(t, p.purchaserSecret);
    const later = await saveGuest(t, again.token, bo('bo5@example.org'));
    expect(later.ok && later.answer.linknotice).toBeUndefined();
    expect((await guestMails()).map((m) => m.to).at(-1)).toBe('bo5@example.org');
  });
});

describe('one address targeted from several purchases', () => {
  it('gets 3 links a day from all purchases together, however its email is written, even when they save at once; the other saves stand and are told', async () => {
    const buyers = ['ann@example.org', 'cy@example.org', 'dee@example.org', 'eve@example.org', 'flo@example.org'];
    const purchases: Opened[] = [];
    for (const email of buyers) purchases.push(await purchase(t, { single: 2 }, email, email.slice(0, 2)));
    const spellings = [
      'victim@example.org',
      'Victim@Example.org',
      ' VICTIM@example.ORG',
      'victim@EXAMPLE.org',
      'victim@example.org ',
    ];
    const sends = await Promise.all(
      purchases.map(async (p, i) => ({
        p,
        body: await newPerson(p, 1, { first: 'Vic', last: 'Tim', email: spellings[i] ?? '' }),
      })),
    );
    const answers = await Promise.all(sends.map(({ p, body }) => saveGuest(t, p.token, body)));
    const notices = answers.map((a) => (a.ok ? (a.answer.linknotice ?? 'mailed') : `refused ${a.statusCode}`));
    expect(notices.filter((n) => n === 'mailed')).toHaveLength(GUEST_LINK_MAILS_PER_RECIPIENT);
    expect(notices.filter((n) => n !== 'mailed')).toEqual(
      Array(2).fill(registrationMessages.linkNotEmailed('Vic Tim')),
    );
    expect((await guestMails()).map((m) => m.to.toLowerCase().trim())).toEqual(Array(3).fill('victim@example.org'));
    expect((await mailRows()).map((r) => r.recipient)).toEqual(Array(3).fill('victim@example.org'));
    // A purchase told so has its guest saved and seated, without a link.
    const told = purchases.filter((_, i) => notices[i] !== 'mailed');
    for (const p of told) {
      expect((await groupsOf(t, p.token))[0]?.guests[1]?.guestname).toBe('Vic Tim');
      expect((await t.ctx.db.select().from(guestSeats)).find((s) => s.id === seatAt(p.groups, 1))?.linkHash).toBe('');
    }
  });
});

describe('what the purchaser typed links nowhere in the guest’s mail', () => {
  it('a phishing group name, a guest name and a billing name with URLs arrive as plain text; the only link is the server’s', async () => {
    const p = await purchase(t, { table: 1 }, 'ann@example.org', 'Ann www.evil.example');
    const rename = await call(
      t.app,
      'PUT /storeguestgroupname',
      { groupid: p.groups[0]?.groupid ?? 0, groupname: 'URGENT: confirm your seat at https://evil.example/x' },
      { headers: bearer(p.token) },
    );
    expect(rename.ok).toBe(true);
    const saved = await saveGuest(
      t,
      p.token,
      await newPerson(p, 1, { first: 'Dana', last: 'http://evil.example/y', email: 'dana@example.org' }),
    );
    expect(saved.ok).toBe(true);

    const [mail, ...others] = await guestMails();
    expect(others).toEqual([]);
    if (!mail) throw new Error('no guest mail');
    const url = mail.links[0] ?? '';
    expect(mail.links).toEqual([expect.stringMatching(/\/gala\/event\/guestregistration\/[\w-]{20,}$/)]);
    for (const part of [mail.subject, mail.text, mail.html]) {
      const rest = part.split(url).join('');
      expect(rest).not.toMatch(/:\/\//);
      expect(rest).not.toMatch(/evil\.example|www\./);
    }
    // Readable still, defanged.
    expect(mail.text).toContain('(URGENT: confirm your seat at https[:]//evil[.]example/x)');
    expect(mail.text).toContain("You're on the guest list, Dana http[:]//evil[.]example/y");
    expect(mail.text).toContain('Ann www[.]evil[.]example Lee has added you');
    // One anchor in the HTML, the server's own link.
    expect([...mail.html.matchAll(/<a\b[^>]*>/gi)].map((a) => a[0].match(/href="([^"]*)"/)?.[1])).toEqual([url]);
  });
});

describe('a group name of invisible characters', () => {
  it('is refused with 400 "Please enter a group name.", nothing saved', async () => {
    const p = await purchase(t, { table: 1 });
    const groupid = p.groups[0]?.groupid ?? 0;
    const message = registrationMessages.groupNameRequired;
    for (const groupname of ['\u200b\u200b\u200b', '\u3164', '\u2800 \u00ad', '\ufeff\u2060', '\u0301'])
      await expectRefused(
        t,
        () => call(t.app, 'PUT /storeguestgroupname', { groupid, groupname }, { headers: bearer(p.token) }),
        { status: 400, code: 'bad_request', message, errors: [{ path: 'groupname', message }] },
      );
    expect((await groupsOf(t, p.token))[0]?.groupname).toBe('Table of Eight');
  });
});

describe('people per purchase', () => {
  it('refuses a new person past twice the seats with 409, changing nothing; seating someone already entered still works', async () => {
    const p = await purchase(t, { single: 1 });
    const boId = await addGuest(t, p.token, seatAt(p.groups, 0), { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    expect(await t.ctx.db.select().from(registrations)).toHaveLength(peopleCap(1));
    const before = await mailRows();
    const message = registrationMessages.tooManyPeople(1);
    expect(message).toBe(
      'This purchase already lists 2 people, twice its 1 seat. Please choose someone from the Guest list instead of Add New.',
    );
    const body = await newPerson(p, 0, { first: 'Cy', last: 'Ng', email: 'cy@example.org' });
    await expectRefused(t, () => saveGuest(t, p.token, body), { status: 409, code: 'conflict', message });
    expect(await mailRows()).toEqual(before);
    // Ann, set aside, is seated again: a move makes no one new.
    const d = await dialogOf(t, p.token, seatAt(p.groups, 0));
    const ann = d.guestlist.find((g) => g.existingguestid !== boId)?.existingguestid ?? 0;
    const annFields = await dialogOf(t, p.token, seatAt(p.groups, 0), ann);
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 0),
      registrationid: ann,
      guestfieldslist: answersFor(annFields.guestfieldslist, {
        'First Name': 'Ann',
        'Last Name': 'Lee',
        Email: 'ann@example.org',
        'Meal Choice': lookupIdOf(annFields.guestlookuplist, 'Fish'),
      }),
    });
    expect(res.ok && res.answer.guestname).toBe('Ann Lee');
  });
});
