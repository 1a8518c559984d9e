import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AuctionItem, PageData } from '@gavel/domain';
import { keys } from './keys';
import { refreshSeeded, seedFromPage } from './pageData';

/** The data a page of the gala carries (server/src/lib/page-data.ts), as the wire carries it: dollars. */
const NOW = Date.parse('2026-12-05T19:00:00.000Z');

function eventAnswer(servertime: string): Record<string, unknown> {
  const at = '2026-12-05T19:00:00.000Z';
  return {
    status: 'success',
    eventname: 'Spring Gala',
    eventcode: 'gala',
    auctioncode: 'acme',
    organizationname: 'Acme Schools Foundation',
    logourl: '',
    sponsorurl: [],
    ...{ welcomemessage: '', homemessage: '<p>Welcome</p>', preeventtext: '', contactus: '' },
    ...{ organizationphone: '', organizationemail: '', timezone: 'America/Chicago' },
    ...{ eventopendate: at, eventclosedate: at, eventbiddingopen: at, eventbiddingclosed: at },
    ...{ eventbiddingopencst: '', eventbiddingclosedcst: '', eventflag: 'biddingopen' },
    ...{ allowbillme: false, allowpayccfees: false, ccfeespercent: 0, eventallowanonymousbidding: false },
    ...{ eventallowguestentry: true, addressrequired: false, ziprequired: false },
    ...{ notificationcolumns: [], notificationrows: [], shownotificationsmenuitem: false },
    ...{ paymentprocessorcode: 0, needscardtobid: false, servertime, venue: null },
  };
}

function itemAnswer(itemid: number): Record<string, unknown> {
  const zero = ['fairmarketvalue', 'buyitnowprice', 'lastbid', 'accountautobidamount', 'accountautobidincrement'];
  const no = ['ispriceless', 'unlimitedquantity', 'buyitnowonly', 'buyitnowavailable', 'itemisliveonly'];
  const mine = ['watchlist', 'currentlywinningbid', 'accountbiddingon', 'accountisautobid', 'needscardtobid'];
  return {
    ...Object.fromEntries([...zero.map((k) => [k, 0]), ...[...no, ...mine].map((k) => [k, false])]),
    ...{ itemid, name: `Item ${itemid}`, description: '', longdescription: '', itemnum: String(itemid) },
    ...{ donatedby: '', imageurl: '', tags: '', location: '', quantity: 1, quantityavailable: 1 },
    ...{ maxpurchasequantity: 0, maxpurchaseperbidder: 0, allowautobid: true, startingbid: 12.5 },
    ...{ currentbid: 12.5, minimumbidincrease: 1, minimumnextbid: 12.5, numberofbids: 0 },
    ...{ bidstatus: 'biddingopen', closing: '2026-12-05T23:00:00.000Z', closingcst: '', featured: 0, historyid: 0 },
  };
}

function page(servertime = new Date(NOW).toISOString()): PageData {
  return {
    eventcode: 'gala',
    event: eventAnswer(servertime),
    items: { status: 'success', auctionitems: [itemAnswer(1), itemAnswer(2)] },
    item: { status: 'success', item: itemAnswer(1) },
    photos: { status: 'success', itemphotos: [{ photourl: '/media/abc' }] },
  };
}

/** A login token as the app reads it (payload only; the server verifies it). */
function token(isguest: boolean): string {
  const payload = Buffer.from(JSON.stringify({ exp: NOW / 1000 + 3600, isguest, eventcode: 'gala' })).toString(
    'base64url',
  );
  return `header.${payload}.signature`;
}

let stored: Record<string, string>;
beforeEach(() => {
  stored = {};
  vi.stubGlobal('window', { location: { pathname: '/gala/auction-items' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored[key] ?? null,
    setItem: (key: string, value: string) => void (stored[key] = value),
    removeItem: (key: string) => void delete stored[key],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the cache seeded from the page', () => {
  it('holds the event, decoded as the call decodes it, fresh as if just fetched', () => {
    const client = new QueryClient();
    seedFromPage(client, page(), NOW);
    const event = client.getQueryState<{ eventname: string }>(keys.event('gala'));
    expect(event?.data?.eventname).toBe('Spring Gala');
    expect(event?.dataUpdatedAt).toBe(NOW);
    // No one signed in: the items are fetched (a signed-in bidder's carry their own fields).
    expect(client.getQueryData(keys.items('gala'))).toBeUndefined();
    expect(client.getQueryData(keys.photos('gala', 1))).toEqual([{ photourl: '/media/abc' }]);
  });

  it("holds a guest's items and item in cents, and fetches them again once the live connection is up", async () => {
    stored['gavel.token:gala'] = token(true);
    const client = new QueryClient();
    seedFromPage(client, page(), NOW);
    const items = client.getQueryData<AuctionItem[]>(keys.items('gala'));
    expect(items?.map((i) => [i.itemid, i.currentbid])).toEqual([
      [1, 1250],
      [2, 1250],
    ]);
    expect(client.getQueryData<AuctionItem>(keys.item('gala', 1))?.minimumnextbid).toBe(1250);

    vi.stubGlobal('setTimeout', (run: () => void) => run());
    refreshSeeded(client);
    for (const key of [keys.items('gala'), keys.item('gala', 1)])
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    // No bid changes the event or an item's photos: they are not fetched again for the connection.
    for (const key of [keys.event('gala'), keys.photos('gala', 1)])
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false);
  });

  it("gives a signed-in bidder only what is everyone's", () => {
    stored['gavel.token:gala'] = token(false);
    const client = new QueryClient();
    seedFromPage(client, page(), NOW);
    expect(client.getQueryData(keys.event('gala'))).toBeDefined();
    expect(client.getQueryData(keys.items('gala'))).toBeUndefined();
    expect(client.getQueryData(keys.item('gala', 1))).toBeUndefined();
  });

  it("shows a kept copy's data but as stale, fetched as soon as it is shown", () => {
    const client = new QueryClient();
    seedFromPage(client, page(new Date(NOW - 3_600_000).toISOString()), NOW);
    const state = client.getQueryState(keys.event('gala'));
    expect(state?.data).toBeDefined();
    expect(state?.dataUpdatedAt).toBe(0);
  });

  it("seeds nothing from another event's page, or from data that does not decode", () => {
    const client = new QueryClient();
    seedFromPage(client, { ...page(), eventcode: 'other' }, NOW);
    seedFromPage(client, { ...page(), event: { eventname: 'no more' } }, NOW);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
