import { z } from 'zod';
import {
  type AnswerOf,
  appCalls,
  type Contract,
  type ContractKey,
  type ContractMap,
  contractPath,
  errorResponse,
  type ParamsOf,
  type Problem,
  type RequestOf,
} from '@gavel/domain';
import { readToken } from '../session/token';

/**
 * The one API client. Every environment serves the API on the page's own origin under /api;
 * VITE_API_BASE overrides it for a split setup.
 */
export function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  return configured ? configured.replace(/\/+$/, '') : '/api';
}

/** A failed call: the HTTP status, the server's status field, its message and its error code. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly code?: string,
    /** The server's problems with their fields (`path`), when it listed them: forms show each at its field. */
    readonly errors: Problem[] = [],
  ) {
    super(message);
  }
}

export interface CallOptions<K extends ContractKey> {
  /** Send no bearer token (calls made from emailed links). */
  anonymous?: boolean;
  /** A bearer token of the call's own, sent instead of the login token ('' sends none): the store's cart token. */
  token?: string;
  headers?: Record<string, string>;
  /** The path's parameters, for the calls that have them. */
  params?: ParamsOf<K>;
  /** A query string, for the few calls that take one. */
  query?: Record<string, string>;
  /**
   * A body sent as it is instead of `body` encoded as JSON: a CSV file (text/csv), a JSON body whose
   * schema only decodes (the import document's item), or FormData (multipart: no content-type is set,
   * so the browser writes the type with its boundary).
   */
  raw?: { contentType: string; body: BodyInit };
}

/** A call's arguments: its body (amounts in cents) unless it has none, then options. */
export type CallArgs<K extends ContractKey> =
  RequestOf<K> extends undefined
    ? [body?: undefined, opts?: CallOptions<K>]
    : [body: RequestOf<K>, opts?: CallOptions<K>];

let onExpired: () => void = () => undefined;
/** The session registers what to do when the server says the token has expired. */
export function setExpiredHandler(handler: () => void): void {
  onExpired = handler;
}

/**
 * The calls this page knows: the app's (bidder app, store, board). The console adds its own with
 * knowCalls, so a phone's first load carries none of the console's schemas.
 */
const known: Partial<ContractMap> = { ...appCalls };

export function knowCalls(calls: Partial<ContractMap>): void {
  Object.assign(known, calls);
}

function contractOf<K extends ContractKey>(key: K): ContractMap[K] {
  const contract = known[key];
  if (!contract) throw new Error(`${key} is not a call this page knows (knowCalls)`);
  return contract;
}

/**
 * Makes one call of the contract map (domain/src/api/contracts.ts). The body is encoded by the
 * call's schema (cents leave as dollars) and the answer decoded by its answer schema (dollars
 * arrive as cents), so every caller is typed by the map and nothing is cast.
 */
export async function api<K extends ContractKey>(key: K, ...[body, opts]: CallArgs<K>): Promise<AnswerOf<K>> {
  const contract: Contract = contractOf(key);
  const headers: Record<string, string> = { accept: 'application/json', ...opts?.headers };
  const raw = opts?.raw;
  const payload = raw
    ? raw.body
    : contract.body && body !== undefined
      ? JSON.stringify(z.encode(contract.body, body))
      : undefined;
  if (raw && !(raw.body instanceof FormData)) headers['content-type'] = raw.contentType;
  else if (!raw && payload !== undefined) headers['content-type'] = 'application/json';
  // The login token of the event in the page's path; other events' tokens are never sent (session/token.ts).
  const login = opts?.anonymous || opts?.token !== undefined ? null : readToken();
  const token = opts?.anonymous ? null : (opts?.token ?? login);
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    const search = opts?.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
    res = await fetch(`${apiBase()}${contractPath(contract.path, opts?.params ?? undefined)}${search}`, {
      method: contract.method,
      headers,
      body: payload,
    });
  } catch {
    throw new ApiError(0, 'failure', 'Something wrong with the token or connection');
  }
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const failure = errorResponse.safeParse(data);
    const f = failure.success ? failure.data : undefined;
    // Only a signed-in call's expiry ends the session; an emailed link's or a cart's expiry is its own.
    if (f?.code === 'expired' && login) onExpired();
    throw new ApiError(res.status, f?.status ?? 'failure', f?.message || res.statusText, f?.code, f?.errors ?? []);
  }
  const schema: z.ZodType<AnswerOf<K>> = contractOf(key).response;
  return decode(schema, data, res.status);
}

/** A call's answer that came another way (written into the page): decoded by the call's answer schema, or null. */
export function decodeAnswer<K extends ContractKey>(key: K, data: unknown): AnswerOf<K> | null {
  if (data === undefined) return null;
  const schema: z.ZodType<AnswerOf<K>> = contractOf(key).response;
  const answer = schema.safeParse(data);
  return answer.success ? answer.data : null;
}

function decode<T>(schema: z.ZodType<T>, data: unknown, httpStatus: number): T {
  const answer = schema.safeParse(data);
  if (!answer.success)
    throw new ApiError(
      httpStatus,
      'failure',
      'The server sent an answer this app does not understand. Please reload the page.',
    );
  return answer.data;
}
