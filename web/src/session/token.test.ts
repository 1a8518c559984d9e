import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToken, decodeToken, readToken, storeToken, validateStoredToken } from './token';

const store = new Map<string, string>();
beforeEach(() => {
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  };
});
afterEach(() => store.clear());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;
const now = new Date('2026-12-01T00:00:00Z');
const later = Math.floor(now.getTime() / 1000) + 3600;

describe('stored login token', () => {
  it('reads the payload', () => {
    expect(decodeToken(jwt({ exp: later, eventcode: 'gala', auctioncode: 'demo', isguest: true, email: '', userid: 0 }))).toMatchObject({ isguest: true, eventcode: 'gala' });
    expect(decodeToken('not-a-token')).toBeNull();
  });
  it('keeps a valid token for this event', () => {
    storeToken(jwt({ exp: later, eventcode: 'gala' }));
    expect(validateStoredToken('GALA', now)?.eventcode).toBe('gala');
    expect(readToken()).not.toBeNull();
  });
  it('drops an expired token, one for another event, and garbage', () => {
    storeToken(jwt({ exp: later - 7200, eventcode: 'gala' }));
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken()).toBeNull();
    storeToken(jwt({ exp: later, eventcode: 'other' }));
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken()).toBeNull();
    storeToken('garbage');
    expect(validateStoredToken('gala', now)).toBeNull();
    clearToken();
  });
});
