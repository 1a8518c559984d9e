import {
  applyCatalogQuery,
  type AuctionItem,
  type EventData,
  formatMoney,
  formatTimeWithZone,
  IMAGE_BREAKPOINTS,
  IMAGE_SIZES,
  imageSources,
  itemLook,
  type PageDataRoute,
  type PriceLine,
} from '@gavel/domain';
import { createHash } from 'node:crypto';
import { escapeHtml } from './escape-html';

/**
 * The first screen of a bidder page, drawn by the server into the page's `#root` from the data it
 * writes into the page (lib/page-data.ts): the event's front door, the first cards of the item
 * list, or an item's photo and price. On a venue's slow Wi-Fi it shows the real event a phone
 * opened long before the app's scripts have arrived and run; the app replaces it as it draws its
 * first screen (React empties `#root` on its first render), and the look is the app's own, in a
 * few inline rules, so the hand-over hardly shows. Its links are plain links: a tap before the
 * app is ready opens the page it names.
 *
 * What it shows is what a guest sees: never anything of a bidder's (their standing, watchlist),
 * which the app adds once it knows who is looking.
 */

export interface FirstScreenData {
  route: PageDataRoute;
  /** The event's front door itself (`/{eventcode}`), not another of its pages (which carry the event too). */
  home?: boolean;
  event: EventData;
  /** The guest's item list, when it went into the page. */
  items?: AuctionItem[];
  /** An item's page: the item and its photos. */
  item?: AuctionItem;
  photos?: Array<{ photourl: string }>;
  now: Date;
}

/** Where index.html holds its loading screen, which a first screen replaces (web/index.html). */
export const FIRST_SCREEN_START = '<!--gavel:first-screen-->';
export const FIRST_SCREEN_END = '<!--/gavel:first-screen-->';

/** The cards drawn: a phone's first screen and a little more, two to a row. */
export const FIRST_CARDS = 6;
/** The cards of a phone's first row, whose pictures are the list's largest paint. */
const FIRST_ROW = 2;

/**
 * The rules of the screen, the app's look in brief (web/src/theme.css, features/items/items.css,
 * features/event/event.css); the page's head already styles the body and the bar (web/index.html).
 */
const STYLE = [
  // Its own scrolling box: Ionic's styles, which arrive first, fix the body in place.
  '.gf-page{position:fixed;inset:0;overflow-y:auto;-webkit-overflow-scrolling:touch}',
  '.gf{padding:16px;max-width:560px;margin:0 auto;box-sizing:border-box;line-height:1.4}',
  '.gf *{box-sizing:border-box}',
  '.gf-bar img{height:40px;max-width:200px;object-fit:contain}',
  '.gf-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}',
  '.gf-item{display:flex;flex-direction:column;background:#fff;border-radius:14px;overflow:hidden;color:inherit;text-decoration:none;box-shadow:0 1px 3px rgba(29,27,32,.1)}',
  '.gf-pic{background:#ece6f2;aspect-ratio:4/3}',
  '.gf-pic img,.gf-photo img{display:block;width:100%;height:100%;object-fit:cover}',
  '.gf-body{padding:10px 12px 12px;display:flex;flex-direction:column;gap:3px;min-width:0}',
  '.gf-num{font-size:.75rem;color:#5f5b66}',
  '.gf-name{font-weight:650;line-height:1.25;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}',
  '.gf-price{font-size:.95rem}',
  '.gf-buynow{font-size:.85rem;color:#5f5b66}.gf-buynow strong{color:#4b1f73}',
  '.gf-meta{display:flex;justify-content:space-between;font-size:.8rem;color:#5f5b66}',
  '.gf-urgent{color:#c5000f;font-weight:700}.gf-word{font-weight:800;letter-spacing:.04em}',
  '.gf-card{background:#fff;border-radius:16px;padding:16px;margin:0 0 16px}',
  '.gf-hero{text-align:center;padding:8px 0 16px}',
  '.gf-hero img{width:180px;max-width:100%;height:120px;object-fit:contain}',
  '.gf-hero h1{color:#4b1f73;font-weight:400;font-size:1.6rem;margin:12px 0 4px}',
  '.gf-muted{color:#5f5b66}',
  '.gf-photo{margin:0 0 12px;aspect-ratio:4/3;border-radius:14px;overflow:hidden;background:#ece6f2}',
  '.gf-h1{margin:2px 0 4px;font-size:1.35rem;font-weight:400}',
  '.gf-prices{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px 12px;margin-top:8px}',
  '.gf-label{font-size:.75rem;color:#5f5b66;text-transform:uppercase;letter-spacing:.05em}',
  '.gf-big{font-size:1.5rem;font-weight:800;color:#4b1f73}',
  '.gf-html{line-height:1.5}.gf-html img{max-width:100%;height:auto}.gf-html p:first-child{margin-top:0}.gf-html p:last-child{margin-bottom:0}',
  '.gf .gavel-shell-loading{padding:8px 0 24px}',
].join('');

