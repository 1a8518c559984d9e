import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { roleNeeded } from '@gavel/domain';
import { audit } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeBidder, importEvent } from '../../../test/account-fixtures';
import { eventDocument } from '../../../test/documents';
import { signedInStaff } from '../../../test/console-fixtures';
import { consoleInject, mailedLinks, operatorOrganization, PASSWORD, secretOf, staffState } from './staff-fixtures';

let t: TestApp;
const now = new Date('2026-11-02T18:00:00Z');
const host = 'team.localhost';
let owner: string;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  ({ token: owner } = await operatorOrganization(t, {
    auctioncode: 'team',
    owneremail: 'olga@team.org',
    name: 'Olga',
  }));
});
afterAll(async () => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  consoleInject(t, { method, url, token, payload, host });
const invite = (payload: object, token = owner) => send('POST', '/api/console/staff', token, payload);
const lastEntry = async () => (await t.ctx.db.select().from(audit).orderBy(desc(audit.id)).limit(1))[0];

async function accept(email: string, name: string): Promise<string> {
  const [link] = await mailedLinks(t, email, '/console/invitation/');
  const res = await consoleInject(t, {
    method: 'POST',
    url: `/api/console/invitations/${secretOf(link ?? '')}`,
    payload: { name, password: PASSWORD },
    host,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('the staff calls are the owner’s', () => {
  it('answers 403 with the role needed to staff and volunteers, 401 to a bidder and another organization', async () => {
    const staffer = await signedInStaff(t, { role: 'staff', auctioncode: 'team', email: 'st@team.org' });
    const volunteer = await signedInStaff(t, { role: 'volunteer', auctioncode: 'team', email: 'vo@team.org' });
    const bidder = await makeBidder(t, 'gala', 'bo@example.org');
    const elsewhere = await signedInStaff(t, { role: 'owner', email: 'own@example.org' });
    const before = await staffState(t.ctx.db);
    for (const [method, url, payload] of [
      ['GET', '/api/console/staff', undefined],
      ['POST', '/api/console/staff', { email: 'x@team.org', role: 'staff' }],
      ['PUT', `/api/console/staff/${staffer.id}`, { role: 'owner' }],
      ['DELETE', `/api/console/staff/${volunteer.id}`, undefined],
    ] as const) {
      for (const who of [staffer, volunteer]) {
        const res = await send(method, url, who.token, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(roleNeeded('owner'));
      }
      expect((await send(method, url, bidder.token, payload)).statusCode).toBe(401);
      expect((await send(method, url, elsewhere.token, payload)).statusCode).toBe(401);
    }
    expect(await staffState(t.ctx.db)).toEqual(before);
  });
});

describe('inviting', () => {
  it('mails an invitation link of the organization’s own address and lists the person as invited', async () => {
    const res = await invite({ email: 'Sue@Team.org', name: 'Sue', role: 'staff' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff).toMatchObject({ email: 'Sue@Team.org', role: 'staff', status: 'invited' });
    const [link] = await mailedLinks(t, 'Sue@Team.org', '/console/invitation/');
    expect(link).toMatch(/^http:\/\/team\.localhost:\d+\/console\/invitation\//);
    expect(await lastEntry()).toMatchObject({
      kind: 'staff.invite',
      actor: 'Olga',
      summary: 'Invited Sue@Team.org as staff',
      before: null,
      after: { email: 'Sue@Team.org', name: 'Sue', role: 'staff' },
    });
    const list = (await send('GET', '/api/console/staff', owner)).json().staff;
    expect(list.map((m: { email: string; status: string }) => [m.email, m.status])).toEqual([
      ['olga@team.org', 'active'],
      ['st@team.org', 'invited'],
      ['Sue@Team.org', 'invited'],
      ['vo@team.org', 'invited'],
    ]);
    expect(list[2].invitedExpires).toBe(new Date(now.getTime() + 7 * 86_400_000).toISOString());
  });

  it('invites again with a new link (the older one stops working), and refuses someone already on the staff', async () => {
    const [first] = await mailedLinks(t, 'Sue@Team.org', '/console/invitation/');
    const again = await invite({ email: 'sue@team.org', role: 'volunteer' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().staff).toMatchObject({ name: 'Sue', role: 'volunteer' });
    expect(await lastEntry()).toMatchObject({
      summary: 'Invited again Sue@Team.org as volunteer',
      before: { role: 'staff' },
    });
    const old = await consoleInject(t, {
      method: 'POST',
      url: `/api/console/invitations/${secretOf(first ?? '')}`,
      payload: { name: 'Sue', password: PASSWORD },
      host,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/expired or was replaced/);
    await accept('Sue@Team.org', 'Sue');
    const before = await staffState(t.ctx.db);
    const taken = await invite({ email: 'SUE@team.org', role: 'owner' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Sue@Team.org is already on the staff.');
    expect(await staffState(t.ctx.db)).toEqual(before);
  });

  it('answers 400 with the field for bad input, writing nothing', async () => {
    const before = await staffState(t.ctx.db);
    for (const [payload, message] of [
      [{ email: 'not-an-email', role: 'staff' }, 'email: Please enter a valid email address.'],
      [{ email: 'a@team.org', role: 'boss' }, 'role: must be owner, staff or volunteer'],
      [{ email: 'a@team.org', role: 'staff', name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
    ] as const) {
      const res = await invite(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await staffState(t.ctx.db)).toEqual(before);
  });
});

describe('roles and removal', () => {
  it('changes a role with the before and after in the log; the last owner stays an owner', async () => {
    await invite({ email: 'pat@team.org', name: 'Pat', role: 'staff' });
    const patToken = await accept('pat@team.org', 'Pat');
    const list = (await send('GET', '/api/console/staff', owner)).json().staff as Array<{
      staffid: number;
      email: string;
    }>;
    const pat = list.find((m) => m.email === 'pat@team.org')?.staffid ?? 0;
    const olga = list.find((m) => m.email === 'olga@team.org')?.staffid ?? 0;
    const before = await staffState(t.ctx.db);
    const last = await send('PUT', `/api/console/staff/${olga}`, owner, { role: 'staff' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The organization needs at least one owner. Make someone else an owner first.');
    expect((await send('DELETE', `/api/console/staff/${olga}`, owner)).statusCode).toBe(409);
    expect(await staffState(t.ctx.db)).toEqual(before);

    const made = await send('PUT', `/api/console/staff/${pat}`, owner, { role: 'owner' });
    expect(made.json()).toMatchObject({ message: 'Pat is now owner.', staff: { role: 'owner' } });
    expect(await lastEntry()).toMatchObject({
      kind: 'staff.role',
      summary: "Changed Pat's role from staff to owner",
      before: { role: 'staff' },
      after: { role: 'owner' },
    });
    // The new role holds at once: the token did not change, the row did.
    expect((await send('GET', '/api/console/staff', patToken)).statusCode).toBe(200);
    const same = await send('PUT', `/api/console/staff/${pat}`, owner, { role: 'owner' });
    expect(same.json().message).toBe('Pat is already owner.');
    expect((await lastEntry())?.kind).toBe('staff.role');
    expect((await send('PUT', `/api/console/staff/${olga}`, patToken, { role: 'staff' })).statusCode).toBe(200);
  });

  it('removes someone: their token is refused at once, they leave the list, and the log says so', async () => {
    // Pat is the owner now (the test before made Olga staff).
    const patToken = (
      await consoleInject(t, {
        method: 'POST',
        url: '/api/console/login',
        payload: { email: 'pat@team.org', password: PASSWORD },
        host,
      })
    ).json().token;
    await invite({ email: 'rob@team.org', name: 'Rob', role: 'volunteer' }, patToken);
    const rob = await accept('rob@team.org', 'Rob');
    const me = () => consoleInject(t, { method: 'GET', url: '/api/console/me', token: rob, host });
    expect((await me()).statusCode).toBe(200);
    const list = (await send('GET', '/api/console/staff', patToken)).json().staff as Array<{
      staffid: number;
      email: string;
    }>;
    const robId = list.find((m) => m.email === 'rob@team.org')?.staffid ?? 0;
    const res = await send('DELETE', `/api/console/staff/${robId}`, patToken);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Rob was removed from the staff.' });
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your console session has ended. Please sign in again.');
    const login = await consoleInject(t, {
      method: 'POST',
      url: '/api/console/login',
      payload: { email: 'rob@team.org', password: PASSWORD },
      host,
    });
    expect(login.statusCode).toBe(401);
    const after = (await send('GET', '/api/console/staff', patToken)).json().staff as Array<{ email: string }>;
    expect(after.map((m) => m.email)).not.toContain('rob@team.org');
    expect(await lastEntry()).toMatchObject({
      kind: 'staff.remove',
      actor: 'Pat',
      summary: 'Removed Rob (rob@team.org) from the staff',
      before: { email: 'rob@team.org', name: 'Rob', role: 'volunteer' },
      after: null,
    });
    expect((await send('DELETE', `/api/console/staff/${robId}`, patToken)).statusCode).toBe(404);
    // Someone removed may be invited again, as new.
    const back = await send('POST', '/api/console/staff', patToken, { email: 'rob@team.org', role: 'staff' });
    expect(back.json().staff).toMatchObject({ status: 'invited', name: '', role: 'staff' });
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.summary, 'Invited rob@team.org as staff'));
    expect(entry?.before).toBeNull();
  });

  it('answers 400 for an id that is not a row id', async () => {
    for (const id of ['abc', '0', '99999999999']) {
      const res = await send('DELETE', `/api/console/staff/${id}`, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^staffid: /);
    }
  });
});
