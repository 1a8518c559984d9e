import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse, Problem } from '@gavel/domain';
import { formatPath, plainMessage } from '@gavel/domain';
import { databaseUnavailable } from './db/unavailable';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'event_not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payment_failed'
  | 'too_large'
  | 'uri_too_long'
  | 'misdirected'
  | 'rate_limited'
  | 'expired'
  | 'unavailable'
  | 'internal';

const httpStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  event_not_found: 404,
  conflict: 409,
  unprocessable: 422,
  /** A card was declined or could not be charged (HTTP's Payment Required, as processors answer). */
  payment_failed: 402,
  too_large: 413,
  uri_too_long: 414,
  /** A request for a host this server does not answer for (lib/site.ts). */
  misdirected: 421,
  rate_limited: 429,
  expired: 401,
  /** The database is out of reach for a moment (a restart, a failover): try again shortly. */
  unavailable: 503,
  internal: 500,
};

/** The one application error. Services throw it; the handler below turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Problem[],
  ) {
    super(message);
  }
  get statusCode(): number {
    return httpStatus[this.code];
  }
}

/** A guessing budget used up (lib/limits.ts): 429 with its own message and when to try again. */
export class TooManyTries extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

export const eventNotFound = () => new AppError('event_not_found', 'Event Not Found');

function body(code: ErrorCode, message: string, errors?: Problem[]): ErrorResponse {
  return { status: code === 'expired' ? 'expired' : 'failure', message, code, ...(errors ? { errors } : {}) };
}

/** The part of the request a schema validated (body by default). */
function validationSource(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'params') return request.params;
  if (context === 'querystring') return request.query;
  if (context === 'headers') return request.headers;
  return request.body;
}

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let at = root;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

const NOT_AN_OBJECT = 'must be a JSON object';

type SchemaIssue = { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> };

/** fastify-type-provider-zod's issues as {path, message}, each message read against the value sent. */
function schemaProblems(issues: ReadonlyArray<SchemaIssue>, source: unknown): Problem[] {
  return issues.map((v) => {
    const path = v.instancePath
      .split('/')
      .filter(Boolean)
      .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    if (path.length === 0 && v.keyword === 'invalid_type') return { path: formatPath(path), message: NOT_AN_OBJECT };
    // zod leaves the offending value out of its issues; without it every wrong type reads 'is required'.
    const input = valueAt(source, path);
    return {
      path: formatPath(path),
      message: plainMessage({ code: v.keyword, message: v.message ?? 'is not valid', ...v.params, input }),
    };
  });
}

/** A schema's own whole sentence (see moneyIn in domain/src/money.ts) is answered as it is, without its path. */
function isSentence(issue: SchemaIssue | undefined): boolean {
  const inner = issue?.params.params;
  return typeof inner === 'object' && inner !== null && (inner as { sentence?: unknown }).sentence === true;
}

/** Maps every error to HTTP in one place; unknown errors become a generic 500 of the same shape. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      request.log.info({ code: err.code, msg: err.message }, 'request refused');
      if (err instanceof TooManyTries) reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      return reply.status(err.statusCode).send(body(err.code, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = schemaProblems(err.validation, validationSource(request, err.validationContext));
      const first = errors[0];
      const message = !first
        ? 'The request is not valid.'
        : first.message === NOT_AN_OBJECT && err.validationContext === 'body'
          ? 'The request body must be a JSON object.'
          : isSentence(err.validation[0])
            ? first.message
            : `${first.path}: ${first.message}`;
      request.log.info({ errors }, 'invalid request');
      return reply.status(400).send(body('bad_request', message, errors));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('too_large', 'The request is too large.'));
    if (status === 429)
      return reply.status(429).send(body('rate_limited', 'Too many requests. Please wait a moment and try again.'));
    if (status >= 400 && status < 500) {
      request.log.info({ err: err.message }, 'bad request');
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request body as application/json.'
            : err.message;
      return reply.status(status).send(body(status === 404 ? 'not_found' : 'bad_request', message));
    }
    if (databaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      reply.header('retry-after', '2');
      return reply
        .status(503)
        .send(body('unavailable', 'We could not reach the database just now. Please try again in a moment.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}
