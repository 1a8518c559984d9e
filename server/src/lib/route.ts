import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, Contract, ContractKey, Contracts, ParamsOf, QueryOf, RequestOf } from '@gavel/domain';
import { contracts, errorResponse } from '@gavel/domain';
import type { AppContext } from '../context';
import { assertAdmin } from '../tenancy';
import { type CallerOf, resolveCaller } from './caller';

/** What a route's handler receives: the validated body and params, and the caller already resolved. */
export interface RouteInput<K extends ContractKey> {
  body: RequestOf<K>;
  params: ParamsOf<K>;
  query: QueryOf<K>;
  caller: CallerOf<Contracts[K]['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Per-route settings such as a tighter rate limit (`{ rateLimit: {...} }`). */
  config?: Record<string, unknown>;
  bodyLimit?: number;
}

const failures = {
  400: errorResponse,
  401: errorResponse,
  402: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
  429: errorResponse,
};

const security = (c: Contract): Array<Record<string, string[]>> | undefined => {
  if (c.access === 'admin') return [{ adminToken: [] }];
  if (c.access.startsWith('staff:')) return [{ staffToken: [] }];
  if (c.access === 'public' || c.access === 'event') return undefined;
  if (c.access === 'store') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
};

/**
 * Registers one call of the contract map (domain/src/api/contracts.ts): its method, path, schemas
 * and access come from the map, so a route states only what it does. The body is validated by its
 * schema (amounts arrive in cents), the caller is resolved by lib/caller.ts before the handler
 * runs, and the answer is encoded by its schema (amounts leave in dollars).
 */
export function route<K extends ContractKey>(
  app: FastifyInstance,
  ctx: AppContext,
  key: K,
  handler: (input: RouteInput<K>) => Promise<AnswerOf<K> | FastifyReply>,
  options: RouteOptions = {},
): void {
  const c: Contract = contracts[key];
  app.route({
    method: c.method,
    url: c.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.config ? { config: options.config } : {}),
    // The admin token is checked before a (possibly large) body is read.
    ...(c.access === 'admin'
      ? { onRequest: async (request: FastifyRequest) => assertAdmin(request, ctx.config.adminToken) }
      : {}),
    schema: {
      tags: c.tags,
      summary: c.summary,
      ...(security(c) ? { security: security(c) } : {}),
      ...(c.body ? { body: c.body } : {}),
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      response: { 200: c.response, ...failures },
    },
    handler: async (request, reply) => {
      const caller = await resolveCaller(ctx, request, c.access as Contracts[K]['access'], key);
      // The schemas above validated these; the map's types name what they hold.
      return handler({
        body: request.body as RequestOf<K>,
        params: request.params as ParamsOf<K>,
        query: request.query as QueryOf<K>,
        caller,
        request,
        reply,
      });
    },
  });
}

/** A call's answer as a spreadsheet (the organizer's reports): the JSON schema does not apply to it. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
