import { describe, expect, it } from 'vitest';
import { appCalls, isConsolePath, parseBoardRoute } from '@gavel/domain';
import { isAppPage } from './navigation';
import { callerOf, isKeptRead, KEPT_READS, readKey } from './reads';

/** A token as the server signs it (only its payload matters here: the worker reads, never verifies). */
const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const api = (path: string) => new URL(`https://riverbend.gavel.example/api${path}`);

describe('what the service worker keeps of the API', () => {
  it('keeps only calls of the bidder app that read, and never a bid, a purchase, the cart, a payment or an account change', () => {
    for (const call of KEPT_READS) expect(Object.keys(appCalls)).toContain(call);
    for (const write of [
      'POST /submitbid',
      'POST /maxbid',
      'POST /watchlist',
      'GET /cart',
      'POST /checkout',
      'PUT /userprofile',
      'POST /login',
    ])
      expect(KEPT_READS).not.toContain(write);
    expect(isKeptRead('POST', api('/auctionitems'))).toBe(true);
    expect(isKeptRead('GET', api('/auctionitems'))).toBe(false);
    expect(isKeptRead('POST', api('/submitbid'))).toBe(false);
    expect(isKeptRead('POST', new URL('https://riverbend.gavel.example/auctionitems'))).toBe(false);
  });

  it("files an answer by its caller and body, so one bidder's is never another's", () => {
    const ann = callerOf(`Bearer ${token({ sub: '12', eventcode: 'Gala', userid: 12 })}`);
    const bob = callerOf(`Bearer ${token({ sub: '13', eventcode: 'gala', userid: 13 })}`);
    expect(ann).toBe('gala:12');
    expect(callerOf(null)).toBe('anonymous');
    // A token the worker cannot read: its answer is not kept at all.
    expect(callerOf('Bearer nonsense')).toBeNull();
    expect(callerOf(`Bearer ${token({ eventcode: 'gala' })}`)).toBeNull();
    const key = (caller: string, body: string) => readKey({ url: api('/itemdetails'), method: 'POST', caller, body });
    const body = '{"eventcode":"gala","itemid":7}';
    expect(key('gala:12', body)).toBe(key('gala:12', body));
    expect(key('gala:12', body)).not.toBe(key(bob ?? '', body));
    expect(key('gala:12', body)).not.toBe(key('gala:12', '{"eventcode":"gala","itemid":8}'));
    expect(new URL(key('gala:12', body)).pathname).toBe('/api/itemdetails');
  });
});

describe('which visits the service worker answers with the bidder app', () => {
  it("answers the bidder app's pages, offline too", () => {
    for (const path of [
      '/gala',
      '/gala/',
      '/gala/auction-items',
      '/gala/auction-items/7',
      '/gala/place-bid/7',
      '/gala/store',
    ])
      expect(isAppPage(path), path).toBe(true);
  });

  it('never answers the console, the board, the card form or any address the server keeps for itself', () => {
    const others = [
      '/console',
      '/console/events',
      '/gala/console',
      '/gala/console/items',
      '/gala/detail',
      '/gala/list/Main',
      '/gala/list/pc/3',
      '/testpay/card-form',
      '/api/event',
      '/media/abc',
      '/assets/main-1234.js',
      '/hubs/auction',
      '/dev/mailbox',
      '/docs',
      '/sw.js',
      '/favicon.svg',
      '/index.html',
      '/gala/manifest.webmanifest',
      '/gala/icons/icon-192.png',
    ];
    for (const path of others) expect(isAppPage(path), path).toBe(false);
    // The same answer as the server's own tests of the console's and the board's addresses.
    for (const path of [...others, '/gala/auction-items'])
      if (isConsolePath(path) || parseBoardRoute(path)) expect(isAppPage(path), path).toBe(false);
  });
});
