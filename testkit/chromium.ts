import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the journeys and the benchmarks start it. The flags keep it off this
 * machine's closed network (no background fetches, updates or sync, no QUIC) and out of the
 * sandbox and GPU a root session in a virtual machine does not have.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The full browser: CHROMIUM_PATH, else Debian's. */
export const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const headlessShell = '/usr/bin/chromium-headless-shell';
/**
 * Debian's chromium-headless-shell, Chromium's own headless build (what Playwright runs headless by
 * default): the same pages for about a third less CPU than the full browser run headless
 * (docs/benchmarks.md, "The test suite on any machine"), but no push service. CHROMIUM_PATH, where
 * set, is used instead; the full browser where the shell is not installed.
 */
export const lightChromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : fullChromium);
