import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gavel-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The error loadConfig throws for an environment; fails the test when it does not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(dataDir),
      databaseUrl: undefined,
      publicUrl: undefined,
      defaultAuctionCode: 'demo',
      logLevel: 'info',
      nodeEnv: 'development',
      rateLimitPerMinute: 1200,
      rateLimitAnonymousPerMinute: 6000,
      seedDemo: true,
      trustProxy: false,
      webDist: undefined,
    });
  });

  it('reads the given values', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://gavel@db:5432/gavel',
      PUBLIC_URL: 'https://auction.example.org/',
      DEFAULT_AUCTION_CODE: 'riverbend',
      JWT_SECRET: 'j'.repeat(32),
      ADMIN_TOKEN: 'a'.repeat(16),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '60',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '900',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      WEB_DIST: 'web/dist',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://gavel@db:5432/gavel',
      // Without the trailing slash, so links join cleanly.
      publicUrl: 'https://auction.example.org',
      defaultAuctionCode: 'riverbend',
      jwtSecret: 'j'.repeat(32),
      adminToken: 'a'.repeat(16),
      adminTokenGenerated: false,
      logLevel: 'warn',
      nodeEnv: 'production',
      rateLimitPerMinute: 60,
      rateLimitAnonymousPerMinute: 900,
      seedDemo: false,
      trustProxy: true,
      webDist: resolve('web/dist'),
    });
    // Given secrets are not written to disk.
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    expect(existsSync(join(dataDir, 'admin-token'))).toBe(false);
  });

  it('hashes passwords with the full argon2 settings except in the test suite', () => {
    const hashing = (NODE_ENV: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV,
        ...(NODE_ENV === 'production' ? { PUBLIC_URL: 'https://auction.example.org' } : {}),
      }).passwordHashing;
    expect(['production', 'development', 'test'].map(hashing)).toEqual(['standard', 'standard', 'fast']);
  });

  // The demo and the test gateway record payments no money backed: in production neither comes
  // unless asked for by name (security finding 3).
  describe('the demo and test payments', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://auction.example.org' };
    const flags = (env: Record<string, string>) => {
      const { seedDemo, testPaymentsAllowed } = loadConfig({ DATA_DIR: dataDir, ...env });
      return { seedDemo, testPaymentsAllowed };
    };

    it('in production: no demo and no test payments by default', () => {
      expect(flags(production)).toEqual({ seedDemo: false, testPaymentsAllowed: false });
      expect(flags({ ...production, SEED_DEMO: 'false', ALLOW_TEST_PAYMENTS: 'false' })).toEqual({
        seedDemo: false,
        testPaymentsAllowed: false,
      });
    });

    it('in production: each only when set to true explicitly, and one without the other', () => {
      expect(flags({ ...production, SEED_DEMO: 'true' })).toEqual({ seedDemo: true, testPaymentsAllowed: false });
      expect(flags({ ...production, ALLOW_TEST_PAYMENTS: 'true' })).toEqual({
        seedDemo: false,
        testPaymentsAllowed: true,
      });
    });

    it('outside production: the demo by default, and test payments always', () => {
      for (const NODE_ENV of ['development', 'test']) {
        expect(flags({ NODE_ENV })).toEqual({ seedDemo: true, testPaymentsAllowed: true });
        expect(flags({ NODE_ENV, SEED_DEMO: 'false', ALLOW_TEST_PAYMENTS: 'false' })).toEqual({
          seedDemo: false,
          testPaymentsAllowed: true,
        });
      }
    });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '',
      DATABASE_URL: '',
      JWT_SECRET: ' ',
      DEFAULT_AUCTION_CODE: '',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, defaultAuctionCode: 'demo', logLevel: 'info' });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('generates JWT_SECRET and ADMIN_TOKEN once and keeps them in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(first.adminToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.adminTokenGenerated).toBe(true);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(readFileSync(join(dataDir, 'admin-token'), 'utf8').trim()).toBe(first.adminToken);
    // Only the owner may read them.
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o077).toBe(0);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.adminToken).toBe(first.adminToken);
    // Still Gavel's own token, so start keeps printing where it is.
    expect(second.adminTokenGenerated).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gavel-config-')) });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
    rmSync(elsewhere.dataDir, { recursive: true, force: true });
  });

  it('creates DATA_DIR when it does not exist', () => {
    const nested = join(dataDir, 'a', 'b');
    const config = loadConfig({ DATA_DIR: nested });
    expect(config.dataDir).toBe(nested);
    expect(existsSync(join(nested, 'jwt-secret'))).toBe(true);
  });

  it('refuses a kept secret that was emptied or cut short', () => {
    writeFileSync(join(dataDir, 'jwt-secret'), '\n');
    const err = configError({});
    expect(err.message).toContain('JWT_SECRET');
    expect(err.message).toContain(join(dataDir, 'jwt-secret'));
    writeFileSync(join(dataDir, 'jwt-secret'), 'x'.repeat(40));
    writeFileSync(join(dataDir, 'admin-token'), 'short');
    expect(configError({}).message).toMatch(
      /ADMIN_TOKEN: the secret kept in .*admin-token is shorter than 16 characters/,
    );
  });

  it('names DATA_DIR when it cannot be created', () => {
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'x');
    const err = configError({ DATA_DIR: join(file, 'data') });
    expect(err.message).toMatch(/^Invalid configuration:\n {2}DATA_DIR: cannot create /);
  });

  // Root writes anywhere, so this one runs only as an ordinary user (as CI does).
  it.skipIf(process.getuid?.() === 0)('names DATA_DIR when it cannot be written', () => {
    chmodSync(dataDir, 0o500);
    expect(configError({}).message).toMatch(/JWT_SECRET: cannot write/);
    chmodSync(dataDir, 0o700);
  });

  const bad: Array<[Record<string, string>, string, RegExp]> = [
    [{ PORT: 'abc' }, 'PORT', /PORT: /],
    [{ PORT: '70000' }, 'PORT', /PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//],
    [{ PUBLIC_URL: 'nope' }, 'PUBLIC_URL', /PUBLIC_URL: must be an absolute URL/],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET', /JWT_SECRET: must be at least 32 characters/],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN', /ADMIN_TOKEN: must be at least 16 characters/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /LOG_LEVEL: /],
    [{ DEFAULT_AUCTION_CODE: 'Big Org' }, 'DEFAULT_AUCTION_CODE', /DEFAULT_AUCTION_CODE: must be lowercase letters/],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE', /RATE_LIMIT_PER_MINUTE: /],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO', /SEED_DEMO: /],
    [{ ALLOW_TEST_PAYMENTS: 'yes' }, 'ALLOW_TEST_PAYMENTS', /ALLOW_TEST_PAYMENTS: /],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', /NODE_ENV: /],
  ];
  it.each(bad)('refuses %o naming %s', (env, variable, pattern) => {
    const err = configError(env);
    expect(err.message).toMatch(/^Invalid configuration:\n/);
    expect(err.message).toMatch(pattern);
    // Only the bad variable is named.
    expect(err.message.trim().split('\n')).toHaveLength(2);
    expect(err.message).toContain(`  ${variable}: `);
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    const lines = err.message.split('\n').slice(1);
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('reads the server’s Twilio account whole, and texts one a second unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ twilio: undefined, textRatePerSecond: 1 });
    const sid = `AC${'1'.repeat(32)}`;
    const token = 'a'.repeat(32);
    const config = loadConfig({
      DATA_DIR: dataDir,
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: token,
      TWILIO_FROM: '+13125550000',
      TWILIO_API_URL: 'http://127.0.0.1:4811/',
      TEXT_RATE_PER_SECOND: '3',
    });
    expect(config).toMatchObject({
      twilio: { accountsid: sid, authtoken: token, fromnumber: '+13125550000', messagingservicesid: '' },
      twilioApiUrl: 'http://127.0.0.1:4811',
      textRatePerSecond: 3,
    });
  });

  it('refuses a Twilio account given in part or misspelt, naming what is wrong', () => {
    const sid = `AC${'1'.repeat(32)}`;
    expect(configError({ TWILIO_ACCOUNT_SID: sid }).message).toMatch(
      /TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID\n {2}TWILIO_FROM: give the sending number/,
    );
    expect(configError({ TWILIO_ACCOUNT_SID: 'AC12', TWILIO_FROM: '3125550000' }).message).toMatch(
      /TWILIO_ACCOUNT_SID: An account SID starts with AC[^\n]*\n {2}TWILIO_FROM: Give the number in international form/,
    );
    expect(configError({ TEXT_RATE_PER_SECOND: '0' }).message).toMatch(/TEXT_RATE_PER_SECOND: /);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('writes no secrets when the configuration is refused', () => {
    configError({ PORT: 'abc' });
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });
});
