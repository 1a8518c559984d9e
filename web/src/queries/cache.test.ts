import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { BidHistoryEntry, LiveHistoryEntry } from '@gavel/domain';
import { markMine, prependHistory } from './cache';
import { keys } from './keys';

const entry = (bidno: number, amount: number, biddername = 'Anonymous Bidder'): LiveHistoryEntry => ({
  bidno,
  biddername,
  biddernumber: null,
  bidtime: '2026-12-05T19:01:00.000Z',
  bidtimecst: '',
  amount,
  isauto: false,
});
/** An entry of the bid history's answer: the server marked the caller's own. */
const answered = (amount: number, mine: boolean): BidHistoryEntry => ({
  biddername: 'Ann T.',
  bidtime: '2026-12-05T19:00:00.000Z',
  bidtimecst: '',
  amount,
  isauto: false,
  mine,
});

const history = (client: QueryClient) =>
  client.getQueryData<BidHistoryEntry[]>(keys.history('gala', 1))?.map((e) => [e.amount, e.mine]);

describe('live history in the cache', () => {
  it('adds an itemupdate’s bids as nobody’s, then marks those mybids names as the viewer’s own', () => {
    const client = new QueryClient();
    client.setQueryData(keys.history('gala', 1), [answered(5_000, true)]);
    prependHistory(client, 'gala', 1, [entry(3, 6_500), entry(2, 6_000)]);
    expect(history(client)).toEqual([
      [6_500, false],
      [6_000, false],
      [5_000, true],
    ]);
    markMine(client, 'gala', 1, [3]);
    expect(history(client)).toEqual([
      [6_500, true],
      [6_000, false],
      [5_000, true],
    ]);
    // Another item's numbers mark nothing here.
    markMine(client, 'gala', 2, [2]);
    expect(history(client)?.[1]).toEqual([6_000, false]);
  });

  it('leaves a history not loaded yet alone (its answer will mark the caller’s own)', () => {
    const client = new QueryClient();
    prependHistory(client, 'gala', 1, [entry(1, 5_000)]);
    markMine(client, 'gala', 1, [1]);
    expect(client.getQueryData(keys.history('gala', 1))).toBeUndefined();
  });

  it('fetches again a history whose answer is on its way, rather than let that older answer drop the new bid', async () => {
    const client = new QueryClient();
    const answers = [[] as BidHistoryEntry[], [answered(6_000, false)]];
    const release: Array<() => void> = [];
    let calls = 0;
    // The item page watching the history: its first read goes out before the bid.
    const page = new QueryObserver(client, {
      queryKey: keys.history('gala', 1),
      queryFn: () => {
        const answer = answers[calls++] ?? [];
        return new Promise<BidHistoryEntry[]>((resolve) => release.push(() => resolve(answer)));
      },
    });
    const stop = page.subscribe(() => undefined);
    // The bid arrives live while that read is still out; then every answer comes back.
    prependHistory(client, 'gala', 1, [entry(1, 6_000)]);
    await vi.waitFor(() => expect(calls).toBe(2));
    for (const r of release.splice(0)) r();
    await vi.waitFor(() => expect(history(client)).toEqual([[6_000, false]]));
    stop();
  });
});
