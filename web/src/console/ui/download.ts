import { consoleCalls, contractPath, errorResponse, type ParamsOf } from '@gavel/domain';
import { ApiError, apiBase } from '../../api/client';
import { currentSession } from '../session';

type ConsoleKey = keyof typeof consoleCalls;

/**
 * Saves a file a console call answers (a PDF) under the name the server gives it. The call needs
 * the staff token, so a plain link cannot: it is fetched with the token and handed to the browser
 * as a download. A refusal carries the server's words (no items at that location, no such bidder).
 */
export async function downloadFile<K extends ConsoleKey>(
  key: K,
  { params, query = {}, fallback }: { params: ParamsOf<K>; query?: Record<string, string>; fallback: string },
): Promise<void> {
  const search = new URLSearchParams(query).toString();
  const path = contractPath(
    consoleCalls[key].path,
    Object.fromEntries(Object.entries(params as Record<string, string | number>).map(([k, v]) => [k, String(v)])),
  );
  const url = `${apiBase()}${path}${search ? `?${search}` : ''}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${currentSession()?.token ?? ''}` } });
  if (!res.ok) {
    const failure = errorResponse.safeParse(await res.json().catch(() => ({})));
    const message = failure.success ? failure.data.message : 'The file could not be made. Please try again.';
    throw new ApiError(res.status, 'failure', message);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = named?.[1] ?? fallback;
  a.click();
  URL.revokeObjectURL(href);
}
