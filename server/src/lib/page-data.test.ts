import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, type PageData, pageData, pageDataRoute } from '@gavel/domain';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';
import { eventDocument, item, PNG_DATA_URL } from '../test/documents';
import { injectTransport } from '../test/inject';
import { call } from '../test/call';
import { verifiedBidder } from '../../../testkit/bidders';
import { encodingFor, pageDataScript } from './page-data';
import { escapeHtml } from './escape-html';

/**
 * The event's public data written into the bidder app's page (lib/page-data.ts): what the calls
 * answer a guest, never anything of a bidder's, in a script element nothing can break out of.
 */
const INDEX = [
  '<!doctype html><html><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" />',
  '<title>Gavel</title>',
  '<script type="module" crossorigin src="/assets/main-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/app-1.js">',
  '</head><body><div id="root"><!--gavel:first-screen--><div class="gavel-shell">Loading…</div><!--/gavel:first-screen--></div>',
  '<link rel="stylesheet" href="/assets/main-1.css"></body></html>',
].join('');
const NAME = 'Gala </script><script>alert(1)</script> \u2028 <!-- $& end';
const MANIFEST = {
  'index.html': { file: 'assets/main-1.js', imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/features/items/itemPages.ts': {
    file: 'assets/itemPages-1.js',
    imports: ['_shared-1.js', '_Page-1.js'],
    css: ['assets/items-1.css'],
  },
  '_Page-1.js': { file: 'assets/Page-1.js', css: ['assets/Page-1.css'] },
};

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gavel-page-data-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    INDEX.replace('</head>', '<script src="/assets/shared-1.js"></script></head>'),
  );
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST: dist });
  const now = new Date();
  for (const [eventcode, guests] of [
    ['gala', true],
    ['members', false],
  ] as const) {
    const doc = eventDocument(now, {
      eventcode,
      eventname: NAME,
      event: { eventallowguestentry: guests },
      items: [item('101', { name: 'Harbor Cruise', startingbid: 50, imageurl: PNG_DATA_URL }), item('102')],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
    expect(res.statusCode, res.body).toBe(200);
  }
  // A bidder's bid shows in the public price; nothing else of theirs may reach a page.
  const ann = await verifiedBidder(injectTransport(t.app), {
    eventcode: 'gala',
    email: 'zebulon.quux@example.org',
    profile: { firstname: 'Zebulon', lastname: 'Quux', zip: '60614' },
  });
  const list = await call(t.app, 'POST /auctionitems', { eventcode: 'gala' }, { headers: ann.auth });
  const itemid = list.ok ? (list.answer.auctionitems[0]?.itemid ?? 0) : 0;
  const bid = await call(t.app, 'POST /submitbid', { eventcode: 'gala', itemid, bid: 5000 }, { headers: ann.auth });
  expect(bid.ok).toBe(true);
  await call(t.app, 'POST /watchlist', { eventcode: 'gala', itemid }, { headers: ann.auth });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The page's data, read back as the browser's JSON.parse reads the element's text. */
function dataOf(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`).exec(html);
  return match?.[1] === undefined ? null : pageData.parse(JSON.parse(match[1]));
}

async function guestAnswer(url: string, payload: object): Promise<unknown> {
  const guest = await t.app.inject({ method: 'POST', url: '/api/guestlogin', payload: { eventcode: 'gala' } });
  const token = String(guest.json<{ token: string }>().token);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

describe('the bidder app page', () => {
  it('carries the event as the event call answers it, inert whatever the names hold, never cached', async () => {
    const res = await page('/gala');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The name's </script> and <!-- stay inside the JSON: the page's scripts are the build's two (the
    // app's waiting in its template), the data and the one that starts the app.
    expect(res.body.match(/<\/script>/g)).toHaveLength(4);
    expect(res.body).not.toContain('alert(1)</script>');
    expect(res.body).not.toContain('<!--');
    expect(/id="gavel-page-data">[^<]*/.exec(res.body)?.[0]).not.toContain('\u2028');
    const data = dataOf(res.body);
    const answer = (await t.app.inject({ method: 'POST', url: '/api/event', payload: { eventcode: 'gala' } })).json();
    expect(data?.eventcode).toBe('gala');
    expect({ ...(data?.event as object), servertime: 'now' }).toEqual({ ...answer, servertime: 'now' });
    expect((data?.event as { eventname: string }).eventname).toBe(NAME);
    expect(data?.items).toBeUndefined();
  });

  it('on the item list, carries the list a guest is answered, with nothing of the bidder who bid', async () => {
    const res = await page('/gala/auction-items');
    const data = dataOf(res.body);
    expect(data?.items).toEqual(await guestAnswer('/api/auctionitems', { eventcode: 'gala', includethumbnail: true }));
    expect(JSON.stringify(data)).toContain('"currentbid":50');
    for (const secret of ['zebulon', 'Zebulon', 'Quux', '"watchlist":true', '"accountbiddingon":true'])
      expect(res.body).not.toContain(secret);
    // The list's screen is fetched beside the app's first scripts: its chunks and styles, each once.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/itemPages-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Page-1.js">');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/items-1.css">');
    expect(res.body.match(/assets\/shared-1\.js/g)).toHaveLength(1);
  });

  it("on an item's page, carries that item and its photos as a guest sees them, and compresses", async () => {
    const list = dataOf((await page('/gala/auction-items')).body)?.items as { auctionitems: Array<{ itemid: number }> };
    const itemid = list.auctionitems[0]?.itemid ?? 0;
    const res = await page(`/gala/auction-items/${itemid}`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    const data = dataOf(brotliDecompressSync(res.rawPayload).toString());
    expect(data?.item).toEqual(await guestAnswer('/api/itemdetails', { eventcode: 'gala', itemid }));
    expect(data?.photos).toEqual(await guestAnswer('/api/itemphotos', { eventcode: 'gala', itemid }));
    expect(data?.items).toBeUndefined();
  });

  it('carries nothing for an unknown event, and no items where guests may not look', async () => {
    for (const url of ['/nosuchevent', '/nosuchevent/auction-items', '/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(PAGE_DATA_ID);
    }
    const members = dataOf((await page('/members/auction-items')).body);
    expect(members?.eventcode).toBe('members');
    expect(members?.items).toBeUndefined();
    expect(dataOf((await page('/members/auction-items/1')).body)?.item).toBeUndefined();
  });
});

describe("the page's first screen", () => {
  /** The page's head and body, and the app's scripts as the page holds them until its first paint. */
  const parts = (html: string) => ({
    head: html.slice(0, html.indexOf('</head>')),
    waiting: /<template id="gavel-app-scripts">(.*?)<\/template>/.exec(html)?.[1] ?? null,
  });

  it('draws the home from the event, its name as text, and starts the app after it by a script the policy allows', async () => {
    const res = await page('/gala');
    expect(res.body).toContain('data-first-screen="event"');
    expect(res.body).toContain(`<h1>${escapeHtml(NAME)}</h1>`);
    expect(res.body).not.toContain('Loading…');
    const { head, waiting } = parts(res.body);
    // The build's own scripts wait, in their order, none of them left in the head.
    expect(head).not.toMatch(/main-1\.js|app-1\.js/);
    // As the build named them (the home's screen adds none: the app the entry starts is in index.html).
    expect(waiting).toBe(
      '<script type="module" crossorigin src="/assets/main-1.js"></script><link rel="modulepreload" crossorigin href="/assets/app-1.js">',
    );
    const start = /<script>([^<]+)<\/script><\/body>/.exec(res.body)?.[1] ?? '';
    expect(start).toContain('gavel-app-scripts');
    const hash = createHash('sha256').update(start).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it("draws the list's first cards as a guest sees them, their first pictures fetched before anything else", async () => {
    const res = await page('/gala/auction-items');
    const items = dataOf(res.body)?.items as { auctionitems: Array<{ itemid: number; name: string }> };
    const cruise = items.auctionitems.find((i) => i.name === 'Harbor Cruise');
    expect(res.body).toContain('data-first-screen="items"');
    expect(res.body).toContain(`<a class="gf-item" href="/gala/auction-items/${cruise?.itemid}">`);
    expect(res.body).toContain('<div class="gf-num">#101</div><div class="gf-name">Harbor Cruise</div>');
    // Zebulon's bid shows as the price, and nothing else of theirs (the test above reads the whole page).
    expect(res.body).toContain('Last Bid <strong>$50.00</strong>');
    // The picture's preload is the head's first link, right after the viewport (its sizes depend on
    // it), with the card's own srcset and sizes.
    const { head } = parts(res.body);
    const preload =
      /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(
        head,
      );
    expect(preload?.index).toBe(head.indexOf('<link'));
    expect(head.indexOf('<meta name="viewport"')).toBeLessThan(preload?.index ?? -1);
    expect(preload?.[1]).toMatch(/^\/media\/[\w-]+\/768\.webp$/);
    expect(res.body).toContain(`srcset="${preload?.[2] ?? 'none'}" sizes="${preload?.[3] ?? 'none'}"`);
    expect(preload?.[3]).toContain('calc(50vw - 22px)');
  });

  it("draws an item's photo, name and price, and its description as text", async () => {
    const items = dataOf((await page('/gala/auction-items')).body)?.items as {
      auctionitems: Array<{ itemid: number; name: string }>;
    };
    const cruise = items.auctionitems.find((i) => i.name === 'Harbor Cruise');
    const res = await page(`/gala/auction-items/${cruise?.itemid}`);
    expect(res.body).toContain('data-first-screen="item"');
    expect(res.body).toContain('<h1 class="gf-h1">Harbor Cruise</h1>');
    expect(res.body).toContain('<div class="gf-label">Current Bid</div><div class="gf-big">$50.00</div>');
    expect(res.body).toMatch(/<div class="gf-photo"><img src="\/media\/[\w-]+\/768\.webp" srcset=/);
  });

  it('leaves the loading screen and the scripts as they are where it has nothing to draw', async () => {
    // Another of the event's pages (it carries the event, but is not its front door); a list kept out of the page.
    for (const url of ['/gala/my-account', '/members/auction-items', '/members/auction-items/1']) {
      const res = await page(url);
      expect(res.body, url).toContain('Loading…');
      expect(res.body, url).not.toContain('data-first-screen');
      expect(parts(res.body).head, url).toContain('<script type="module" crossorigin src="/assets/main-1.js">');
      expect(parts(res.body).waiting, url).toBeNull();
    }
  });
});

describe('the page data script', () => {
  it('escapes what could end the element or the string, and reads back as it was', () => {
    const data = { eventcode: 'gala', event: { eventname: NAME, note: '\u2029 & <b>' } };
    const script = pageDataScript(data);
    const text = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it('names the addresses whose data goes in, and no others', () => {
    expect(pageDataRoute('/Gala')).toEqual({ eventcode: 'gala', view: 'event' });
    expect(pageDataRoute('/gala/auction-items/')).toEqual({ eventcode: 'gala', view: 'items' });
    expect(pageDataRoute('/gala/auction-items/12')).toEqual({ eventcode: 'gala', view: 'item', itemid: 12 });
    expect(pageDataRoute('/gala/auction-items/12x')).toEqual({ eventcode: 'gala', view: 'event' });
    expect(pageDataRoute('/gala/auction-items/99999999999')).toEqual({ eventcode: 'gala', view: 'event' });
    for (const path of ['/', '/%E0%A4%A', '/bad code', '/-x']) expect(pageDataRoute(path), path).toBeNull();
  });

  it('compresses as the browser accepts, brotli first, never a coding it refuses', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
  });
});
