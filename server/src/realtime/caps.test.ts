import { describe, expect, it } from 'vitest';
import { hubRefusals } from '@gavel/domain';
import { clientAddress, LiveSockets } from './caps';

describe('LiveSockets', () => {
  it('admits up to each cap, refuses past it, and counts a socket out once however often it ends', () => {
    const sockets = new LiveSockets({ perToken: 2, perAddress: 3 });
    const a = sockets.admit('t1', '10.0.0.1');
    const b = sockets.admit('t1', '10.0.0.1');
    expect(sockets.admit('t1', '10.0.0.1')).toEqual({ ok: false, refusal: hubRefusals.tooManyForToken });
    expect(sockets.admit('t2', '10.0.0.1').ok).toBe(true);
    expect(sockets.admit('t3', '10.0.0.1')).toEqual({ ok: false, refusal: hubRefusals.tooManyForAddress });
    expect(sockets.admit('t3', '10.0.0.2').ok).toBe(true);
    if (!a.ok || !b.ok) throw new Error('not admitted');
    a.release();
    a.release();
    expect(sockets.count({ token: 't1' })).toBe(1);
    expect(sockets.count({ address: '10.0.0.1' })).toBe(2);
    b.release();
    expect(sockets.count({ token: 't1' })).toBe(0);
    expect(sockets.admit('t1', '10.0.0.1').ok).toBe(true);
  });
});

describe('clientAddress', () => {
  const handshake = (forwarded?: string | string[]) => ({
    address: '::ffff:127.0.0.1',
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });

  it('takes the first X-Forwarded-For entry only behind a trusted proxy, as request.ip does', () => {
    expect(clientAddress(handshake('203.0.113.7, 10.0.0.2'), true)).toBe('203.0.113.7');
    expect(clientAddress(handshake(['198.51.100.9', '10.0.0.2']), true)).toBe('198.51.100.9');
    expect(clientAddress(handshake(), true)).toBe('::ffff:127.0.0.1');
    expect(clientAddress(handshake(' '), true)).toBe('::ffff:127.0.0.1');
    expect(clientAddress(handshake('203.0.113.7'), false)).toBe('::ffff:127.0.0.1');
  });
});
