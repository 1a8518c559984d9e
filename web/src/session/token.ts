/**
 * The login token in local storage, and what its payload says. The payload is read, not verified:
 * the server verifies every call; the app only needs to know whose token it holds and until when.
 */
export const TOKEN_KEY = 'gavel.token';

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

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const p = JSON.parse(json) as Partial<TokenClaims>;
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
  } catch {
    return null;
  }
}

export function isExpired(claims: TokenClaims, now: Date): boolean {
  return claims.exp * 1000 <= now.getTime();
}

/**
 * On start: keep a stored token only if it is readable, unexpired and for the event in the path
 * (store-and-display.md, App shell). Answers the claims kept, or null.
 */
export function validateStoredToken(eventcode: string | undefined, now: Date): TokenClaims | null {
  const token = readToken();
  if (!token) return null;
  const claims = decodeToken(token);
  if (!claims || isExpired(claims, now) || !eventcode || claims.eventcode.toLowerCase() !== eventcode.toLowerCase()) {
    clearToken();
    return null;
  }
  return claims;
}
