import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hubMessage, hubRefusals, isPassingRefusal } from './messages';

describe('hub messages', () => {
  it('sends an itemupdate’s history without any bidder id, whatever the entries held', () => {
    const entry = {
      bidno: 2,
      bidderid: 41,
      biddername: 'Anonymous Bidder',
      biddernumber: null,
      bidtime: '2026-12-05T19:01:00.000Z',
      bidtimecst: '',
      amount: 6_000,
      isauto: true,
    };
    const item = {
      itemid: 7,
      currentbid: 6_000,
      lastbid: 6_000,
      minimumnextbid: 6_500,
      numberofbids: 2,
      closing: '',
      closingcst: '',
      bidstatus: 'biddingopen' as const,
      quantityavailable: 1,
      buyitnowavailable: false,
    };
    const wire = z.encode(hubMessage, {
      type: 'itemupdate',
      item,
      history: [entry],
      eventcode: 'gala',
      auctioncode: 'demo',
    });
    expect(JSON.stringify(wire)).not.toContain('bidderid');
    expect(wire).toMatchObject({
      history: [{ bidno: 2, biddername: 'Anonymous Bidder', biddernumber: null, amount: 60, isauto: true }],
    });
  });

  it('reads mybids: an item and the numbers of the bidder’s own bids on it', () => {
    const parsed = hubMessage.safeParse({
      type: 'mybids',
      itemid: 7,
      bidnos: [3, 2],
      eventcode: 'gala',
      auctioncode: 'demo',
    });
    expect(parsed.success && parsed.data).toEqual({
      type: 'mybids',
      itemid: 7,
      bidnos: [3, 2],
      eventcode: 'gala',
      auctioncode: 'demo',
    });
    expect(
      hubMessage.safeParse({ type: 'mybids', itemid: 7, bidnos: [0], eventcode: 'gala', auctioncode: 'demo' }).success,
    ).toBe(false);
  });

  it('tries again after a refusal that passes with time, not after a bad token', () => {
    expect(
      [hubRefusals.tooManyForToken, hubRefusals.tooManyForAddress, hubRefusals.unavailable].every(isPassingRefusal),
    ).toBe(true);
    expect([hubRefusals.tokenRequired, hubRefusals.tokenExpired, hubRefusals.tokenInvalid].some(isPassingRefusal)).toBe(
      false,
    );
  });
});
