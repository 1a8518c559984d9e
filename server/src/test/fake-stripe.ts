import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { StripeConnection } from '../payments/stripe-gateway';
import { type Answer, emptyState, type FakeStripeState, parseForm } from './fake-stripe-objects';
import { authenticateIntent, routeStripe } from './fake-stripe-routes';

/**
 * A fake of the few Stripe API calls the Stripe gateway makes, on 127.0.0.1 and a random port, so
 * the gateway is tested through the official client with no network. Point the client at it with
 * `connection`. Cards are chosen by made-up confirmation tokens (fake-stripe-objects.ts):
 * ctoken_visa, ctoken_declined, ctoken_insufficient, ctoken_expired, ctoken_3ds (3-D Secure on setup
 * and on-session payments) and ctoken_3ds_always (on every payment, off-session too).
 *
 * Test-only calls, outside Stripe's /v1: POST /test/authenticate/:id (body `outcome=fail` to refuse),
 * what the Stripe.js stand-in's handleNextAction does; POST /test/hang-next, after which the next
 * PaymentIntent create is recorded (and remembered under its key) but never answered.
 */

export type { FakeStripeState } from './fake-stripe-objects';

/** One call the client made to /v1, as Stripe's request log would show it. */
export interface FakeStripeCall {
  method: string;
  path: string;
  idempotencyKey?: string;
  /** The Stripe-Account header: a connected account. */
  account?: string;
}

export interface FakeStripe {
  connection: StripeConnection;
  /** The base URL, for the test-only calls. */
  url: string;
  calls: FakeStripeCall[];
  state: FakeStripeState;
  /** The browser's 3-D Secure for an intent waiting on it; throws when the intent is not waiting. */
  authenticate(intentId: string, options?: { fail?: boolean }): void;
  /** The next PaymentIntent create is recorded but never answered, until the client gives up. */
  hangNext(): void;
  close(): Promise<void>;
}

/** An idempotent request's first answer, replayed for the same key. */
interface Remembered {
  path: string;
  fingerprint: string;
  answer: Answer;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The same parameters in any order are the same request, as Stripe compares them. */
function fingerprint(body: string): string {
  return [...new URLSearchParams(body)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

const apiError = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: { error: { type, message, code } },
});

/** `port` 0 (the default) takes a free port; the end-to-end run gives a fixed one. */
export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const state = emptyState();
  const calls: FakeStripeCall[] = [];
  const remembered = new Map<string, Remembered>();
  const hanging = new Set<ServerResponse>();
  let hangNext = false;

  function send(res: ServerResponse, answer: Answer, replayed = false): void {
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(answer.body));
  }

  function testCall(method: string, path: string, body: string): Answer {
    if (method === 'POST' && path === '/test/hang-next') {
      hangNext = true;
      return { status: 200, body: { hanging: true } };
    }
    const m = /^\/test\/authenticate\/([^/]+)$/.exec(path);
    if (method === 'POST' && m)
      return authenticateIntent(state, decodeURIComponent(m[1]!), parseForm(body).outcome === 'fail');
    return apiError(404, 'invalid_request_error', `Unrecognized test call (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const body = await readBody(req);
    if (path.startsWith('/test/')) return send(res, testCall(method, path, body));

    const idempotencyKey = header(req, 'idempotency-key');
    const account = header(req, 'stripe-account') ?? '';
    calls.push({ method, path, ...(idempotencyKey ? { idempotencyKey } : {}), ...(account ? { account } : {}) });
    if (!/^Bearer (sk|rk)_\S+$/.test(header(req, 'authorization') ?? ''))
      return send(res, apiError(401, 'invalid_request_error', 'Invalid API Key provided.'));

    // Stripe keeps keys per account; only POSTs are idempotent requests.
    const memo = method === 'POST' && idempotencyKey ? `${account}\n${idempotencyKey}` : undefined;
    const print = fingerprint(body);
    const prior = memo ? remembered.get(memo) : undefined;
    if (prior) {
      if (prior.path !== path || prior.fingerprint !== print) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return send(res, apiError(400, 'idempotency_error', message));
      }
      return send(res, prior.answer, true);
    }

    const form = parseForm(method === 'GET' ? url.search.slice(1) : body);
    const answer =
      routeStripe(state, { method, path, form, query: url.searchParams, account }) ??
      apiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    if (memo) remembered.set(memo, { path, fingerprint: print, answer });
    if (hangNext && method === 'POST' && path === '/v1/payment_intents') {
      // The work is done and remembered, as when Stripe charged but the answer was lost on the way.
      hangNext = false;
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, apiError(500, 'api_error', `The fake Stripe failed: ${String(err)}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The fake Stripe has no TCP port.');
  const listening = address.port;

  return {
    connection: { host: '127.0.0.1', port: listening, protocol: 'http' },
    url: `http://127.0.0.1:${listening}`,
    calls,
    state,
    authenticate(intentId, options = {}) {
      const answer = authenticateIntent(state, intentId, options.fail === true);
      if (answer.status !== 200) throw new Error(`Cannot authenticate ${intentId}: ${JSON.stringify(answer.body)}`);
    },
    hangNext() {
      hangNext = true;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
