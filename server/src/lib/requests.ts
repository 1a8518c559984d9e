import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * The edges of a request that Fastify's router would otherwise answer in its own shape, without
 * our hooks (security headers, rate limit, the one error shape): a path that cannot be decoded
 * (`%ZZ`) and a path segment longer than a route parameter may be. rewriteUrl sends both to a
 * route of ours that refuses them like any other bad request. And what a request log may show:
 * never the secret of an emailed link.
 */

/** The longest path segment taken; Fastify's own limit (maxParamLength) is set above it. */
export const MAX_SEGMENT_LENGTH = 200;
export const ROUTER_PARAM_LIMIT = MAX_SEGMENT_LENGTH + 1;

const BAD_URL = '/__gavel/bad-url';
const TOO_LONG = '/__gavel/too-long';

/** Where the router should look: the URL itself, or one of the refusals above. */
export function routedUrl(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    decodeURI(path);
    for (const segment of path.split('/')) decodeURIComponent(segment);
  } catch {
    return BAD_URL;
  }
  return path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH) ? TOO_LONG : url;
}

/** The routes behind routedUrl's refusals, answered through the error handler like the rest. */
export function routerFaultRoutes(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  app.all(BAD_URL, hide, async () => {
    throw new AppError(
      'bad_request',
      'The address is not valid: it has a % that is not followed by two hexadecimal digits.',
    );
  });
  app.all(TOO_LONG, hide, async () => {
    throw new AppError(
      'uri_too_long',
      `The address is too long: no part of it may be longer than ${MAX_SEGMENT_LENGTH} characters.`,
    );
  });
}

/**
 * Emailed links carry their secret in the path (sign-in, password reset, verification, guest and
 * purchaser registration) and the live hub may take a token in the query. Logs show neither.
 */
const SECRET_IN_PATH =
  /(\/(?:passwordlesslogin|resetpassword|verify|verify-email|guestregistration|purchaserregistration)\/)[^/?#]+/gi;
const SECRET_IN_QUERY = /([?&](?:access_token|token|secret)=)[^&#]*/gi;

export function maskSecrets(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1***').replace(SECRET_IN_QUERY, '$1***');
}

/** The request as the log shows it: Fastify's usual fields, with the URL masked. */
export function logRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: maskSecrets(request.originalUrl ?? request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
