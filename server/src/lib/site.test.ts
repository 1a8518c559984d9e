import { describe, expect, it } from 'vitest';
import { createSite, publicUrlProblem } from './site';

describe('without PUBLIC_URL (development)', () => {
  const site = createSite({ publicUrl: undefined, defaultAuctionCode: 'demo', port: 8080 });
  const cases: Array<[string | undefined, string | undefined]> = [
    [undefined, undefined],
    ['', undefined],
    ['localhost', 'demo'],
    ['localhost:8080', 'demo'],
    ['LOCALHOST', 'demo'],
    ['127.0.0.1:8080', 'demo'],
    ['10.1.2.3:443', 'demo'],
    ['[::1]:8080', 'demo'],
    ['[2001:db8::1]:443', 'demo'],
    ['acme.localhost:8080', 'acme'],
    ['ACME.localhost', 'acme'],
    ['a.b.localhost', undefined],
    ['gavel', undefined],
    ['acme.gavel.org', undefined],
    ['demo.attacker.example', undefined],
  ];
  it.each(cases)('%s -> %s', (host, expected) => expect(site.auctionCodeOf(host)).toBe(expected));

  it('links to localhost for the default organization and to a name under localhost for the others', () => {
    expect(site.originOf('demo')).toBe('http://localhost:8080');
    expect(site.originOf('Riverbend')).toBe('http://riverbend.localhost:8080');
  });
});

describe('one address', () => {
  const site = createSite({ publicUrl: 'https://auction.riverbend.org', defaultAuctionCode: 'riverbend', port: 8080 });
  it('serves the default organization at that address (and on this machine) only', () => {
    expect(site.auctionCodeOf('auction.riverbend.org')).toBe('riverbend');
    expect(site.auctionCodeOf('AUCTION.riverbend.org:443')).toBe('riverbend');
    expect(site.auctionCodeOf('localhost:8080')).toBe('riverbend');
    expect(site.auctionCodeOf('127.0.0.1')).toBe('riverbend');
    expect(site.auctionCodeOf('demo.attacker.example')).toBeUndefined();
    expect(site.auctionCodeOf('riverbend.org')).toBeUndefined();
    expect(site.auctionCodeOf('10.0.0.5')).toBeUndefined();
  });
  it('links to that address', () => expect(site.originOf('riverbend')).toBe('https://auction.riverbend.org'));
});

describe('one name per organization', () => {
  const site = createSite({ publicUrl: 'https://{auctioncode}.gavel.example', defaultAuctionCode: 'demo', port: 8080 });
  it('takes the organization from the first label under the domain', () => {
    expect(site.auctionCodeOf('riverbend.gavel.example')).toBe('riverbend');
    expect(site.auctionCodeOf('Riverbend.GAVEL.example.:443')).toBe('riverbend');
    expect(site.auctionCodeOf('localhost')).toBe('demo');
    expect(site.auctionCodeOf('gavel.example')).toBeUndefined();
    expect(site.auctionCodeOf('a.b.gavel.example')).toBeUndefined();
    expect(site.auctionCodeOf('riverbend.gavel.example.attacker.example')).toBeUndefined();
    expect(site.auctionCodeOf('riverbendgavel.example')).toBeUndefined();
  });
  it('links to the organization by its name', () => {
    expect(site.originOf('riverbend')).toBe('https://riverbend.gavel.example');
    const withPort = createSite({
      publicUrl: 'http://{auctioncode}.localhost:9000',
      defaultAuctionCode: 'demo',
      port: 8080,
    });
    expect(withPort.originOf('acme')).toBe('http://acme.localhost:9000');
    expect(withPort.auctionCodeOf('acme.localhost:9000')).toBe('acme');
  });
});

describe('publicUrlProblem', () => {
  it.each([
    ['https://auction.example.org', undefined],
    ['https://{auctioncode}.gavel.example', undefined],
    ['http://{auctioncode}.localhost:8080', undefined],
    ['auction.example.org', /absolute URL/],
    ['ftp://auction.example.org', /https/],
    ['https://auction.example.org/gala', /path/],
    ['https://user:pw@auction.example.org', /only a scheme/],
    ['https://gavel.{auctioncode}.example', /first label/],
    ['https://{auctioncode}', /first label/],
    ['https://{auctioncode}.{auctioncode}.example', /once/],
  ])('%s', (url, expected) => {
    const problem = publicUrlProblem(url);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });
});
