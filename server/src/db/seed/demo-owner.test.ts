import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { DEMO_OWNER_EMAIL, demoOwnerInvitation, demoOwnerLines } from './demo-owner';

let t: TestApp;
const now = new Date('2026-11-02T18:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
});
afterAll(async () => t.close());

const accept = (link: string, password = 'correct horse battery') =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/invitations/${link.split('/').pop() ?? ''}`,
    payload: { name: 'Olivia Organizer', password },
  });

it('invites the demo owner at each start until they accept, then says to sign in', async () => {
  const origin = t.ctx.site.originOf('demo');
  expect(await demoOwnerInvitation(t.ctx.db, { auctioncode: 'nosuch', origin, now })).toBeUndefined();
  const first = await demoOwnerInvitation(t.ctx.db, { auctioncode: 'demo', origin, now });
  const second = await demoOwnerInvitation(t.ctx.db, { auctioncode: 'demo', origin, now });
  if (!first || !second || 'accepted' in first || 'accepted' in second) throw new Error('expected invitations');
  expect(second.invitation).toMatch(new RegExp(`^${origin}/console/invitation/`));
  expect(demoOwnerLines(second).join('\n')).toContain(second.invitation);
  // The older link stopped working: the printed one is the one that works.
  expect((await accept(first.invitation)).statusCode).toBe(401);
  const accepted = await accept(second.invitation);
  expect(accepted.json()).toMatchObject({ staff: { email: DEMO_OWNER_EMAIL, role: 'owner' } });
  const after = await demoOwnerInvitation(t.ctx.db, { auctioncode: 'demo', origin, now });
  expect(after).toEqual({ accepted: true });
  expect(demoOwnerLines(after)).toEqual([`  Console sign-in:         sign in as ${DEMO_OWNER_EMAIL}`]);
});
