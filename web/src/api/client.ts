import { readToken } from '../session/token';

/**
 * The one API client. The API host follows the page's host name (local, dev, staging, live all
 * serve the API on the same origin under /api); VITE_API_BASE overrides it for a split setup.
 */
export type Environment = 'local' | 'dev' | 'staging' | 'live';

export function environmentOf(hostname: string): Environment {
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || /^[\d.]+$/.test(hostname) || hostname === '[::1]') return 'local';
  if (/(^|\.)dev\./.test(hostname) || hostname.startsWith('dev-')) return 'dev';
  if (/(^|\.)staging\./.test(hostname) || hostname.startsWith('staging-')) return 'staging';
  return 'live';
}

export function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  return configured ? configured.replace(/\/+$/, '') : '/api';
}

/** A failed call: the HTTP status, the server's status field and its message. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

interface Options {
  /** Send no bearer token (calls made from emailed links). */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

let onExpired: () => void = () => undefined;
/** The session registers what to do when the server says the token has expired. */
export function setExpiredHandler(handler: () => void): void {
  onExpired = handler;
}

async function call<T>(method: string, path: string, body: unknown, opts: Options): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = opts.anonymous ? null : readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${apiBase()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'failure', 'Something wrong with the token or connection');
  }
  const data = (await res.json().catch(() => ({}))) as { status?: string; message?: string; code?: string };
  if (data.status === 'expired' && data.message === 'Token has expired') onExpired();
  if (!res.ok) throw new ApiError(res.status, data.status ?? 'failure', data.message || res.statusText, data.code);
  return data as T;
}

export const apiGet = <T>(path: string, opts: Options = {}) => call<T>('GET', path, undefined, opts);
export const apiPost = <T>(path: string, body: unknown, opts: Options = {}) => call<T>('POST', path, body, opts);
export const apiPut = <T>(path: string, body: unknown, opts: Options = {}) => call<T>('PUT', path, body, opts);
