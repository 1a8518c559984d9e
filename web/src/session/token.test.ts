import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adoptLegacyToken,
  clearToken,
  decodeToken,
  eventcodeOfPath,
  LEGACY_TOKEN_KEY,
  readToken,
  storeToken,
  tokenKey,
  validateStoredToken,
} from './token';

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

describe('stored login tokens', () => {
  it('reads the payload', () => {
    expect(
      decodeToken(jwt({ exp: later, eventcode: 'gala', auctioncode: 'demo', isguest: true, email: '', userid: 0 })),
    ).toMatchObject({ isguest: true, eventcode: 'gala' });
    expect(decodeToken('not-a-token')).toBeNull();
  });
  it('reads the event code of a path, lowercased', () => {
    expect(eventcodeOfPath('/Gala/welcome')).toBe('gala');
    expect(eventcodeOfPath('/')).toBe('');
    expect(eventcodeOfPath('/%E0%A4%A/x')).toBe('');
  });
  it('keeps a valid token for this event', () => {
    storeToken(jwt({ exp: later, eventcode: 'Gala' }));
    expect(store.has('gavel.token:gala')).toBe(true);
    expect(validateStoredToken('GALA', now)?.eventcode).toBe('Gala');
    expect(readToken('gala')).not.toBeNull();
  });
  it('keeps one token per event: signing in to one leaves the other', () => {
    const gala = jwt({ exp: later, eventcode: 'gala', userid: 1 });
    const ball = jwt({ exp: later, eventcode: 'ball', userid: 1 });
    storeToken(gala);
    storeToken(ball);
    expect(validateStoredToken('ball', now)?.eventcode).toBe('ball');
    expect(validateStoredToken('gala', now)?.eventcode).toBe('gala');
    expect(readToken('gala')).toBe(gala);
    expect(readToken('ball')).toBe(ball);
    clearToken('ball');
    expect(readToken('ball')).toBeNull();
    expect(readToken('gala')).toBe(gala);
  });
  it('an event with no token of its own has none, and another event keeps its token', () => {
    const other = jwt({ exp: later, eventcode: 'other' });
    storeToken(other);
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken('gala')).toBeNull();
    expect(readToken('other')).toBe(other);
  });
  it("drops this event's expired token, one filed under the wrong event, and garbage", () => {
    storeToken(jwt({ exp: later - 7200, eventcode: 'gala' }));
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken('gala')).toBeNull();
    store.set(tokenKey('gala'), jwt({ exp: later, eventcode: 'other' }));
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken('gala')).toBeNull();
    store.set(tokenKey('gala'), 'garbage');
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken('gala')).toBeNull();
  });
  it("an expired token of another event is left for that event's own page", () => {
    const expired = jwt({ exp: later - 7200, eventcode: 'other' });
    storeToken(expired);
    expect(validateStoredToken('gala', now)).toBeNull();
    expect(readToken('other')).toBe(expired);
  });
  it('moves a token kept under the single key of earlier versions to its event', () => {
    const gala = jwt({ exp: later, eventcode: 'Gala' });
    store.set(LEGACY_TOKEN_KEY, gala);
    expect(validateStoredToken('ball', now)).toBeNull();
    expect(store.has(LEGACY_TOKEN_KEY)).toBe(false);
    expect(readToken('gala')).toBe(gala);
    expect(validateStoredToken('gala', now)?.eventcode).toBe('Gala');
    store.set(LEGACY_TOKEN_KEY, 'garbage');
    adoptLegacyToken();
    expect(store.size).toBe(1);
  });
  it('without an event there is no token to read', () => {
    storeToken(jwt({ exp: later, eventcode: 'gala' }));
    expect(readToken('')).toBeNull();
    expect(validateStoredToken('', now)).toBeNull();
  });
});
