import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { importEvent, mailbox } from '../test/account-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { eventDocument } from '../test/documents';
import { outbox } from '../db/schema';

/**
 * Security finding 2, replayed: emailed links and the board's QR code followed the request's Host
 * header, so `POST /api/forgotpassword` with `Host: demo.attacker.example` mailed the victim a
 * sign-in link to the attacker's server. Links now come from configuration only, and a request
 * for a host the server does not answer for is refused before anything runs.
 */
const now = new Date('2026-12-01T18:00:00Z');
const MISDIRECTED = {
  status: 'failure',
  code: 'misdirected',
  message: 'This server does not answer for that address.',
};
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(env: Record<string, string>, auctioncode = 'demo'): Promise<TestApp> {
  const app = await createTestApp(env, now);
  await importEvent(app, eventDocument(now, { auctioncode }));
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: {
      host: env.PUBLIC_URL
        ? hostOf(env.PUBLIC_URL, auctioncode)
        : auctioncode === 'demo'
          ? 'localhost'
          : `${auctioncode}.localhost`,
    },
    payload: { email: 'victim@example.org', password: 'victim password', eventcode: 'gala' },
  });
  expect(created.statusCode, created.body).toBe(200);
  return app;
}

const hostOf = (publicUrl: string, auctioncode: string) =>
  new URL(publicUrl.replace('{auctioncode}', auctioncode)).host;

const forgot = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({
    method: 'POST',
    url: '/api/forgotpassword',
    headers,
    payload: { email: 'victim@example.org', eventcode: 'gala' },
  });

async function linksTo(app: TestApp, email: string): Promise<string[]> {
  await app.ctx.background.idle();
  return (await mailbox(app)).filter((m) => m.to === email).flatMap((m) => m.links);
}

describe('a request naming another host', () => {
  it('is refused 421 before it is read, and nothing is mailed (no PUBLIC_URL: this machine only)', async () => {
    t = await appWith({});
    const before = await t.ctx.db.select().from(outbox);
    for (const host of ['demo.attacker.example', 'attacker.example', 'demo.localhost.attacker.example']) {
      const res = await forgot(t, { host });
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual(MISDIRECTED);
    }
    // The web app and the board are refused on such a host too; the health check is not.
    expect(
      (await t.app.inject({ method: 'GET', url: '/demo', headers: { host: 'demo.attacker.example' } })).statusCode,
    ).toBe(421);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/displayboard?eventcode=gala',
          headers: { host: 'demo.attacker.example' },
        })
      ).statusCode,
    ).toBe(421);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.7' } })).statusCode).toBe(
      200,
    );
    await t.ctx.background.idle();
    expect(await t.ctx.db.select().from(outbox)).toEqual(before);
  });

  it('is refused behind a trusted proxy when X-Forwarded-Host names it, whatever Host says', async () => {
    t = await appWith({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://{auctioncode}.gavel.example' });
    const res = await forgot(t, { host: 'demo.gavel.example', 'x-forwarded-host': 'demo.attacker.example' });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual(MISDIRECTED);
  });
});

describe('emailed links and the board', () => {
  it('point at the configured address whatever the Host (one name per organization)', async () => {
    t = await appWith({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://{auctioncode}.gavel.example' }, 'riverbend');
    // Created through riverbend.gavel.example: the verify link.
    const ok = await forgot(t, { host: 'gavel-internal:8080', 'x-forwarded-host': 'RIVERBEND.gavel.example' });
    expect(ok.statusCode).toBe(200);
    const links = await linksTo(t, 'victim@example.org');
    expect(links.length).toBe(3);
    for (const link of links)
      expect(link).toMatch(
        /^https:\/\/riverbend\.gavel\.example\/gala\/(verify|auth\/passwordlessLogin|auth\/resetPassword)\/[\w-]+$/,
      );
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/displayboard?eventcode=gala',
      headers: { host: 'x', 'x-forwarded-host': 'riverbend.gavel.example' },
    });
    expect(board.json()).toMatchObject({
      bidurl: 'https://riverbend.gavel.example/gala',
      bidurlshort: 'riverbend.gavel.example/gala',
    });
  });

  it('point at PUBLIC_URL when it is one address, even for a request that came to localhost', async () => {
    t = await appWith({ PUBLIC_URL: 'https://auction.riverbend.org', DEFAULT_AUCTION_CODE: 'riverbend' }, 'riverbend');
    expect((await forgot(t, { host: 'localhost:8080' })).statusCode).toBe(200);
    for (const link of await linksTo(t, 'victim@example.org'))
      expect(link.startsWith('https://auction.riverbend.org/gala/')).toBe(true);
    expect((await forgot(t, { host: 'riverbend.gavel.example' })).statusCode).toBe(421);
  });

  it('point at localhost, or a name under it, without PUBLIC_URL', async () => {
    t = await appWith({}, 'acme');
    // The acme organization is served at acme.localhost (browsers send it to this machine).
    expect((await forgot(t, { host: 'acme.localhost:8080' })).statusCode).toBe(200);
    const links = await linksTo(t, 'victim@example.org');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`http://acme.localhost:${t.config.port}/gala/`)).toBe(true);
  });
});

describe('in production', () => {
  it('refuses to start without PUBLIC_URL, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/gavel-host-links-config' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/gavel-host-links-config' })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: '/tmp/gavel-host-links-config',
        PUBLIC_URL: 'https://{auctioncode}.gavel.example/',
      }).publicUrl,
    ).toBe('https://{auctioncode}.gavel.example');
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/gavel-host-links-config', PUBLIC_URL: 'https://gavel.example/gala' }),
    ).toThrow(/PUBLIC_URL: must not have a path/);
  });
});
