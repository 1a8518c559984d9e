import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { consoleApi, startSession, useSession } from '../session';

/** The signed-in person as the server knows them now: GET /console/me's cache key. */
export const meKey = ['console', 'me'] as const;

/**
 * Keeps the session's name and role as the server has them (an owner may have changed the role),
 * so the menus show what the role allows. A session the server no longer takes (removed, a new
 * password elsewhere) is signed out by consoleApi on the 401.
 */
export function useStaffRefresh(): void {
  const session = useSession();
  const me = useQuery({
    queryKey: meKey,
    queryFn: () => consoleApi('GET /console/me'),
    enabled: session !== null,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!session || !me.data) return;
    const { email, name, role } = me.data.staff;
    const known = session.staff;
    if (email === known.email && name === known.name && role === known.role) return;
    startSession({ token: session.token, staff: { email, name, role } });
  }, [me.data, session]);
}
