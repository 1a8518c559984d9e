import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskSecrets, MAX_SEGMENT_LENGTH, routedUrl } from './requests';

describe('routedUrl', () => {
  it('leaves ordinary addresses alone', () => {
    for (const url of [
      '/',
      '/demo',
      '/api/items?x=%ZZ',
      '/api/passwordlesslogin/abc-DEF_123',
      '/demo/auction-items/a%20b',
    ])
      expect(routedUrl(url)).toBe(url);
  });
  it('sends undecodable paths to the bad-address route', () => {
    for (const url of ['/api/%ZZ', '/demo/%E0%A4%A', '/%', '/api/item/%ZZ?x=1'])
      expect(routedUrl(url)).toBe('/__gavel/bad-url');
  });
  it('sends a segment over the limit to the too-long route, and one at the limit through', () => {
    expect(routedUrl(`/api/passwordlesslogin/${'a'.repeat(MAX_SEGMENT_LENGTH + 1)}`)).toBe('/__gavel/too-long');
    expect(routedUrl(`/api/passwordlesslogin/${'a'.repeat(MAX_SEGMENT_LENGTH)}`)).toBe(
      `/api/passwordlesslogin/${'a'.repeat(MAX_SEGMENT_LENGTH)}`,
    );
  });
  it('never throws, whatever the address', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => typeof routedUrl(`/${s}`) === 'string'),
    );
  });
});

describe('maskSecrets', () => {
  it('hides the secret of every emailed link and hub token', () => {
    const cases: Array<[string, string]> = [
      ['/demo/auth/passwordlessLogin/s3cr3t-_x', '/demo/auth/passwordlessLogin/***'],
      ['/demo/auth/resetPassword/s3cr3t?x=1', '/demo/auth/resetPassword/***?x=1'],
      [
        '/api/passwordlesslogin/s3cr3t?auctioncode=a&eventcode=b',
        '/api/passwordlesslogin/***?auctioncode=a&eventcode=b',
      ],
      ['/demo/verify/s3cr3t', '/demo/verify/***'],
      ['/demo/verify-email/s3cr3t', '/demo/verify-email/***'],
      ['/api/guestregistration/s3cr3t', '/api/guestregistration/***'],
      ['/demo/event/purchaserregistration/s3cr3t', '/demo/event/purchaserregistration/***'],
      [
        '/hubs/auction/?EIO=4&access_token=eyJ.x.y&transport=websocket',
        '/hubs/auction/?EIO=4&access_token=***&transport=websocket',
      ],
    ];
    for (const [url, masked] of cases) expect(maskSecrets(url)).toBe(masked);
  });
  it('keeps addresses without secrets as they are', () => {
    for (const url of ['/demo', '/api/items?eventcode=demo', '/demo/verify-email', '/demo/reset-password'])
      expect(maskSecrets(url)).toBe(url);
  });
});
