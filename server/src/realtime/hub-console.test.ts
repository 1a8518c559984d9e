import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HubMessage } from '@gavel/domain';
import { staff } from '../db/schema';
import { createTestApp, type TestApp, listenOnLoopback } from '../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { signedInStaff, type TestStaff } from '../test/console-fixtures';
import { connected, HubClients, nextMessage } from '../test/hub-client';
import { publishConsole } from './console';

// Console screens follow an event on the live hub with a staff token: they hear the event's room
// and the event's console room; bidders never hear the console's messages.
let t: TestApp;
let base = '';
let volunteer: TestStaff;
let ann: TestBidder;
const clients = new HubClients();
const now = new Date();
const codes = { auctioncode: 'demo', eventcode: 'gala' };

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  ann = await makeBidder(t, 'gala', 'ann@example.org');
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

/** Whether a socket hears a message of `type` within a short while (a negative needs some wait). */
function hears(socket: ReturnType<HubClients['open']>, type: HubMessage['type']): Promise<boolean> {
  return Promise.race([
    nextMessage(socket, type).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
  ]);
}

describe('console screens on the live hub', () => {
  it('a staff token following its event hears the console room and the event room; a bidder only the event', async () => {
    const screen = clients.open(base, { token: volunteer.token, eventcode: 'gala' });
    const phone = clients.open(base, { token: ann.token });
    await Promise.all([connected(screen), connected(phone)]);

    const refresh = nextMessage(screen, 'consolerefresh');
    const phoneHeard = hears(phone, 'consolerefresh');
    publishConsole(t.ctx, codes, 'checkin');
    expect(await refresh).toMatchObject({ type: 'consolerefresh', area: 'checkin', ...codes });
    expect(await phoneHeard).toBe(false);

    const event = nextMessage(screen, 'eventrefresh');
    t.ctx.live.toEvent('demo', 'gala', { type: 'eventrefresh', ...codes });
    expect(await event).toMatchObject({ type: 'eventrefresh' });
  });

  it('refuses a staff token without an event, for an unknown event, and once the member is removed', async () => {
    await expect(connected(clients.open(base, { token: volunteer.token }))).rejects.toThrow();
    await expect(connected(clients.open(base, { token: volunteer.token, eventcode: 'nosuch' }))).rejects.toThrow();
    const gone = await signedInStaff(t, { role: 'staff', email: 'gone@example.org' });
    await t.ctx.db.update(staff).set({ removedAt: now, sessionVersion: 1 }).where(eq(staff.id, gone.id));
    await expect(connected(clients.open(base, { token: gone.token, eventcode: 'gala' }))).rejects.toThrow();
  });

  it("another organization's staff cannot follow this organization's event", async () => {
    const other = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'o@example.org' });
    await expect(connected(clients.open(base, { token: other.token, eventcode: 'gala' }))).rejects.toThrow();
  });
});
