import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, roleNeeded } from '@gavel/domain';
import { audit, events, organizations, staff } from '../../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../../test/harness';
import { importEvent } from '../../../test/account-fixtures';
import { eventDocument } from '../../../test/documents';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { recordAudit } from '../../../lib/audit';
import { consoleInject, mailedLinks, staffState } from './staff-fixtures';

let t: TestApp;
const now = new Date('2026-11-02T18:00:00Z');

beforeAll(async () => {
  // Links are built on the configured address, never on the request's Host.
  t = await createTestApp({ PUBLIC_URL: 'https://{auctioncode}.gavel.test' }, now);
  await importEvent(t, eventDocument(now));
});
afterAll(async () => t.close());

const create = (payload: object, headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'POST', url: '/api/admin/organizations', headers, payload });

describe('POST /admin/organizations', () => {
  it('creates the organization and its owner, mails the invitation on the organization’s own address', async () => {
    const res = await create({ auctioncode: 'Harbor', name: 'Harbor Schools', owneremail: 'hal@harbor.org' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      status: 'success',
      message: 'Created Harbor Schools. We sent hal@harbor.org an invitation to set up the console.',
      auctioncode: 'harbor',
      invitation: { email: 'hal@harbor.org', expires: new Date(now.getTime() + 7 * 86_400_000).toISOString() },
    });
    const [link] = await mailedLinks(t, 'hal@harbor.org', '/console/invitation/');
    expect(link).toMatch(/^https:\/\/harbor\.gavel\.test\/console\/invitation\/[\w-]+$/);
    // The secret is in the mail only.
    expect(res.body).not.toContain(link?.split('/').pop());
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.auctioncode, 'harbor'));
    const [owner] = await t.ctx.db
      .select()
      .from(staff)
      .where(eq(staff.organizationId, org?.id ?? 0));
    expect(owner).toMatchObject({ email: 'hal@harbor.org', role: 'owner', passwordHash: null, name: '' });
    const [entry] = await t.ctx.db
      .select()
      .from(audit)
      .where(eq(audit.organizationId, org?.id ?? 0));
    expect(entry).toMatchObject({
      kind: 'organization.create',
      actor: 'Operator',
      staffId: null,
      eventId: null,
      after: { auctioncode: 'harbor', name: 'Harbor Schools', owneremail: 'hal@harbor.org' },
    });
  });

  it('refuses a taken code (409), bad input (400) and anyone without the admin token, writing nothing', async () => {
    const owner = await signedInStaff(t, { role: 'owner', email: 'own@example.org' });
    const before = await staffState(t.ctx.db);
    const taken = await create({ auctioncode: 'harbor', name: 'Another', owneremail: 'x@example.org' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The auction code harbor is already taken.');
    for (const [payload, message] of [
      [
        { auctioncode: 'bad code', name: 'X', owneremail: 'x@example.org' },
        'auctioncode: may hold only letters, digits, - and _',
      ],
      [{ auctioncode: 'fine', name: '', owneremail: 'x@example.org' }, 'name: is required'],
      [{ auctioncode: 'fine', name: 'X', owneremail: 'nope' }, 'owneremail: Please enter a valid email address.'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const good = { auctioncode: 'fine', name: 'Fine', owneremail: 'f@example.org' };
    expect((await create(good, {})).statusCode).toBe(401);
    // A staff token is not the admin token, whoever holds it.
    expect((await create(good, owner.headers)).statusCode).toBe(403);
    expect(await staffState(t.ctx.db)).toEqual(before);
  });
});

describe('GET /console/audit', () => {
  let owner: TestStaff;
  let helper: TestStaff;
  let eventId: number;

  beforeAll(async () => {
    owner = await signedInStaff(t, { role: 'owner', email: 'olga@example.org', name: 'Olga' });
    helper = await signedInStaff(t, { role: 'staff', email: 'sam@example.org', name: 'Sam' });
    const [gala] = await t.ctx.db.select().from(events).where(eq(events.eventcode, 'gala'));
    eventId = gala?.id ?? 0;
    const [demo] = await t.ctx.db.select().from(organizations).where(eq(organizations.auctioncode, 'demo'));
    const as = (who: TestStaff) => ({
      auctioncode: 'demo',
      organization: demo ?? { id: 0, auctioncode: 'demo', name: '', createdAt: now },
      staff: { id: who.id, email: who.email, name: who === owner ? 'Olga' : 'Sam', role: who.role },
      tenant: null,
    });
    await recordAudit(t.ctx.db, as(owner), {
      eventId: null,
      kind: 'staff.invite',
      summary: 'Invited Sam',
      after: { role: 'staff' },
    });
    await recordAudit(t.ctx.db, as(helper), {
      eventId,
      kind: 'item.update',
      summary: 'Changed item 101',
      before: { startingbid: 100 },
      after: { startingbid: 150 },
    });
    await recordAudit(t.ctx.db, as(owner), { eventId, kind: 'event.update', summary: 'Changed the event' });
  });

  const read = (who: TestStaff, query = '', host?: string) =>
    consoleInject(t, { method: 'GET', url: `/api/console/audit${query}`, token: who.token, host });

  it('answers the organization’s log newest first, with its kinds and people, and nothing of another organization', async () => {
    const res = await read(helper);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.entries.map((e: { summary: string }) => e.summary)).toEqual([
      'Changed the event',
      'Changed item 101',
      'Invited Sam',
    ]);
    expect(answer.entries[1]).toMatchObject({
      actor: 'Sam',
      staffid: helper.id,
      eventcode: 'gala',
      timezone: 'America/Chicago',
      kind: 'item.update',
      before: { startingbid: 100 },
      after: { startingbid: 150 },
    });
    expect(answer.entries[2]).toMatchObject({ eventcode: null, staffid: owner.id });
    expect(answer.kinds).toEqual(['event.update', 'item.update', 'staff.invite']);
    expect(answer.people).toEqual([
      { staffid: owner.id, name: 'Olga' },
      { staffid: helper.id, name: 'Sam' },
    ]);
    expect(answer.more).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('harbor');
  });

  it('filters by event, person and kind', async () => {
    const gala = (await read(helper, '?eventcode=gala')).json();
    expect(gala.entries.map((e: { summary: string }) => e.summary)).toEqual(['Changed the event', 'Changed item 101']);
    expect(gala.kinds).toEqual(['event.update', 'item.update']);
    const sams = (await read(helper, `?staffid=${helper.id}`)).json();
    expect(sams.entries.map((e: { summary: string }) => e.summary)).toEqual(['Changed item 101']);
    const invites = (await read(helper, '?kind=staff.invite')).json();
    expect(invites.entries.map((e: { summary: string }) => e.summary)).toEqual(['Invited Sam']);
    expect((await read(helper, '?eventcode=nosuch')).statusCode).toBe(404);
    expect((await read(helper, '?staffid=abc')).statusCode).toBe(400);
  });

  it('pages: at most a page at a time, with the id to ask for the next', async () => {
    const [demo] = await t.ctx.db.select().from(organizations).where(eq(organizations.auctioncode, 'demo'));
    await t.ctx.db.insert(audit).values(
      Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => ({
        organizationId: demo?.id ?? 0,
        eventId,
        actor: 'Sam',
        staffId: helper.id,
        kind: 'item.update',
        summary: `Bulk ${i}`,
      })),
    );
    const first = (await read(helper)).json();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0].summary).toBe(`Bulk ${AUDIT_PAGE_SIZE - 1}`);
    expect(first.more).toBe(first.entries[AUDIT_PAGE_SIZE - 1].id);
    const next = (await read(helper, `?before=${first.more}`)).json();
    expect(next.entries.map((e: { summary: string }) => e.summary)).toEqual([
      'Changed the event',
      'Changed item 101',
      'Invited Sam',
    ]);
    expect(next.more).toBeNull();
  });

  it('is for staff and owners: a volunteer gets the role needed, a bidder token or another organization 401', async () => {
    const volunteer = await signedInStaff(t, { role: 'volunteer', email: 'val@example.org' });
    const refused = await read(volunteer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(roleNeeded('staff'));
    expect((await read(owner)).statusCode).toBe(200);
    const other = await signedInStaff(t, { role: 'owner', email: 'x@example.org', auctioncode: 'harbor' });
    expect((await read(other)).statusCode).toBe(401);
    expect((await read(other, '', 'harbor.gavel.test')).json().entries).toHaveLength(1);
  });
});
