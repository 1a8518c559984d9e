import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { z } from 'zod';
import { type AnswerOf, type Contract, contracts, type RequestOf } from '@gavel/domain';
import { sleep, startServer, stop, table } from './lib';
import { CHROMIUM_FLAGS, fullChromium } from '../testkit/chromium';

/**
 * Lighthouse (mobile defaults: a mid-range phone's screen, simulated slow 4G and a 4x slower CPU)
 * on three pages of the demo event, served as `npm start` serves it: the event home, the item list
 * and one item. The list and the item are guest pages: the app keeps the guest's token in local
 * storage, so it is put there (over the DevTools protocol, before Lighthouse loads the page, with
 * Lighthouse told not to clear storage) and Lighthouse measures the real page, not a redirect to
 * the home. Each page runs in a fresh Chrome, so every load is a cold one.
 *
 * WEB_DIST=dir uses that build of the web app; otherwise it is built into a temporary directory.
 * LIGHTHOUSE_REPORTS=dir keeps each page's full report there (JSON, for the Lighthouse viewer).
 * LIGHTHOUSE_RUNS=n loads each page n times and keeps the run with the median performance score
 * (scores move from run to run, more so on a busy machine: its load is printed with the table).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const EVENT = 'demo';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

interface Target {
  name: string;
  path: string;
  /** The guest token to hold in local storage before the page loads. */
  token?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Audit = Lhr['audits'][string];

interface Result {
  target: Target;
  scores: Record<string, number>;
  audits: Lhr['audits'];
  failing: Audit[];
}

export function webDist(): { dir: string; temporary: boolean } {
  const given = process.env.WEB_DIST;
  if (given) {
    if (!existsSync(join(given, 'index.html')))
      throw new Error(
        `WEB_DIST=${given} has no index.html; build it with npm run build -w web -- --outDir ${given} --emptyOutDir`,
      );
    return { dir: given, temporary: false };
  }
  const dir = mkdtempSync(join(tmpdir(), 'gavel-lighthouse-web-'));
  const build = spawnSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', dir, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the web app did not build');
  return { dir, temporary: true };
}

/** One call of the contract map, its answer decoded by its schema. */
async function call<K extends 'POST /guestlogin' | 'POST /auctionitems'>(
  origin: string,
  key: K,
  body: RequestOf<K>,
  token?: string,
): Promise<AnswerOf<K>> {
  const contract: Contract = contracts[key];
  const res = await fetch(`${origin}/api${contract.path}`, {
    method: contract.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: contract.body ? JSON.stringify(z.encode(contract.body, body)) : undefined,
  });
  if (!res.ok) throw new Error(`${key}: ${res.status} ${await res.text()}`);
  const schema: z.ZodType<AnswerOf<K>> = contracts[key].response;
  return schema.parse(await res.json());
}

/** Sends DevTools protocol commands to one tab, in order; each answers with the command's result, or null on an error. */
async function devtools(
  socketUrl: string,
  run: (send: (method: string, params?: object) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const socket = new WebSocket(socketUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data: WebSocket.RawData) => {
    const message: unknown = JSON.parse(data.toString());
    if (typeof message !== 'object' || message === null || !('id' in message) || typeof message.id !== 'number') return;
    waiting.get(message.id)?.('result' in message ? message.result : null);
    waiting.delete(message.id);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      next += 1;
      waiting.set(next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  try {
    await run(send);
  } finally {
    socket.close();
  }
}

const evaluated = z.object({ result: z.object({ value: z.literal(true) }) });

/** Puts the guest's token where the app keeps it: local storage of the server's origin, under its event. */
async function holdToken(chromePort: number, origin: string, token: string): Promise<void> {
  // A small file of the same origin, so the tab has that origin's storage without loading the app.
  const res = await fetch(`http://127.0.0.1:${chromePort}/json/new?${origin}/favicon.svg`, { method: 'PUT' });
  const tab = z.object({ id: z.string(), webSocketDebuggerUrl: z.string() }).parse(await res.json());
  const expression = `location.origin === ${JSON.stringify(origin)} && (localStorage.setItem(${JSON.stringify(`gavel.token:${EVENT}`)}, ${JSON.stringify(token)}), true)`;
  await devtools(tab.webSocketDebuggerUrl, async (send) => {
    // The tab answers once its page has loaded; until then it has no context (or the blank one) to run in.
    for (let tries = 0; tries < 100; tries += 1) {
      if (evaluated.safeParse(await send('Runtime.evaluate', { expression, returnByValue: true })).success) return;
      await sleep(100);
    }
    throw new Error(`could not keep the guest token in ${origin}'s local storage`);
  });
  await fetch(`http://127.0.0.1:${chromePort}/json/close/${tab.id}`);
}

/** One cold load of a page in a fresh Chrome; null when Lighthouse could not record it (it says to run it again). */
async function auditOnce(origin: string, target: Target): Promise<Result | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: fullChromium,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (target.token) await holdToken(chrome.port, origin, target.token);
    const run = await lighthouse(`${origin}${target.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(target.token),
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const { lhr } = run;
    if (lhr.runtimeError) {
      console.error(`Lighthouse on ${target.path}: ${lhr.runtimeError.message}`);
      return null;
    }
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(
        join(reports, `${target.path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`),
        JSON.stringify(lhr, null, 1),
      );
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${origin}${target.path}`).pathname)
      throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const audits = lhr.audits;
    const failing = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter(
        (a): a is Audit =>
          a !== undefined &&
          a.score !== null &&
          a.score < 1 &&
          (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'),
      );
    return { target, scores, audits, failing };
  } finally {
    chrome.kill();
  }
}

/** A cold load of the page, tried again (up to three times) when Lighthouse could not record it. */
async function audit(origin: string, target: Target): Promise<Result> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await auditOnce(origin, target);
    if (result) return result;
  }
  throw new Error(`Lighthouse could not record ${target.path} in three tries`);
}

