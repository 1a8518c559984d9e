import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, fullChromium } from '../testkit/chromium';

/**
 * The bidder's item list in Chromium as a phone sees it: 390 x 844 at three device pixels a CSS
 * pixel, an Android Chrome user agent, Lighthouse's slow 4G as DevTools applies it (562.5 ms a
 * request, 1.47 Mbps down) and a 4x slower CPU. Each load is cold, in a fresh context, with no
 * service worker. Measured: the largest contentful paint and the blocking time while it loads; then
 * a fast fling to the end of the list (300 px a frame), its frames and long tasks.
 */
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** Pixels a frame while flinging: 18,000 px a second at 60 frames, a hard flick of the thumb. */
const STEP = 300;
/** A frame longer than this is one a person sees stutter (two frames missed at 60 Hz). */
const JANK_MS = 50;

export interface PaintRun {
  /** Largest contentful paint, ms from navigation, and what it was (an image's address, or the element). */
  lcp: number;
  lcpElement: string;
  /** Long tasks' time past 50 ms each, until the page was quiet (Lighthouse's TBT, over the whole load). */
  blocking: number;
  /** Elements in the page once loaded, and the item cards among them. */
  elements: number;
  cards: number;
  /** Bytes of images fetched while loading. */
  imageBytes: number;
}

export interface ScrollRun {
  /** Time to reach the end of the list, in seconds. */
  seconds: number;
  frames: number;
  /** Frames missed at 60 Hz, as a share of the frames there should have been. */
  droppedPercent: number;
  janky: number;
  longestFrame: number;
  longestTask: number;
}

declare global {
  interface Window {
    benchLcp?: { at: number; element: string };
    benchLongTasks?: Array<{ start: number; duration: number }>;
  }
}

/** Observers of the page's largest paint and long tasks, set before any script of the page runs. */
function observe(): void {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const lcp = entry as PerformanceEntry & { url?: string; element?: Element | null };
      window.benchLcp = {
        at: entry.startTime,
        element: lcp.url ? new URL(lcp.url).pathname : (lcp.element?.tagName.toLowerCase() ?? ''),
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.benchLongTasks?.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function openThrottled(browser: Browser, url: string, token: { key: string; value: string }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), token);
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let imageBytes = 0;
  let inflight = 0;
  let lastDone = Date.now();
  const done = () => {
    inflight -= 1;
    lastDone = Date.now();
  };
  page.on('request', () => (inflight += 1));
  page.on('requestfailed', done);
  page.on('requestfinished', (request) => {
    done();
    if (request.resourceType() !== 'image') return;
    void request.sizes().then((s) => (imageBytes += s.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.locator('[data-testid="item-card"]').first().waitFor({ timeout: 120_000 });
  // The first card's picture in (a busy main thread may ask for it late), then no request for a while.
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="item-card"] img');
      return !img || (img.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  // The socket's long poll never ends: quiet is at most that one open, and nothing else for a second.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && (inflight > 1 || Date.now() - lastDone < 1_000))
    await new Promise((r) => setTimeout(r, 100));
  return { context, page, imageBytes: () => imageBytes };
}

async function paintOf(page: Page, imageBytes: number): Promise<PaintRun> {
  const seen = await page.evaluate(() => ({
    lcp: window.benchLcp ?? { at: Number.NaN, element: '' },
    blocking: (window.benchLongTasks ?? []).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    elements: document.querySelectorAll('*').length,
    cards: document.querySelectorAll('[data-testid="item-card"]').length,
  }));
  return {
    lcp: seen.lcp.at,
    lcpElement: seen.lcp.element,
    blocking: seen.blocking,
    elements: seen.elements,
    cards: seen.cards,
    imageBytes,
  };
}

/** Flings the list to its end, a step a frame, counting frames and long tasks on the way. */
async function fling(page: Page): Promise<ScrollRun> {
  return page.evaluate(
    async ({ step, jankMs }) => {
      const content = document.querySelector('[data-testid="items-page"] ion-content');
      if (!content || !('getScrollElement' in content)) throw new Error('no item list to scroll');
      const scroller = await (content as HTMLElement & { getScrollElement(): Promise<HTMLElement> }).getScrollElement();
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
      observer.observe({ type: 'longtask' });
      const frames: number[] = [];
      const start = performance.now();
      let last = start;
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2 && last - start < 120_000) {
        scroller.scrollTop += step;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      observer.disconnect();
      const frame = 1000 / 60;
      const dropped = frames.reduce((n, f) => n + Math.max(0, Math.round(f / frame) - 1), 0);
      return {
        seconds: (last - start) / 1000,
        frames: frames.length,
        droppedPercent: (100 * dropped) / (dropped + frames.length),
        janky: frames.filter((f) => f > jankMs).length,
        longestFrame: Math.max(0, ...frames),
        longestTask: Math.max(0, ...tasks),
      };
    },
    { step: STEP, jankMs: JANK_MS },
  );
}

/**
 * `runs` cold loads of the item list of `eventcode` (the run with the median paint is kept), then
 * a fling to its end in the last one.
 */
export async function measureList(
  origin: string,
  { eventcode, token, runs }: { eventcode: string; token: string; runs: number },
): Promise<{ paint: PaintRun; scroll: ScrollRun }> {
  const browser = await chromium.launch({
    executablePath: fullChromium,
    args: CHROMIUM_FLAGS,
  });
  try {
    const paints: PaintRun[] = [];
    let scroll: ScrollRun | undefined;
    for (let n = 0; n < runs; n += 1) {
      const opened = await openThrottled(browser, `${origin}/${eventcode}/auction-items`, {
        key: `gavel.token:${eventcode}`,
        value: token,
      });
      paints.push(await paintOf(opened.page, opened.imageBytes()));
      if (n === runs - 1) scroll = await fling(opened.page);
      await opened.context.close();
    }
    paints.sort((a, b) => a.lcp - b.lcp);
    const paint = paints[Math.floor(paints.length / 2)];
    if (!paint || !scroll) throw new Error('the list was not measured');
    return { paint, scroll };
  } finally {
    await browser.close();
  }
}
