import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '@gavel/domain';
import { createTestApp, failure, type TestApp } from './test/harness';
import { AppError, registerErrorHandling } from './errors';
import { seedDemoIfEmpty } from './db/seed/seed';

const GENERIC_500 = {
  status: 'failure',
  code: 'internal',
  message: 'Something went wrong on our side. Please try again.',
};

describe('the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers GET /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      version: '1.0.2',
      database: 'ok',
      databasekind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('describes itself in OpenAPI 3 at GET /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Gavel API', version: '1.0.2' });
    const paths = Object.keys(doc.paths);
    expect(paths.some((p) => p === '/api/event' || p === '/api/event/')).toBe(true);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/privacypolicy', '/api/admin/import', '/api/health', '/media/{id}']),
    );
    // Plumbing stays out of the description.
    expect(paths).not.toContain('/api/docs/json');
    const eventPath = doc.paths['/api/event'] ?? doc.paths['/api/event/'];
    expect(Object.keys(eventPath.post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['eventcode', 'auctioncode']),
    );
    expect(doc.paths['/api/admin/import'].post.security).toEqual([{ adminToken: [] }]);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown /api path with a 404 of the one error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api'],
      ['DELETE', '/api/event/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(errorResponse.strict().safeParse(body).success).toBe(true);
      expect(body).toEqual({ status: 'failure', code: 'not_found', message: `No such path: ${method} ${url}` });
    }
  });

  it('answers a page path with JSON 404 when no web app is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/welcome' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'failure', code: 'not_found' });
  });

  it('refuses a body that is not JSON with a clear 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/event/',
        headers: { 'content-type': contentType },
        payload: 'eventcode=gala',
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({
        status: 'failure',
        code: 'bad_request',
        message: 'Send the request body as application/json.',
      });
    }
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { 'content-type': 'application/json' },
      payload: '{"eventcode": gala}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'failure',
      code: 'bad_request',
      message: 'The request body is not valid JSON.',
    });
  });
});

describe('the demo seed', () => {
  it('imports the demo event into an empty database once, answered on localhost', async () => {
    const now = new Date('2026-12-05T20:00:00Z');
    const t = await createTestApp({}, now);
    try {
      expect(await seedDemoIfEmpty(t.ctx.db, now, t.config.jwtSecret)).toBe(true);
      expect(await seedDemoIfEmpty(t.ctx.db, now, t.config.jwtSecret)).toBe(false);
      const res = await t.app.inject({ method: 'POST', url: '/api/event/', payload: { eventcode: 'demo' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'success',
        auctioncode: 'demo',
        eventcode: 'demo',
        eventflag: 'biddingopen',
      });
    } finally {
      await t.close();
    }
  });
});

describe('the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' });
  });
  afterAll(async () => t.close());
  const event = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/event', payload: { eventcode: 'none' }, remoteAddress, headers });

  it('answers 429 in the one error shape once an address without a token is over its budget', async () => {
    for (let i = 0; i < 2; i++) {
      const ok = await event();
      expect(ok.statusCode, `request ${i + 1}`).toBe(404);
      expect(ok.headers['x-ratelimit-limit']).toBe('2');
    }
    const res = await event();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(failure('rate_limited', 'Too many requests. Please wait a moment and try again.'));
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own allowance; a made-up token counts against the address.
    expect((await event('203.0.113.9')).statusCode).toBe(404);
    expect((await event('127.0.0.1', { authorization: 'Bearer made.up.token' })).statusCode).toBe(429);
  });

  it('never limits the health check, the web app or images', async () => {
    for (let i = 0; i < 10; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.1' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      expect(
        (await t.app.inject({ method: 'GET', url: '/media/nosuchimage', remoteAddress: '198.51.100.1' })).statusCode,
      ).toBe(404);
    }
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const typed = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    typed.setValidatorCompiler(validatorCompiler);
    typed.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(typed);
    typed.get('/boom', async () => {
      throw new Error('connection to db-primary.internal:5432 refused (password=hunter2)');
    });
    typed.get('/upstream', async () => {
      throw Object.assign(new Error('upstream detail'), { statusCode: 502 });
    });
    typed.get('/conflict', async () => {
      throw new AppError('conflict', 'Someone else bid first.', [{ path: 'bid', message: 'is too low' }]);
    });
    typed.get('/expired', async () => {
      throw new AppError('expired', 'Token has expired');
    });
    typed.get(
      '/bad-answer',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'not a number' }) as unknown as { n: number },
    );
    typed.post(
      '/typed',
      { schema: { body: z.object({ count: z.number().int(), items: z.array(z.object({ name: z.string() })) }) } },
      async () => ({ ok: true }),
    );
    app = typed;
    await app.ready();
  });
  afterAll(async () => app.close());

  it('turns an unexpected exception into a generic 500 of the same shape, without its message', async () => {
    for (const url of ['/boom', '/upstream', '/bad-answer']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toMatch(/hunter2|db-primary|upstream detail|not a number/);
    }
  });

  it('maps an AppError to its status and keeps its problems', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      status: 'failure',
      code: 'conflict',
      message: 'Someone else bid first.',
      errors: [{ path: 'bid', message: 'is too low' }],
    });
    const expired = await app.inject({ method: 'GET', url: '/expired' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ status: 'expired', code: 'expired', message: 'Token has expired' });
  });

  it('answers every schema problem with its path, telling a wrong type from a missing field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/typed',
      payload: { count: '3', items: [{ name: 'a' }, {}] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('bad_request', 'count: must be a number', [
        { path: 'count', message: 'must be a number' },
        { path: 'items[1].name', message: 'is required' },
      ]),
    );
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  const INDEX = '<!doctype html><html><head><title>Gavel</title></head><body><div id="root"></div></body></html>';
  const SCRIPT = 'console.log("gavel");';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gavel-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'x.js'), SCRIPT);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Gavel"}');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for client routes', async () => {
    for (const url of ['/demo/welcome', '/demo', '/', '/gala/auction-items/12?sort=az']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/demo/welcome' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets with an immutable cache header', async () => {
    for (const url of ['/assets/x.js', '/assets/x.js?v=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('serves files at the top of the build without the immutable header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"name":"Gavel"}');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('never falls back to the page for API, asset or media paths, or for other methods', async () => {
    const cases: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/assets/missing.js'],
      ['GET', '/assets'],
      ['GET', '/media'],
      ['POST', '/demo/welcome'],
    ];
    for (const [method, url] of cases) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'failure', code: 'not_found', message: `No such path: ${method} ${url}` });
    }
  });

  it('does not serve files outside the build', async () => {
    writeFileSync(join(dist, '..', 'gavel-outside.txt'), 'TOP-SECRET-CONTENT');
    for (const url of [
      '/assets/..%2f..%2fgavel-outside.txt',
      '/assets/%2e%2e/%2e%2e/gavel-outside.txt',
      '/..%2fgavel-outside.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('TOP-SECRET-CONTENT');
    }
    rmSync(join(dist, '..', 'gavel-outside.txt'));
  });
});
