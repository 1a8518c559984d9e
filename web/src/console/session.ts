import { useSyncExternalStore } from 'react';
import type { AnswerOf, ContractKey, StaffRole } from '@gavel/domain';
import { consoleCalls, roleAllows } from '@gavel/domain';
import { api, ApiError, type CallArgs, type CallOptions, knowCalls } from '../api/client';

// The console's calls are a map apart from the app's (domain/src/api/contracts.ts): known here.
knowCalls(consoleCalls);

/**
 * The console's session: the staff token and who it belongs to, kept in local storage (the
 * organization is the host, so one key per site). The server checks the token and the role on every
 * call; the screens only use the role to hide what it cannot do.
 */
const KEY = 'gavel.console';

export interface StaffSession {
  token: string;
  staff: { email: string; name: string; role: StaffRole };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function read(): StaffSession | null {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  if (raw === cached.raw) return cached.session;
  let session: StaffSession | null;
  try {
    session = raw ? (JSON.parse(raw) as StaffSession) : null;
  } catch {
    session = null;
  }
  cached = { raw, session };
  return session;
}

function notify(): void {
  for (const l of listeners) l();
}

export function startSession(session: StaffSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  notify();
}

export function endSession(): void {
  localStorage.removeItem(KEY);
  notify();
}

export function currentSession(): StaffSession | null {
  return read();
}

/** The signed-in staff member (null when signed out), re-rendering on sign-in and sign-out, in every tab. */
export function useSession(): StaffSession | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = (e: StorageEvent) => e.key === KEY && l();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    () => null,
  );
}

/** Whether the signed-in staff member's role allows what `needed` may do. */
export function useCan(needed: StaffRole): boolean {
  const session = useSession();
  return session !== null && roleAllows(session.staff.role, needed);
}

/**
 * A console call: the one API client with the staff token. A session the server no longer accepts
 * (expired, revoked by removal or a password reset) signs the console out.
 */
export async function consoleApi<K extends ContractKey>(key: K, ...[body, opts]: CallArgs<K>): Promise<AnswerOf<K>> {
  const session = read();
  const options: CallOptions<K> = { ...opts, token: opts?.anonymous ? '' : (session?.token ?? '') };
  try {
    return await api(key, ...([body, options] as CallArgs<K>));
  } catch (err) {
    if (err instanceof ApiError && session && err.httpStatus === 401) endSession();
    throw err;
  }
}
