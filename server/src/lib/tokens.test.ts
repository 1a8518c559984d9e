import { describe, expect, it } from 'vitest';
import { LOGIN_TOKEN_DAYS, TokenService } from './tokens';

const claims = {
  userid: 7,
  bidderid: 70,
  email: 'ann@example.org',
  eventcode: 'gala',
  auctioncode: 'demo',
  isguest: false,
};
const DAY = 86_400_000;

describe('login tokens', () => {
  it('verify the same token alike every time, and expire when they expire even once kept', async () => {
    const tokens = new TokenService('s'.repeat(32));
    const now = new Date('2026-12-01T18:00:00Z');
    const token = await tokens.sign(claims, now);
    const first = await tokens.verify(token, now);
    expect(first).toMatchObject({ ok: true, claims: { userid: 7, bidderid: 70, sub: '7' } });
    expect(await tokens.verify(token, new Date(now.getTime() + 1000))).toEqual(first);
    expect(await tokens.verify(token, new Date(now.getTime() + LOGIN_TOKEN_DAYS * DAY + 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuse a token signed with another secret or altered, however often it is sent', async () => {
    const now = new Date('2026-12-01T18:00:00Z');
    const forged = await new TokenService('f'.repeat(32)).sign(claims, now);
    const tokens = new TokenService('s'.repeat(32));
    for (let i = 0; i < 3; i++) expect(await tokens.verify(forged, now)).toEqual({ ok: false, reason: 'invalid' });
    const real = await tokens.sign(claims, now);
    expect((await tokens.verify(real, now)).ok).toBe(true);
    const [head, body, signature] = real.split('.');
    const altered = `${head}.${body}.${signature?.slice(0, -2)}AA`;
    expect(await tokens.verify(altered, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
