import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDocument, item } from './test/documents';
import { TEST_PASSWORD } from '../../testkit/bidders';
import { ADMIN, createTestApp, type TestApp } from './test/harness';
import { linkSecret } from './test/account-fixtures';
import { GUESSING } from './lib/guessing';
import { loadOnPostgres } from './test/passes';

/**
 * A gala: a thousand phones behind the venue's Wi-Fi share one public address. All of them open
 * the app, browse the items as guests with every picture, and join, and none is refused; while one
 * address guessing a bidder's password is stopped after ten tries.
 */
const VENUE = '198.51.100.7';
const PHONES = 1000;
/** Pictures are never limited (lib/limits.ts): a few show that; more would only add requests. */
const PICTURES = 3;
/** Phones opening at once: a venue's phones arrive in waves, not one after the other. */
const WAVE = 50;

const picture = (n: number) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="${n + 1}" height="1"/>`)}`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gavel-venue-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Gavel</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("gavel");'.repeat(100));
  writeFileSync(join(dist, 'assets', 'app.css'), 'body{margin:0}'.repeat(100));
  t = await createTestApp({ WEB_DIST: dist });
  const doc = eventDocument(new Date(), {
    items: Array.from({ length: PICTURES }, (_, i) => item(String(i + 1), { imageurl: picture(i) })),
  });
  const imported = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
  expect(imported.statusCode, imported.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** One request from the venue's address. */
async function fromVenue(method: 'GET' | 'POST', url: string, payload?: object, token?: string, address = VENUE) {
  return t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: {
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

describe.skipIf(loadOnPostgres)('a thousand phones behind one address', () => {
  it(
    'all open the app, browse as guests with every picture, and join, without a single 429',
    { timeout: 300_000 },
    async () => {
      const statuses = new Map<string, number>();
      const seen = (what: string, status: number) => {
        const key = `${what} ${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        return status;
      };
      const phone = async (n: number) => {
        for (const url of ['/gala', '/assets/app.js', '/assets/app.css', '/manifest.webmanifest'])
          seen(`GET ${url}`, (await fromVenue('GET', url)).statusCode);
        seen('event', (await fromVenue('POST', '/api/event', { eventcode: 'gala' })).statusCode);
        const guest = await fromVenue('POST', '/api/guestlogin', { eventcode: 'gala' });
        seen('guestlogin', guest.statusCode);
        const token = (guest.json() as { token: string }).token;
        const list = await fromVenue('POST', '/api/auctionitems', { eventcode: 'gala' }, token);
        seen('auctionitems', list.statusCode);
        seen('itemoverview', (await fromVenue('POST', '/api/itemoverview', { eventcode: 'gala' }, token)).statusCode);
        const images = (list.json() as { auctionitems: Array<{ imageurl: string }> }).auctionitems.map(
          (i) => i.imageurl,
        );
        for (const image of images) seen('image', (await fromVenue('GET', image)).statusCode);
        seen('health', (await fromVenue('GET', '/api/health')).statusCode);
        // Then the phone joins: is the email known, and a new account.
        const email = `phone${n}@venue.example`;
        seen('joinemail', (await fromVenue('POST', '/api/joinemail', { eventcode: 'gala', email })).statusCode);
        seen(
          'create',
          (await fromVenue('POST', '/api/create', { eventcode: 'gala', email, password: TEST_PASSWORD })).statusCode,
        );
        return images.length;
      };
      for (let first = 0; first < PHONES; first += WAVE) {
        const pictures = await Promise.all(Array.from({ length: WAVE }, (_, i) => phone(first + i)));
        expect(pictures.every((n) => n === PICTURES)).toBe(true);
      }
      const refused = [...statuses].filter(([key]) => !key.endsWith(' 200'));
      expect(refused, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
      expect(statuses.get('image 200')).toBe(PHONES * PICTURES);
      expect(statuses.get('create 200')).toBe(PHONES);
    },
  );
});

describe('guessing', () => {
  const victim = 'victim@venue.example';
  beforeAll(async () => {
    for (const email of [victim, 'neighbour@venue.example', 'regular@venue.example']) {
      const created = await fromVenue(
        'POST',
        '/api/create',
        { eventcode: 'gala', email, password: TEST_PASSWORD },
        undefined,
        '192.0.2.1',
      );
      expect(created.statusCode, created.body).toBe(200);
    }
  });

  it("stops one address guessing one account's password after ten tries, even when the eleventh is right", async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < GUESSING.loginFailuresPerEmail.max; i++) {
      const wrong = await fromVenue(
        'POST',
        '/api/login',
        { eventcode: 'gala', email: victim, password: `guess-${i}-abcdefgh` },
        undefined,
        attacker,
      );
      expect(wrong.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const stopped = await fromVenue(
      'POST',
      '/api/login',
      { eventcode: 'gala', email: victim, password: TEST_PASSWORD },
      undefined,
      attacker,
    );
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual({
      status: 'failure',
      code: 'rate_limited',
      message: GUESSING.loginFailuresPerEmail.message,
    });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(800);
    // The email's tries are spent wherever they are made from: a second address gets no more.
    const elsewhere = await fromVenue(
      'POST',
      '/api/login',
      { eventcode: 'gala', email: victim.toUpperCase(), password: 'another-guess-123' },
      undefined,
      '203.0.113.67',
    );
    expect(elsewhere.statusCode).toBe(429);
    // Other bidders at the attacker's address still sign in.
    const other = await fromVenue(
      'POST',
      '/api/login',
      { eventcode: 'gala', email: 'neighbour@venue.example', password: TEST_PASSWORD },
      undefined,
      attacker,
    );
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a correct password spends nothing, so a bidder signing in many times is never stopped', async () => {
    for (let i = 0; i < GUESSING.loginFailuresPerEmail.max + 5; i++) {
      const ok = await fromVenue('POST', '/api/login', {
        eventcode: 'gala',
        email: 'regular@venue.example',
        password: TEST_PASSWORD,
      });
      expect(ok.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('slows one address trying many accounts, but never shuts it: a bidder there signs in, resets and joins at once', async () => {
    const sprayer = '203.0.113.99';
    // The attack as found: 305 wrong passwords for random emails from one device on the venue's Wi-Fi.
    const sprays = Array.from({ length: GUESSING.loginFailuresPerAddress.max + 5 }, (_, i) => i);
    for (let first = 0; first < sprays.length; first += 25)
      await Promise.all(
        sprays.slice(first, first + 25).map(async (i) => {
          const res = await fromVenue(
            'POST',
            '/api/login',
            { eventcode: 'gala', email: `nobody${i}@venue.example`, password: 'not-the-password-1' },
            undefined,
            sprayer,
          );
          expect(res.statusCode).toBe(401);
        }),
      );
    // Everyone else behind that address: the correct password, a new account, a reset, a link.
    const signIn = await fromVenue(
      'POST',
      '/api/login',
      { eventcode: 'gala', email: 'neighbour@venue.example', password: TEST_PASSWORD },
      undefined,
      sprayer,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    const created = await fromVenue(
      'POST',
      '/api/create',
      { eventcode: 'gala', email: 'latecomer@venue.example', password: TEST_PASSWORD },
      undefined,
      sprayer,
    );
    expect(created.statusCode, created.body).toBe(200);
    const reset = await fromVenue(
      'POST',
      '/api/forgotpassword',
      { eventcode: 'gala', email: 'neighbour@venue.example' },
      undefined,
      sprayer,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    // The sprayer's next wrong guess is answered, slowly, still as a wrong password.
    const more = await fromVenue(
      'POST',
      '/api/login',
      { eventcode: 'gala', email: 'nobody-more@venue.example', password: 'not-the-password-1' },
      undefined,
      sprayer,
    );
    expect(more.statusCode).toBe(401);
  }, 180_000);
});

describe('emailed links', () => {
  // Accounts of their own (made from another address), whether or not the thousand phones ran.
  beforeAll(async () => {
    for (const n of [4, 5, 6, 7]) {
      const email = `mailed${n}@venue.example`;
      const created = await fromVenue(
        'POST',
        '/api/create',
        { eventcode: 'gala', email, password: TEST_PASSWORD },
        undefined,
        '192.0.2.2',
      );
      expect(created.statusCode, created.body).toBe(200);
    }
  });

  it('sends at most five links to one email in 15 minutes, with a message saying where to look', async () => {
    for (let i = 0; i < GUESSING.linkRequestsPerEmail.max; i++) {
      const sent = await fromVenue('POST', '/api/forgotpassword', {
        eventcode: 'gala',
        email: 'mailed4@venue.example',
      });
      expect(sent.statusCode, `request ${i + 1}`).toBe(200);
    }
    const stopped = await fromVenue('POST', '/api/passwordresetlink', {
      eventcode: 'gala',
      email: ' Mailed4@Venue.example ',
    });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ code: 'rate_limited', message: GUESSING.linkRequestsPerEmail.message });
    // Another bidder at the same venue still gets theirs.
    expect(
      (await fromVenue('POST', '/api/forgotpassword', { eventcode: 'gala', email: 'mailed5@venue.example' }))
        .statusCode,
    ).toBe(200);
  });

  it('slows an address sending made-up links, but a valid link from it always works', async () => {
    const prober = '203.0.113.120';
    // The attack as found: 110 made-up links from one device, of every kind.
    for (let i = 0; i < GUESSING.linkFailuresPerAddress.max + 10; i++) {
      const res = await fromVenue('GET', `/api/passwordlesslogin/made-up-link-${i}`, undefined, undefined, prober);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'expired' });
    }
    const made = await fromVenue('POST', '/api/verifyemail', { token: 'made-up-link' }, undefined, prober);
    expect(made.statusCode).toBe(401);
    // A bidder on the same Wi-Fi follows the link they were mailed: sign-in, then a new password.
    expect(
      (await fromVenue('POST', '/api/forgotpassword', { eventcode: 'gala', email: 'mailed6@venue.example' }))
        .statusCode,
    ).toBe(200);
    const login = await linkSecret(t, 'mailed6@venue.example', 'passwordlessLogin');
    const signedIn = await fromVenue('GET', `/api/passwordlesslogin/${login}`, undefined, undefined, prober);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ status: 'success', email: 'mailed6@venue.example' });
    expect(
      (await fromVenue('POST', '/api/forgotpassword', { eventcode: 'gala', email: 'mailed7@venue.example' }))
        .statusCode,
    ).toBe(200);
    const reset = await linkSecret(t, 'mailed7@venue.example', 'resetPassword');
    const newPassword = await fromVenue(
      'POST',
      '/api/passwordreset',
      { id: reset, password: 'a-new-password-1' },
      undefined,
      prober,
    );
    expect(newPassword.statusCode, newPassword.body).toBe(200);
  });

  it('lets one email be looked up and signed up a few times, not endlessly', async () => {
    const email = 'curious@venue.example';
    for (let i = 0; i < GUESSING.joinPerEmail.max; i++)
      expect((await fromVenue('POST', '/api/joinemail', { eventcode: 'gala', email })).statusCode).toBe(200);
    const stopped = await fromVenue('POST', '/api/joinemail', { eventcode: 'gala', email });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ message: GUESSING.joinPerEmail.message });
  });
});

describe('signed-in callers', () => {
  it('are counted per token, so one busy phone does not use up its neighbours’ allowance', async () => {
    const small = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await small.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: ADMIN,
        payload: eventDocument(new Date()),
      });
      const guest = async () =>
        (
          (
            await small.app.inject({
              method: 'POST',
              url: '/api/guestlogin',
              remoteAddress: VENUE,
              payload: { eventcode: 'gala' },
            })
          ).json() as { token: string }
        ).token;
      const [busy, neighbour] = [await guest(), await guest()];
      const list = (token: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/auctionitems',
          remoteAddress: VENUE,
          headers: { authorization: `Bearer ${token}` },
          payload: { eventcode: 'gala' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await list(busy)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await list(neighbour)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
