import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { eventAddressLines } from './import-address';

const dev = { publicUrl: undefined, defaultAuctionCode: 'demo' };

describe('where npm run import says the imported event lives', () => {
  it('on this machine: the organization under localhost, on the port', () => {
    expect(eventAddressLines(dev, 8080, 'riverbend', 'gala2026')).toEqual([
      '  Bidder app:     http://riverbend.localhost:8080/gala2026',
      '  Event store:    http://riverbend.localhost:8080/gala2026/event',
      '  Display board:  http://riverbend.localhost:8080/gala2026/list',
    ]);
  });

  it('the default organization is localhost itself; codes are shown as they are stored, in lowercase', () => {
    expect(eventAddressLines(dev, 4321, 'Demo', 'Spring-Gala')[0]).toBe(
      '  Bidder app:     http://localhost:4321/spring-gala',
    );
  });

  it('with one address per organization, PUBLIC_URL names it', () => {
    const lines = eventAddressLines(
      { publicUrl: 'https://{auctioncode}.gavel.example', defaultAuctionCode: 'demo' },
      8080,
      'riverbend',
      'gala',
    );
    expect(lines).toEqual([
      '  Bidder app:     https://riverbend.gavel.example/gala',
      '  Event store:    https://riverbend.gavel.example/gala/event',
      '  Display board:  https://riverbend.gavel.example/gala/list',
    ]);
  });

  it('with one address, the default organization is there', () => {
    const lines = eventAddressLines(
      { publicUrl: 'https://auction.riverbend.org', defaultAuctionCode: 'riverbend' },
      8080,
      'riverbend',
      'gala',
    );
    expect(lines).toEqual([
      '  Bidder app:     https://auction.riverbend.org/gala',
      '  Event store:    https://auction.riverbend.org/gala/event',
      '  Display board:  https://auction.riverbend.org/gala/list',
    ]);
  });

  it('with one address, another organization is not served there, and the lines say what to set', () => {
    const lines = eventAddressLines(
      { publicUrl: 'https://auction.riverbend.org', defaultAuctionCode: 'riverbend' },
      8080,
      'lakeside',
      'gala',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(
      "  Note: https://auction.riverbend.org serves the organization 'riverbend', not 'lakeside'. Set DEFAULT_AUCTION_CODE=lakeside, or PUBLIC_URL with {auctioncode} (https://{auctioncode}.gavel.example) for one address per organization.",
    );
  });

  describe('the port comes from the configuration', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'gavel-import-address-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it("PORT when set, else the server's default (8080)", () => {
      const given = loadConfig({ DATA_DIR: dataDir, PORT: '5123' });
      expect(eventAddressLines(given, given.port, 'riverbend', 'gala')[0]).toBe(
        '  Bidder app:     http://riverbend.localhost:5123/gala',
      );
      const unset = loadConfig({ DATA_DIR: dataDir });
      expect(eventAddressLines(unset, unset.port, 'riverbend', 'gala')[0]).toBe(
        '  Bidder app:     http://riverbend.localhost:8080/gala',
      );
    });
  });
});