const e = escapeHtml;

/** A picture with the app's `srcset` and `sizes` (ui/ItemImage.tsx), so the app's copy is the one fetched. */
function picture(url: string, sizes: string, first: boolean): string {
  const { src, srcSet } = imageSources(url, first ? IMAGE_BREAKPOINTS[2] : undefined);
  const set = srcSet ? ` srcset="${e(srcSet)}" sizes="${e(sizes)}"` : '';
  const eager = first ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"';
  return `<img src="${e(src)}"${set} alt="" width="800" height="600"${eager}>`;
}

function priceLine(price: PriceLine): string {
  return price.kind === 'amount'
    ? `<span>${e(price.label)} <strong>${e(formatMoney(price.amount))}</strong></span>`
    : `<span class="gf-word">${e(price.word)}</span>`;
}

/** Draws a picture; `first` for those the screen opens on, which the page's head also preloads. */
type Draw = (url: string, sizes: string, first: boolean) => string;

/** One card of the list, as ItemCard draws it for a guest. */
function card(draw: Draw, eventcode: string, item: AuctionItem, now: Date, first: boolean): string {
  const look = itemLook(item, now, 'card');
  const buyNow =
    look.buyNow && look.variant === 'bid'
      ? `<div class="gf-buynow">Buy It Now <strong>${e(formatMoney(look.buyNow.price))}</strong></div>`
      : '';
  const time = look.time ? `<span${look.time.urgent ? ' class="gf-urgent"' : ''}>${e(look.time.text)}</span>` : '';
  const bids = look.bids && item.numberofbids > 0 ? `<span>${e(look.bids)}</span>` : '';
  return (
    `<a class="gf-item" href="/${e(eventcode)}/auction-items/${item.itemid}">` +
    `<div class="gf-pic">${item.imageurl ? draw(item.imageurl, IMAGE_SIZES.card, first) : ''}</div>` +
    `<div class="gf-body"><div class="gf-num">#${e(item.itemnum)}</div><div class="gf-name">${e(item.name)}</div>` +
    `<div class="gf-price">${priceLine(look.price)}</div>${buyNow}<div class="gf-meta">${time}${bids}</div></div></a>`
  );
}

function home(event: EventData): string {
  const notOpen = event.eventflag === 'eventnotopen' || event.eventflag === 'biddingnotopen';
  const message = event.eventflag === 'eventnotopen' ? event.preeventtext : event.homemessage;
  return (
    '<section class="gf-hero">' +
    (event.logourl ? `<img src="${e(event.logourl)}" alt="${e(`${event.eventname} logo`)}">` : '') +
    `<h1>${e(event.eventname)}</h1><p class="gf-muted">${e(event.organizationname)}</p>` +
    (notOpen ? `<p>Bidding opens <strong>${e(formatTimeWithZone(event.eventbiddingopen))}</strong></p>` : '') +
    '</section>' +
    // Organizer HTML, sanitized by the server before it was stored, as the app shows it.
    (message ? `<section class="gf-card gf-html">${message}</section>` : '')
  );
}

/** The list's first cards, in the order the app opens on (its default sort). */
function list(draw: Draw, eventcode: string, items: AuctionItem[], now: Date): string {
  const shown = applyCatalogQuery(items, { search: '', filters: [], tags: [], sort: 'Featured Items' });
  const cards = shown.slice(0, FIRST_CARDS).map((item, i) => card(draw, eventcode, item, now, i < FIRST_ROW));
  return `<div class="gf-grid">${cards.join('')}</div>`;
}

function itemPage(draw: Draw, item: AuctionItem, photos: Array<{ photourl: string }>, now: Date): string {
  const look = itemLook(item, now, 'detail');
  const photo = photos[0]?.photourl ?? item.imageurl;
  const price =
    look.price.kind === 'amount'
      ? `<div><div class="gf-label">${e(look.price.label)}</div><div class="gf-big">${e(formatMoney(look.price.amount))}</div></div>`
      : `<div class="gf-big">${priceLine(look.price)}</div>`;
  const time =
    look.time && look.time.text !== 'Closed'
      ? `<div><div class="gf-label">Time Left</div><div${look.time.urgent ? ' class="gf-urgent"' : ''}>${e(look.time.text)}</div></div>`
      : '';
  return (
    (photo ? `<div class="gf-photo">${draw(photo, IMAGE_SIZES.photo, true)}</div>` : '') +
    `<section class="gf-card"><div class="gf-num">#${e(item.itemnum)}</div><h1 class="gf-h1">${e(item.name)}</h1>` +
    (item.donatedby ? `<div class="gf-muted">Donated by ${e(item.donatedby)}</div>` : '') +
    `<div class="gf-prices">${price}${time}</div></section>` +
    (item.description || item.longdescription
      ? // The long description is organizer HTML, sanitized before it was stored.
        `<section class="gf-card gf-html">${item.description ? `<p>${e(item.description)}</p>` : ''}${item.longdescription}</section>`
      : '')
  );
}

