import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, fullChromium, lightChromium } from './testkit/chromium';

// End-to-end journeys in Debian's Chromium at a phone viewport, against the real server started
// the way `npm start` starts it, on a fresh data directory of its own.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/gavel-e2e-${process.pid}`;
/** The fake Stripe API the Stripe journeys pay through (server/src/test/fake-stripe.ts); no network. */
export const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1);

/** The journeys that need the full browser: the Push API (the headless shell has no push service). */
const fullBrowserJourneys = ['push.spec.ts'];

/**
 * Started first: the journeys that wait on the server's real clock for a cart's hold (one of them a
 * whole minute). Started in the middle of the run (in the order of the files), they left workers
 * waiting there with the cores half idle; started first, they wait while the run starts.
 */
const waitingJourneys = ['store-hold.spec.ts', 'store-refusals.spec.ts'];

/**
 * Then the files that take longest (about 15 to 30 s of a worker each), so that the run's last
 * minute is short files on every worker rather than one long file alone (the whole run is bound
 * by its two cores).
 */
const longJourneys = [
  'board-heap.spec.ts',
  'bidding.spec.ts',
  'payments.spec.ts',
  'bidder-shell.spec.ts',
  'accounts.spec.ts',
  'console-journey.spec.ts',
  'board.spec.ts',
  'registration.spec.ts',
  'item-clarity.spec.ts',
  'payments-stripe.spec.ts',
  'console-store.spec.ts',
  'console-events.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Four files at a time against the one server (each test makes its own event, bidders and mail
  // addresses); a file's tests run in order unless the file says otherwise. Much of a journey is
  // waiting (for the server's clock, an animation, a live message), so two cores keep four busy.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: process.env.CI ? 1 : 0,
  // npm test also asks for each journey's time (scripts/test.mjs prints the slowest at the end).
  reporter: process.env.TEST_TIMINGS_DIR
    ? [['list'], ['json', { outputFile: `${process.env.TEST_TIMINGS_DIR}/e2e.json` }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['iPhone 13'],
    viewport: { width: 390, height: 844 },
    // As a phone set to reduce motion: Ionic slides no pages, menus or sheets (web/src/main.tsx),
    // which spares the two cores about a tenth of the journeys' time. shell.spec.ts and
    // notices-panel.spec.ts keep the motion, so the animated app is walked too.
    reducedMotion: 'reduce',
    browserName: 'chromium',
    defaultBrowserType: 'chromium',
    launchOptions: { executablePath: lightChromium, args: CHROMIUM_FLAGS },
    trace: 'off',
    screenshot: 'only-on-failure',
    // The bidder app's service worker (precaching the app, keeping answers) costs CPU in every
    // journey; only the specs about it allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
  },
  // Playwright hands out the projects' journeys in this order: the waiting ones, the long files,
  // the Push journeys (their own browser: four short journeys in a row, which ended the run alone
  // when last and left a worker alone beside the waiting ones when second), then the rest.
  projects: [
    { name: 'waiting', testMatch: waitingJourneys },
    { name: 'long', testMatch: longJourneys },
    {
      name: 'full-browser',
      testMatch: fullBrowserJourneys,
      use: { launchOptions: { executablePath: fullChromium, args: CHROMIUM_FLAGS } },
    },
    { name: 'journeys', testIgnore: [...waitingJourneys, ...longJourneys, ...fullBrowserJourneys] },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/fake-stripe-server.ts',
      port: stripePort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_STRIPE_PORT: String(stripePort) },
    },
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs --no-build`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ADMIN_TOKEN: 'e2e-admin-token-0123456789',
        JWT_SECRET: 'e2e-jwt-secret-0123456789abcdefghijklmnopqrstuv',
        RATE_LIMIT_PER_MINUTE: '100000',
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
        STRIPE_TIMEOUT_MS: '3000',
      },
      stdout: 'pipe',
    },
  ],
});
