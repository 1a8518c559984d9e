import { describe, expect, it } from 'vitest';
import { checkinCode, readCheckinSearch } from './console-checkin';

describe('readCheckinSearch', () => {
  it('reads a check-in code, a store order number, text, and nothing', () => {
    expect(readCheckinSearch(` ${checkinCode(42)} `)).toEqual({ kind: 'number', number: 42 });
    expect(readCheckinSearch('GAVEL-BIDDER:7')).toEqual({ kind: 'number', number: 7 });
    expect(readCheckinSearch('S-12')).toEqual({ kind: 'order', orderid: 12 });
    expect(readCheckinSearch('s-3')).toEqual({ kind: 'order', orderid: 3 });
    expect(readCheckinSearch('')).toEqual({ kind: 'all' });
    expect(readCheckinSearch('ann lee')).toEqual({ kind: 'text', text: 'ann lee' });
    expect(readCheckinSearch('101')).toEqual({ kind: 'text', text: '101' });
  });

  it('reads a number past what a row id may be as text', () => {
    expect(readCheckinSearch('gavel-bidder:9999999999')).toEqual({ kind: 'text', text: 'gavel-bidder:9999999999' });
    expect(readCheckinSearch('S-0')).toEqual({ kind: 'text', text: 'S-0' });
  });
});
