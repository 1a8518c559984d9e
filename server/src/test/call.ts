import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type AnswerOf,
  type ContractKey,
  contractPath,
  contracts,
  type ErrorResponse,
  errorResponse,
  type ParamsOf,
  type RequestOf,
} from '@gavel/domain';

export interface CallOptions<K extends ContractKey> {
  headers?: Record<string, string>;
  params?: ParamsOf<K>;
  /** A query string, for the few calls that take one. */
  query?: Record<string, string>;
}

export type Called<K extends ContractKey> =
  { ok: true; statusCode: number; answer: AnswerOf<K> } | { ok: false; statusCode: number; failure: ErrorResponse };

/**
 * One call of the contract map through app.inject, typed as the web client is: the body is given
 * as the code inside holds it (cents) and encoded by its schema; a success is decoded by the
 * answer's schema. Tests of bad input send raw payloads with app.inject instead.
 */
export async function call<K extends ContractKey>(
  app: FastifyInstance,
  key: K,
  body: RequestOf<K>,
  opts: CallOptions<K> = {},
): Promise<Called<K>> {
  const c = contracts[key];
  const search = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  const url = `/api${contractPath(c.path, opts.params ?? undefined)}${search}`;
  const payload = 'body' in c && body !== undefined ? z.encode(c.body, body) : undefined;
  const headers = payload === undefined ? { ...opts.headers } : { 'content-type': 'application/json', ...opts.headers };
  const res = await app.inject({
    method: c.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  const schema: z.ZodType<AnswerOf<K>> = c.response;
  if (res.statusCode === 200) return { ok: true, statusCode: 200, answer: schema.parse(res.json()) };
  return { ok: false, statusCode: res.statusCode, failure: errorResponse.parse(res.json()) };
}
