import { useQuery } from '@tanstack/react-query';
import { nightKey } from '../live';
import { consoleApi } from '../session';

/**
 * Charge all's queries, keyed under the night's areas so the live hub refreshes them: the runs and
 * a run under 'chargeall' (the job tells after each batch), the preview under 'desk' as well (a
 * payment at the desk changes who is left to charge).
 */
export const runsKey = (eventcode: string) => nightKey(eventcode, 'chargeall', 'runs');
const runKey = (eventcode: string, runid: number) => nightKey(eventcode, 'chargeall', 'run', runid);
const previewKey = (eventcode: string, minimum: number) => nightKey(eventcode, 'desk', 'charge-preview', minimum);

/** A follow-up list with money still owed is looked at again now and then: a pay link is paid on a phone. */
const FOLLOW_UP_REFRESH_MS = 15_000;

export function useRuns(eventcode: string) {
  return useQuery({
    queryKey: runsKey(eventcode),
    queryFn: () => consoleApi('GET /console/events/:eventcode/charge-all', undefined, { params: { eventcode } }),
    refetchInterval: (query) => (query.state.data?.followup.some((f) => f.due > 0) ? FOLLOW_UP_REFRESH_MS : false),
  });
}

export function useRun(eventcode: string, runid: number | null) {
  return useQuery({
    queryKey: runKey(eventcode, runid ?? 0),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/charge-all/:runid', undefined, {
        params: { eventcode, runid: runid ?? 0 },
      }),
    enabled: runid !== null,
  });
}

/** The preview for a minimum (cents); null until the owner asks for one. */
export function usePreview(eventcode: string, minimum: number | null) {
  return useQuery({
    queryKey: previewKey(eventcode, minimum ?? 0),
    queryFn: async () => {
      const answer = await consoleApi(
        'POST /console/events/:eventcode/charge-all',
        { preview: true, minimum: minimum ?? 0 },
        { params: { eventcode } },
      );
      if ('runid' in answer) throw new Error('The server started a run instead of previewing.');
      return answer;
    },
    enabled: minimum !== null,
  });
}
