import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SEND, type HubMessage } from '@gavel/domain';
import { LOGIN_TOKEN_DAYS } from '../lib/tokens';
import { createTestApp, listenOnLoopback, type TestApp } from '../test/harness';
import { importEvent, linkSecret, makeBidder, postAs, type TestBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { connected, disconnected, HubClients, nextMessage } from '../test/hub-client';

let t: TestApp;
let base = '';
const clients = new HubClients();
const now = new Date();

const open = (token: string) => clients.open(base, { token });

/** The socket still hears the hub: a ping is answered. */
function answers(s: Socket): Promise<HubMessage> {
  const answer = nextMessage(s, 'eventcode');
  s.emit(SEND, { type: 'ping' });
  return answer;
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('the hub ends connections when their token ends', () => {
  it('drops a socket when its token expires, and keeps the others', async () => {
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    // Signed a login token's life ago, less a second and a half: it expires in about a second.
    const signedAt = new Date(now.getTime() - LOGIN_TOKEN_DAYS * 86_400_000 + 1_500);
    const short = await t.ctx.tokens.sign(
      {
        userid: ann.accountId,
        bidderid: ann.bidderId,
        email: 'ann@example.org',
        eventcode: 'gala',
        auctioncode: 'demo',
        isguest: false,
      },
      signedAt,
    );
    const ending = open(short);
    const lasting = open(ann.token);
    await Promise.all([connected(ending), connected(lasting)]);
    expect(await disconnected(ending)).toBe('io server disconnect');
    expect(await answers(lasting)).toMatchObject({ type: 'eventcode', eventcode: 'gala' });
  });

  const resets: Array<[string, (bidder: TestBidder, email: string) => Promise<number>]> = [
    [
      'while signed in',
      async (bidder) =>
        (await postAs(t, '/api/userpasswordreset', { password: 'a new password' }, bidder.token)).statusCode,
    ],
    [
      'by emailed link',
      async (_bidder, email) => {
        await postAs(t, '/api/passwordresetlink', { email, eventcode: 'gala' });
        const secret = await linkSecret(t, email, '/auth/resetPassword/');
        return (await postAs(t, '/api/passwordreset', { id: secret, password: 'a new password' })).statusCode;
      },
    ],
  ];
  for (const [how, reset] of resets) {
    it(`drops every socket of an account whose password is reset ${how}, and refuses its old token after`, async () => {
      const email = `reset-${how.replace(/\W/g, '')}@example.org`;
      const bidder = await makeBidder(t, 'gala', email);
      const other = await makeBidder(t, 'gala', `other-${how.replace(/\W/g, '')}@example.org`);
      const phone = open(bidder.token);
      const tablet = open(bidder.token);
      const neighbour = open(other.token);
      await Promise.all([connected(phone), connected(tablet), connected(neighbour)]);
      const gone = Promise.all([disconnected(phone), disconnected(tablet)]);
      expect(await reset(bidder, email)).toBe(200);
      expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
      await expect(connected(open(bidder.token))).rejects.toThrow('Token has expired');
      expect(await answers(neighbour)).toMatchObject({ type: 'eventcode' });
    });
  }
});
