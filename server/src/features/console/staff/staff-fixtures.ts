import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../db/client';
import { audit, organizations, staff, staffLinks } from '../../../db/schema';
import { ADMIN, type TestApp } from '../../../test/harness';
import { mailbox } from '../../../test/account-fixtures';

/** The console staff tests' shared steps: the tables they change, mails, and an owner made by the operator. */

export const PASSWORD = 'correct horse battery';

/** Every row a staff call can write, to prove a refused call wrote nothing. */
export async function staffState(db: Db) {
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.id)),
    staff: await db.select().from(staff).orderBy(asc(staff.id)),
    links: await db.select().from(staffLinks).orderBy(asc(staffLinks.id)),
    audit: await db.select().from(audit).orderBy(asc(audit.id)),
  };
}

/** The links mailed to `to` whose address contains `part`, newest first (background mails sent). */
export async function mailedLinks(t: TestApp, to: string, part: string): Promise<string[]> {
  await t.ctx.background.idle();
  return (await mailbox(t))
    .filter((m) => m.to === to)
    .flatMap((m) => m.links)
    .filter((l) => l.includes(part));
}

export const secretOf = (link: string): string => link.split('/').pop() ?? '';

/** A console call through app.inject, on the host of `auctioncode` (localhost for the default). */
export function consoleInject(
  t: TestApp,
  {
    method,
    url,
    payload,
    token,
    host,
  }: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; token?: string; host?: string },
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The operator makes an organization; its owner accepts the mailed invitation. Answers the owner's token. */
export async function operatorOrganization(
  t: TestApp,
  { auctioncode, owneremail, name = 'Olive Owner' }: { auctioncode: string; owneremail: string; name?: string },
): Promise<{ token: string; host: string }> {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/organizations',
    headers: ADMIN,
    payload: { auctioncode, name: `Organization ${auctioncode}`, owneremail },
  });
  expect(made.statusCode, made.body).toBe(200);
  const [link] = await mailedLinks(t, owneremail, '/console/invitation/');
  if (!link) throw new Error(`no invitation mailed to ${owneremail}`);
  const host = `${auctioncode}.localhost`;
  const accepted = await consoleInject(t, {
    method: 'POST',
    url: `/api/console/invitations/${secretOf(link)}`,
    payload: { name, password: PASSWORD },
    host,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { token: accepted.json().token, host };
}