/**
 * The screen's markup, and `<link rel="preload">`s for the pictures it opens on (the first row of
 * cards, an item's first photo) with the `srcset` and `sizes` of their `<img>`: put first in the
 * page's head, they are fetched before the app's scripts, which a slow connection would otherwise
 * share out first. Null when the page has nothing of its own to draw (the loading screen stays).
 */
export function firstScreen(data: FirstScreenData): { markup: string; preloads: string } | null {
  const { route, event, now } = data;
  const opening: string[] = [];
  const draw: Draw = (url, sizes, first) => {
    if (first) opening.push(preload(url, sizes));
    return picture(url, sizes, first);
  };
  let body: string;
  if (route.view === 'event' && data.home) body = home(event);
  else if (route.view === 'items' && data.items) body = list(draw, event.eventcode, data.items, now);
  else if (route.view === 'item' && data.item) body = itemPage(draw, data.item, data.photos ?? [], now);
  else return null;
  const bar = event.logourl ? `<img src="${e(event.logourl)}" alt="${e(event.eventname)}">` : e(event.eventname);
  // The rest of the page (the join form, the bid buttons) comes with the app: the page's own spinner says so.
  const more =
    route.view === 'items'
      ? ''
      : '<div class="gavel-shell-loading" aria-hidden="true"><span class="gavel-shell-spinner"></span></div>';
  return {
    markup: `<style>${STYLE}</style><div class="gf-page"><div class="gavel-shell-bar gf-bar">${bar}</div><main class="gf" data-first-screen="${route.view}">${body}${more}</main></div>`,
    preloads: opening.join(''),
  };
}

/** A picture's preload, asking for the copy its `<img>` (picture above, as a first picture) will. */
function preload(url: string, sizes: string): string {
  const { src, srcSet } = imageSources(url, IMAGE_BREAKPOINTS[2]);
  const set = srcSet ? ` imagesrcset="${e(srcSet)}" imagesizes="${e(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${e(src)}"${set} fetchpriority="high">`;
}

/** The page with its loading screen replaced by the first screen; as it was without the markers. */
export function withFirstScreen(html: string, screen: string): string {
  const start = html.indexOf(FIRST_SCREEN_START);
  const end = html.indexOf(FIRST_SCREEN_END, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + screen + html.slice(end + FIRST_SCREEN_END.length);
}

/**
 * Starts the app's scripts once the first screen has painted (the frame after the next), or after
 * 300 ms should no frame come (a page opened in the background). Until then they wait in a
 * template, so the browser neither fetches nor runs them: the screen's text and pictures go
 * first on a slow connection, and the app follows a frame behind. The script and its preloads go
 * into the head four at a time, a task each: every one starts a request, and all at once held a
 * phone's slow CPU in one long task. Inline, allowed by its hash in the content security policy
 * (app.ts), so it costs no request.
 */
const APP_START = [
  "(()=>{const t=document.getElementById('gavel-app-scripts');let started=false;",
  'const start=()=>{if(started||!t)return;started=true;const els=[...t.content.children];t.remove();',
  'const add=()=>{for(const el of els.splice(0,4)){const n=document.createElement(el.localName);',
  'for(const a of el.attributes)n.setAttribute(a.name,a.value);document.head.append(n);}',
  'if(els.length)setTimeout(add);};add();};',
  'requestAnimationFrame(()=>setTimeout(start));setTimeout(start,300);})();',
].join('');

/** The hash of the inline script above, for the content security policy's script-src. */
export const APP_START_HASH = `'sha256-${createHash('sha256').update(APP_START).digest('base64')}'`;

/** The app's scripts and the preloads of its files, as the build writes them into the head. */
const APP_FILES = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload)"(?! as="image")[^>]*>/g;

/**
 * The page with the app's scripts (and their preloads) moved from its head into a template that
 * APP_START empties into the head after the first paint; as it was when its head names none.
 */
export function appAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const files = head.match(APP_FILES) ?? [];
  if (files.length === 0 || !html.includes('</body>')) return html;
  const rest = html
    .slice(headEnd)
    .replace(
      '</body>',
      () => `<template id="gavel-app-scripts">${files.join('')}</template><script>${APP_START}</script></body>`,
    );
  return head.replace(APP_FILES, '') + rest;
}
