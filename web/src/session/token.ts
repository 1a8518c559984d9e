/**
 * The login tokens in local storage, one per event code, and what a token's payload says. The
 * payload is read, not verified: the server verifies every call; the app only needs to know whose
 * token it holds and until when. A bidder may be signed in to several events at once; each page
 * uses only the token of the event in its path and never touches another event's.
 */
const TOKEN_PREFIX = 'gavel.token:';
/** Where a single token was kept before tokens were kept per event; moved to its event's key on start. */
export const LEGACY_TOKEN_KEY = 'gavel.token';

export interface TokenClaims {
  exp: number;
  isguest: boolean;
  eventcode: string;
  auctioncode: string;
  email: string;
  userid: number;
  /** The bidder record in the token's event; 0 for guests. Marks the bidder's own bids in live history. */
  bidderid: number;
}

/** The event code of a path ('/Gala/welcome' is 'gala'); empty at the bare root. */
export function eventcodeOfPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/')[1] ?? '').toLowerCase();
  } catch {
    return '';
  }
}

/** The event of the page the app is on. */
function currentEventcode(): string {
  return typeof location === 'undefined' ? '' : eventcodeOfPath(location.pathname);
}

export function tokenKey(eventcode: string): string {
  return `${TOKEN_PREFIX}${eventcode.toLowerCase()}`;
}

/** The token of an event (by default the event in the path), or null. */
export function readToken(eventcode: string = currentEventcode()): string | null {
  if (!eventcode) return null;
  try {
    return localStorage.getItem(tokenKey(eventcode));
  } catch {
    return null;
  }
}

/** Keeps a token under its own event's code (the path's event when the token cannot be read). */
export function storeToken(token: string): void {
  const eventcode = decodeToken(token)?.eventcode ?? currentEventcode();
  if (eventcode) localStorage.setItem(tokenKey(eventcode), token);
}

/** Forgets the token of one event (by default the event in the path); other events' stay. */
export function clearToken(eventcode: string = currentEventcode()): void {
  if (eventcode) localStorage.removeItem(tokenKey(eventcode));
}

/** A JWT's payload, read and not verified; null when it cannot be read. */
export function tokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? { ...payload } : null;
  } catch {
    return null;
  }
}

export function decodeToken(token: string): TokenClaims | null {
  const p = tokenPayload(token);
  if (!p) return null;
  if (typeof p.exp !== 'number' || typeof p.eventcode !== 'string') return null;
  return {
    exp: p.exp,
    isguest: p.isguest === true,
    eventcode: p.eventcode,
    auctioncode: typeof p.auctioncode === 'string' ? p.auctioncode : '',
    email: typeof p.email === 'string' ? p.email : '',
    userid: typeof p.userid === 'number' ? p.userid : 0,
    bidderid: typeof p.bidderid === 'number' ? p.bidderid : 0,
  };
}

function isExpired(claims: TokenClaims, now: Date): boolean {
  return claims.exp * 1000 <= now.getTime();
}

/** A token kept under the single key of earlier versions moves to its event's key; an unreadable one goes. */
export function adoptLegacyToken(): void {
  const token = localStorage.getItem(LEGACY_TOKEN_KEY);
  if (token === null) return;
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  const claims = decodeToken(token);
  if (claims) localStorage.setItem(tokenKey(claims.eventcode), token);
}

/**
 * On start and on each change of event: the claims of the path's event's token when it is
 * readable, unexpired and really of that event; otherwise that token is removed and the answer is
 * null. Tokens of other events are left as they are (store-and-display.md, App shell).
 */
export function validateStoredToken(eventcode: string, now: Date): TokenClaims | null {
  try {
    adoptLegacyToken();
  } catch {
    return null;
  }
  const token = readToken(eventcode);
  if (!token) return null;
  const claims = decodeToken(token);
  if (!claims || isExpired(claims, now) || claims.eventcode.toLowerCase() !== eventcode.toLowerCase()) {
    clearToken(eventcode);
    return null;
  }
  return claims;
}
