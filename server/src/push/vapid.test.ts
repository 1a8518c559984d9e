import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { newVapidKeys } from './vapid';

/** Web Push's VAPID keys: made once into DATA_DIR or given by the environment, refused at start when wrong. */
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gavel-vapid-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('VAPID keys', () => {
  it('are made once and kept in DATA_DIR, private, so a restart and a second process read the same pair', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dataDir, 'vapid-keys')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    // Without VAPID_SUBJECT, the mail sender's address names who runs the server.
    expect(first.subject).toBe('mailto:no-reply@gavel.localhost');
  });

  it('are taken from the environment, with the subject given or the public https address', () => {
    const keys = newVapidKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(loadConfig({ DATA_DIR: dataDir, ...env, VAPID_SUBJECT: 'mailto:ops@example.org' }).vapid).toEqual({
      ...keys,
      subject: 'mailto:ops@example.org',
    });
    expect(loadConfig({ DATA_DIR: dataDir, ...env, PUBLIC_URL: 'https://auction.example.org' }).vapid.subject).toBe(
      'https://auction.example.org',
    );
  });

  it('refuses at start a half pair, keys that are not a pair, malformed keys, a bad subject and a spoiled kept file', () => {
    const a = newVapidKeys();
    const b = newVapidKeys();
    expect(configError({ VAPID_PUBLIC_KEY: a.publicKey })).toContain(
      'VAPID_PUBLIC_KEY: give VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    );
    expect(configError({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toContain(
      'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    );
    expect(configError({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.privateKey })).toContain(
      'VAPID_PUBLIC_KEY: must be a P-256 public key',
    );
    expect(configError({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: `${a.privateKey}==` })).toContain(
      'VAPID_PRIVATE_KEY: must be a P-256 private key',
    );
    expect(configError({ VAPID_SUBJECT: 'ops@example.org' })).toContain(
      'VAPID_SUBJECT: must be a mailto: or https: address',
    );
    expect(configError({ VAPID_SUBJECT: 'http://example.org' })).toContain('VAPID_SUBJECT');

    writeFileSync(join(dataDir, 'vapid-keys'), 'not.keys\n', { mode: 0o600 });
    expect(configError({})).toContain('delete the file to make a new pair');
    expect(readFileSync(join(dataDir, 'vapid-keys'), 'utf8')).toBe('not.keys\n');
  });
});
