import { describe, expect, it } from 'vitest';
import { e164Of } from '@gavel/domain';
import { fakePace } from '../test/fake-twilio-kit';
import { accountChoice, type TextSettingsRow } from './accounts';
import { MAX_TEXT_ATTEMPTS, retryDelayMs } from './delivery';
import { RateLimiter } from './limiter';
import { keywordOf } from './optouts';

const server = {
  accountsid: `AC${'1'.repeat(32)}`,
  authtoken: 'a'.repeat(32),
  fromnumber: '+13125550000',
  messagingservicesid: '',
};
const row = (over: Partial<TextSettingsRow>): TextSettingsRow => ({
  organizationId: 1,
  provider: 'twilio',
  accountsid: `AC${'2'.repeat(32)}`,
  authtoken: 'b'.repeat(32),
  fromnumber: '',
  messagingservicesid: `MG${'3'.repeat(32)}`,
  helpcontact: '',
  updatedAt: new Date(0),
  ...over,
});

describe('the rate limiter', () => {
  it('spaces takes evenly: never more than the rate in any second, and no burst after a quiet spell', async () => {
    const pace = fakePace();
    const limiter = new RateLimiter(4, pace);
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.take();
      times.push(pace.now());
    }
    expect(times).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750]);
    await pace.wait(10_000);
    const quiet = pace.now();
    await limiter.take();
    await limiter.take();
    expect(pace.now() - quiet).toBe(250);
  });
});

describe('keywords', () => {
  it('knows the standard words in any case, with spaces and a final stop', () => {
    for (const word of ['STOP', 'stopall', ' Unsubscribe ', 'cancel', 'End.', 'QUIT!'])
      expect(keywordOf(word)?.kind, word).toBe('stop');
    for (const word of ['start', 'YES', 'Unstop']) expect(keywordOf(word)?.kind, word).toBe('start');
    for (const word of ['help', 'INFO']) expect(keywordOf(word)?.kind, word).toBe('help');
    for (const text of ['please stop', 'STOP IT', '', 'Thanks!']) expect(keywordOf(text), text).toBeUndefined();
    expect(keywordOf(' stop. ')).toEqual({ kind: 'stop', word: 'STOP' });
  });
});

describe('numbers', () => {
  it('writes US numbers as bidders type them in E.164, keeps international ones, and refuses the rest', () => {
    expect(e164Of('(312) 555-0199')).toBe('+13125550199');
    expect(e164Of('1-312-555-0199')).toBe('+13125550199');
    expect(e164Of('+44 20 7946 0958')).toBe('+442079460958');
    for (const bad of ['', '555-0199', 'call me', '+0123456789', '+1234567890123456'])
      expect(e164Of(bad), bad).toBeNull();
  });
});

describe('which account sends', () => {
  it('the organization’s own when whole, else the server’s, else none', () => {
    expect(accountChoice(row({}), server)).toMatchObject({
      source: 'organization',
      account: { accountsid: `AC${'2'.repeat(32)}` },
    });
    expect(accountChoice(row({ authtoken: '' }), server)).toEqual({ source: 'environment', account: server });
    expect(accountChoice(row({ accountsid: '' }), undefined)).toEqual({ source: 'none', account: undefined });
    expect(accountChoice(undefined, undefined)).toEqual({ source: 'none', account: undefined });
  });
});

describe('retries', () => {
  it('wait twice as long after each failure, at most 15 minutes, for a limited number of tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([15, 30, 60, 120, 240, 480, 900].map((s) => s * 1000));
    expect(MAX_TEXT_ATTEMPTS).toBe(8);
  });
});
