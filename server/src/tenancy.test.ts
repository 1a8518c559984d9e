import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from './test/harness';
import { galaDocument } from './test/documents';
import { findTenant } from './tenancy';

/** Organizations by name under example.org (lib/site.ts); each test names its host. */
const PUBLIC_URL = 'https://{auctioncode}.example.org';

describe('one organization cannot read another', () => {
  let t: TestApp;
  const ACME = { host: 'acme.example.org' };
  const OTHER = { host: 'other.example.org' };

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_AUCTION_CODE: 'home', PUBLIC_URL }, new Date('2026-12-06T01:00:00Z'));
    const docs = [
      galaDocument({
        auctioncode: 'acme',
        orgname: 'Acme',
        event: { eventname: 'Acme Gala', privacypolicy: '<p>Acme policy</p>' },
      }),
      galaDocument({
        auctioncode: 'other',
        orgname: 'Other',
        event: { eventname: 'Other Gala', privacypolicy: '<p>Other policy</p>' },
      }),
      galaDocument({
        auctioncode: 'home',
        orgname: 'Home',
        event: { eventname: 'Home Gala', privacypolicy: '<p>Home policy</p>' },
      }),
      // An event code only one organization has.
      galaDocument({ auctioncode: 'acme', orgname: 'Acme', eventcode: 'acmeonly', event: { eventname: 'Acme Only' } }),
    ];
    for (const doc of docs) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => t.close());

  it('gives each host its own event of the same code', async () => {
    const acme = await post('/api/event/', ACME, { eventcode: 'gala' });
    const other = await post('/api/event/', OTHER, { eventcode: 'gala' });
    expect(acme.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(acme.json()).toMatchObject({ eventname: 'Acme Gala', auctioncode: 'acme', organizationname: 'Acme' });
    expect(other.json()).toMatchObject({ eventname: 'Other Gala', auctioncode: 'other', organizationname: 'Other' });
  });

  it('gives each host its own privacy policy', async () => {
    const acme = await post('/api/privacypolicy', ACME, { eventcode: 'gala' });
    const other = await post('/api/privacypolicy', OTHER, { eventcode: 'gala' });
    expect(acme.json()).toEqual({ status: 'success', privacypolicy: '<p>Acme policy</p>' });
    expect(other.json()).toEqual({ status: 'success', privacypolicy: '<p>Other policy</p>' });
  });

  it("finds nothing of another organization's events", async () => {
    const res = await post('/api/event/', OTHER, { eventcode: 'acmeonly' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'failure', code: 'event_not_found', message: 'Event Not Found' });
    const own = await post('/api/event/', ACME, { eventcode: 'acmeonly' });
    expect(own.json()).toMatchObject({ eventname: 'Acme Only' });
  });

  it('answers 404 when the body names another organization than the host', async () => {
    for (const url of ['/api/event/', '/api/privacypolicy']) {
      const res = await post(url, OTHER, { eventcode: 'gala', auctioncode: 'acme' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 'failure', code: 'event_not_found', message: 'Event Not Found' });
    }
    // The same organization as the host, in any case, is fine.
    const same = await post('/api/event/', ACME, { eventcode: 'gala', auctioncode: 'ACME' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ eventname: 'Acme Gala' });
  });

  it('uses the configured default organization on localhost and bare addresses', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const res = await post('/api/event/', { host }, { eventcode: 'gala' });
      expect(res.statusCode, host).toBe(200);
      expect(res.json(), host).toMatchObject({ eventname: 'Home Gala', auctioncode: 'home' });
    }
    const elsewhere = await post('/api/event/', { host: 'localhost' }, { eventcode: 'gala', auctioncode: 'acme' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers 404 for an organization that does not exist', async () => {
    const res = await post('/api/event/', { host: 'nobody.example.org' }, { eventcode: 'gala' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'failure', code: 'event_not_found', message: 'Event Not Found' });
  });

  it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
    const res = await post(
      '/api/event/',
      { host: 'other.example.org', 'x-forwarded-host': 'acme.example.org' },
      { eventcode: 'gala' },
    );
    expect(res.json()).toMatchObject({ eventname: 'Other Gala' });
  });

  it('scopes findTenant to the organization', async () => {
    const { event, organization } = await findTenant(t.ctx.db, 'ACME', 'GALA');
    expect(organization.auctioncode).toBe('acme');
    expect(event.eventname).toBe('Acme Gala');
    await expect(findTenant(t.ctx.db, 'other', 'acmeonly')).rejects.toMatchObject({
      code: 'event_not_found',
      statusCode: 404,
    });
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_URL });
    for (const auctioncode of ['acme', 'other']) {
      const doc = galaDocument({ auctioncode, event: { eventname: `${auctioncode} gala` } });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: doc });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => t.close());

  it('takes the organization from the host name the phone used (X-Forwarded-Host)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { host: 'gavel-internal:8080', 'x-forwarded-host': 'acme.example.org' },
      payload: { eventcode: 'gala' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventname: 'acme gala', auctioncode: 'acme' });
  });
});