/** Whether the server compresses its scripts (another change adds it; scores depend on it). */
async function compression(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/${EVENT}`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!script) return 'unknown (no script in the page)';
  const res = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  return res.headers.get('content-encoding') ?? 'none';
}

export async function benchLighthouse(port: number): Promise<string> {
  const web = webDist();
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-lighthouse-data-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, {
    SEED_DEMO: 'true',
    WEB_DIST: web.dir,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production insists on the address people open (links in mail are built from it).
    PUBLIC_URL: origin,
  });
  try {
    const guest = await call(origin, 'POST /guestlogin', { eventcode: EVENT });
    const items = await call(origin, 'POST /auctionitems', { eventcode: EVENT }, guest.token);
    const item = items.auctionitems[0];
    if (!item) throw new Error('the demo event has no items');
    const targets: Target[] = [
      { name: 'Event home', path: `/${EVENT}` },
      { name: 'Item list (guest)', path: `/${EVENT}/auction-items`, token: guest.token },
      { name: `Item page (guest): ${item.name}`, path: `/${EVENT}/auction-items/${item.itemid}`, token: guest.token },
    ];
    const encoding = await compression(origin);
    const load = loadavg()[0] ?? Number.NaN;
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
    const results: Result[] = [];
    // Each run's blocking time, in the order run: on a shared machine it moves by a hundred
    // milliseconds or more from one run to the next, so the spread is printed with the median.
    const spread: string[] = [];
    for (const target of targets) {
      const tries: Result[] = [];
      for (let n = 0; n < runs; n += 1) tries.push(await audit(origin, target));
      const blocking = tries.map((t) => Math.round(t.audits['total-blocking-time']?.numericValue ?? Number.NaN));
      const sorted = [...blocking].sort((a, b) => a - b);
      spread.push(
        `- ${target.name}: TBT of each run ${blocking.join(', ')} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms`,
      );
      tries.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = tries[Math.floor(tries.length / 2)];
      if (median) results.push(median);
    }

    const ms = (r: Result, id: string) => Math.round(r.audits[id]?.numericValue ?? Number.NaN);
    const rows = results.map((r) => [
      `${r.target.name} (${r.target.path})`,
      r.scores.performance ?? 0,
      r.scores.accessibility ?? 0,
      r.scores['best-practices'] ?? 0,
      `${ms(r, 'first-contentful-paint')} ms`,
      `${ms(r, 'largest-contentful-paint')} ms`,
      `${ms(r, 'total-blocking-time')} ms`,
      (r.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
      `${ms(r, 'speed-index')} ms`,
      `${((r.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024).toFixed(0)} KB`,
    ]);
    const failing = results.flatMap((r) =>
      r.failing.map((a) => `- ${r.target.name}: \`${a.id}\`: ${a.title} (${elements(a)} elements)`),
    );
    return [
      table(
        `Lighthouse ${lighthouseVersion()}, mobile defaults (simulated slow 4G, 4x CPU), cold loads (median of ${runs}); scripts served with compression: ${encoding}; machine load ${load.toFixed(1)} on ${cpus().length} cores`,
        [
          'Page',
          'Performance',
          'Accessibility',
          'Best practices',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'Speed Index',
          'Transfer',
        ],
        rows,
      ),
      runs > 1 ? `${spread.join('\n')}\n` : '',
      failing.length > 0
        ? ['Failing accessibility audits:', '', ...failing, ''].join('\n')
        : 'No failing accessibility audits.\n',
    ].join('\n');
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const pkg = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')));
  return pkg.version;
}

/** How many elements an audit found wanting. */
function elements(audit: Audit): number {
  const details = audit.details;
  return details && 'items' in details && Array.isArray(details.items) ? details.items.length : 0;
}
