import type { FastifyInstance } from 'fastify';
import { parseBody, type Headers, type Reply, type Transport } from '../../../testkit/transport';

/** The kit's transport over Fastify's app.inject: the server tests' calls never touch a socket. */
export function injectTransport(app: Pick<FastifyInstance, 'inject'>): Transport {
  const send = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Headers = {},
    payload?: object,
  ): Promise<Reply> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, json: parseBody(res.body) };
  };
  return {
    get: (path, headers) => send('GET', path, headers),
    post: (path, body, headers) => send('POST', path, headers, body),
    put: (path, body, headers) => send('PUT', path, headers, body),
  };
}
