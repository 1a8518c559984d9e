import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@gavel/domain';
import { api, setExpiredHandler } from '../api/client';
import { forgetKeptAnswers } from '../pwa/forget';
import { clearToken, decodeToken, readToken, storeToken, validateStoredToken, type TokenClaims } from './token';

/**
 * Who is using the app: nobody, a guest, or a signed-in bidder of the event in the path. Each
 * event's token lives in local storage under its own key (token.ts), so signing in to one event
 * leaves another's session alone; the user comes from the login answer or GET /api/userprofile.
 */
export interface Session {
  eventcode: string;
  claims: TokenClaims | null;
  user: SessionUser | null;
  isGuest: boolean;
  /** True while a stored token's user is being fetched. */
  loading: boolean;
  signIn(user: SessionUser): void;
  signInGuest(token: string): void;
  setUser(user: SessionUser): void;
  logout(): void;
  refreshUser(): Promise<SessionUser | null>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

export function SessionProvider({ eventcode, children }: { eventcode: string; children: ReactNode }) {
  const [claims, setClaims] = useState<TokenClaims | null>(() => validateStoredToken(eventcode, new Date()));
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState<boolean>(() => claims !== null && !claims.isguest);

  // Cached answers hold the caller's own fields (cart, standing, watchlist): a new caller starts
  // afresh, and so do the answers the service worker kept for offline use.
  const client = useQueryClient();
  const forgetCaller = useCallback(() => {
    client.removeQueries();
    forgetKeptAnswers();
  }, [client]);

  const logout = useCallback(() => {
    const token = readToken(eventcode);
    // Loaded when needed: push is no part of the first load.
    void import('../push/device').then((push) => push.forgetThisDevice(token));
    forgetCaller();
    clearToken(eventcode);
    setClaims(null);
    setUserState(null);
  }, [forgetCaller, eventcode]);

  const refreshUser = useCallback(async () => {
    const token = readToken(eventcode);
    if (!token) return null;
    try {
      const profile = await api('GET /userprofile');
      const next = { ...profile, token };
      setUserState(next);
      return next;
    } catch {
      return null;
    } finally {
      setLoading(false);
    }
  }, [eventcode]);

  // A different event in the path: that event's own token, if it has a good one.
  useEffect(() => {
    const kept = validateStoredToken(eventcode, new Date());
    setClaims(kept);
    if (!kept || kept.isguest) {
      setUserState(null);
      setLoading(false);
    } else void refreshUser();
  }, [eventcode, refreshUser]);

  // An expired token forces a logout (the pages then send the visitor to the event page).
  useEffect(() => {
    setExpiredHandler(logout);
    if (!claims) return;
    const ms = claims.exp * 1000 - Date.now();
    const timer = setTimeout(logout, Math.max(0, Math.min(ms, 2_147_000_000)));
    return () => clearTimeout(timer);
  }, [claims, logout]);

  // Just after the path moves to another event, until the effect above has run, the state still
  // holds the last event's session: it is not this event's, so pages see nobody signed in.
  const ours = claims !== null && claims.eventcode.toLowerCase() === eventcode;
  const value = useMemo<Session>(
    () => ({
      eventcode,
      claims: ours ? claims : null,
      user: ours ? user : null,
      isGuest: ours && claims.isguest,
      loading,
      signIn: (u) => {
        if (decodeToken(u.token)?.userid !== claims?.userid) forgetCaller();
        storeToken(u.token);
        setClaims(decodeToken(u.token));
        setUserState(u);
        setLoading(false);
        void import('../push/device').then((push) => push.keepThisDevice(u));
      },
      signInGuest: (token) => {
        forgetCaller();
        storeToken(token);
        setClaims(decodeToken(token));
        setUserState(null);
        setLoading(false);
      },
      setUser: (u) => setUserState(u),
      logout,
      refreshUser,
    }),
    [eventcode, ours, claims, user, loading, logout, refreshUser, forgetCaller],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
