import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@gavel/domain';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';

/** Issue 15, findings 7 and 8: the router's refusals in our shape and headers; logs and the API map keep secrets. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, new Date(), { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

function expectOurs(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
): void {
  expect(res.statusCode).toBe(status);
  expect(errorResponse.safeParse(res.json()).success).toBe(true);
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('router errors', () => {
  it('an undecodable path answers 400 in the one error shape, with the security headers', async () => {
    for (const url of ['/api/item/%ZZ', '/api/%ZZ', '/demo/%ZZ', '/api/passwordlesslogin/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectOurs(res, 400);
      expect(res.json()).toMatchObject({
        code: 'bad_request',
        message: expect.stringContaining('The address is not valid'),
      });
    }
  });
  it('an overlong path parameter answers 414 in the one error shape, with the security headers', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `/api/passwordlesslogin/${'a'.repeat(5000)}` });
      expectOurs(res, 414);
      expect(res.json()).toMatchObject({ code: 'uri_too_long' });
    }
  });
  it('an unknown API path answers 404 in the one error shape, with the security headers', async () => {
    expectOurs(await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404);
  });
});

describe('logs and the API description', () => {
  it('a link secret followed by a phone never reaches the log', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/passwordlesslogin/TopSecretValue123?auctioncode=x&eventcode=y' });
    await t.app.inject({ method: 'GET', url: '/demo/auth/resetPassword/TopSecretValue456' });
    const log = lines.join('');
    expect(log).toContain('/api/passwordlesslogin/***');
    expect(log).not.toContain('TopSecretValue');
  });
  it('outside production the API description is open', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the API description in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://auction.example.org' });
  });
  afterAll(() => prod.close());
  it('needs the admin token', async () => {
    const none = await prod.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(none.statusCode).toBe(401);
    expect(errorResponse.safeParse(none.json()).success).toBe(true);
    const wrong = await prod.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const admin = await prod.app.inject({ method: 'GET', url: '/api/docs/json', headers: ADMIN });
    expect(admin.statusCode).toBe(200);
    expect(Object.keys(admin.json<{ paths: object }>().paths).length).toBeGreaterThan(20);
  });
});
