import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { placementFailure, placing } from './offline';

const unreachable = () => new ApiError(0, 'failure', 'Something wrong with the token or connection');
/** The app's online state, as the queries (and so the bid screens) see it. */
const online = (value: boolean) => onlineManager.setOnline(value);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

afterEach(() => onlineManager.setOnline(true));

describe('a bid or purchase that could not reach the server', () => {
  it('offline, says plainly it was not placed, never the client’s token words', () => {
    online(false);
    expect(messageOf(placementFailure(unreachable(), 'bid'))).toBe('You’re offline — your bid was not placed.');
    expect(messageOf(placementFailure(unreachable(), 'maximum'))).toBe(
      'You’re offline — your new maximum was not saved.',
    );
    expect(messageOf(placementFailure(unreachable(), 'purchase'))).toBe('You’re offline — your purchase was not made.');
  });

  it('online, says the answer was lost and that confirming again places it only once', () => {
    online(true);
    const words = messageOf(placementFailure(unreachable(), 'bid'));
    expect(words).toMatch(/may not have been placed/);
    expect(words).toMatch(/only once/);
    expect(words).not.toMatch(/token/);
  });

  it('leaves the server’s own refusals as they are', async () => {
    online(false);
    const refusal = new ApiError(
      400,
      'failure',
      'Please adjust the bid amount. The minimum bid for this item is $230.00.',
    );
    expect(placementFailure(refusal, 'bid')).toBe(refusal);
    online(true);
    await expect(placing('bid', () => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(placing('bid', () => Promise.resolve(7))).resolves.toBe(7);
  });

  it('offline, sends nothing at all: the call is never made', async () => {
    online(false);
    let calls = 0;
    const call = () => {
      calls += 1;
      return Promise.resolve(7);
    };
    await expect(placing('bid', call)).rejects.toThrow('You’re offline — your bid was not placed.');
    await expect(placing('purchase', call)).rejects.toThrow('You’re offline — your purchase was not made.');
    expect(calls).toBe(0);
  });
});
