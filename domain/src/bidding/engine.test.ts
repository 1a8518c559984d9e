import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type BidAction, type BidItem, type BidState, emptyBidState, minimumNextBid, placeBid } from './engine';

const item: BidItem = { startingbid: 100_00, minimumbidincrease: 10_00, allowautobid: true };
const A = 1;
const B = 2;

function run(actions: BidAction[], it: BidItem = item) {
  let state: BidState = emptyBidState();
  const history: Array<[number, number]> = [];
  for (const action of actions) {
    const out = placeBid(it, state, action, true);
    if (!out.ok) throw new Error(out.error.message);
    state = out.state;
    history.push(...out.history.map((h) => [h.bidderId, h.amount / 100] as [number, number]));
  }
  return { state, history };
}

describe('the issue examples (starting bid 100, minimum increase 10)', () => {
  const steps: BidAction[] = [
    { kind: 'manual', bidderId: A, amount: 100_00, seq: 1 },
    { kind: 'auto', bidderId: B, max: 200_00, increment: 10_00, seq: 2 },
    { kind: 'manual', bidderId: A, amount: 150_00, seq: 3 },
    { kind: 'auto', bidderId: A, max: 300_00, increment: 20_00, seq: 4 },
  ];
  it('A bids 100: A leads at 100', () => {
    const { state, history } = run(steps.slice(0, 1));
    expect(state).toMatchObject({ leader: A, currentbid: 100_00 });
    expect(history).toEqual([[A, 100]]);
  });
  it('B sets a maximum of 200: B leads at 110', () => {
    const { state, history } = run(steps.slice(0, 2));
    expect(state).toMatchObject({ leader: B, currentbid: 110_00 });
    expect(history.slice(1)).toEqual([[B, 110]]);
  });
  it('A bids 150: history A 150, B 160; B leads at 160', () => {
    const { state, history } = run(steps.slice(0, 3));
    expect(state).toMatchObject({ leader: B, currentbid: 160_00 });
    expect(history.slice(2)).toEqual([
      [A, 150],
      [B, 160],
    ]);
  });
  it('A sets a maximum of 300 by 20: history B 200, A 220; A leads at 220', () => {
    const { state, history } = run(steps);
    expect(state).toMatchObject({ leader: A, currentbid: 220_00 });
    expect(history.slice(4)).toEqual([
      [B, 200],
      [A, 220],
    ]);
  });
});

describe('rules', () => {
  it('the minimum next bid is the starting bid, then current plus the increase', () => {
    expect(minimumNextBid(item, { currentbid: null })).toBe(100_00);
    expect(minimumNextBid(item, { currentbid: 130_00 })).toBe(140_00);
  });
  it('refuses a bid below the minimum with the spec message', () => {
    const out = placeBid(item, emptyBidState(), { kind: 'manual', bidderId: A, amount: 99_00, seq: 1 }, true);
    expect(out).toEqual({
      ok: false,
      error: {
        code: 'below_minimum',
        message: 'Please adjust the bid amount. The minimum bid for this item is $100.00.',
      },
    });
  });
  it('refuses an automatic maximum or increment below the minimum', () => {
    const low = placeBid(
      item,
      emptyBidState(),
      { kind: 'auto', bidderId: A, max: 90_00, increment: 10_00, seq: 1 },
      true,
    );
    expect(low.ok || low.error.message).toBe('Maximum bid price must be at least $100.00');
    const inc = placeBid(
      item,
      emptyBidState(),
      { kind: 'auto', bidderId: A, max: 200_00, increment: 5_00, seq: 1 },
      true,
    );
    expect(inc.ok || inc.error.message).toBe('Desired bid increment must be at least $10.00');
  });
  it('a tie goes to the earlier maximum at the tied amount', () => {
    const { state, history } = run([
      { kind: 'auto', bidderId: A, max: 200_00, increment: 10_00, seq: 1 },
      { kind: 'auto', bidderId: B, max: 200_00, increment: 10_00, seq: 2 },
    ]);
    expect(state).toMatchObject({ leader: A, currentbid: 200_00 });
    expect(history).toEqual([
      [A, 100],
      [B, 200],
      [A, 200],
    ]);
  });
  it('a standing leader raising the maximum does not move the price', () => {
    const { state, history } = run([
      { kind: 'auto', bidderId: A, max: 200_00, increment: 10_00, seq: 1 },
      { kind: 'auto', bidderId: A, max: 500_00, increment: 10_00, seq: 2 },
    ]);
    expect(state).toMatchObject({ leader: A, currentbid: 100_00 });
    expect(history).toEqual([[A, 100]]);
  });
  it('a leader may not bid against themselves, nor lower their maximum', () => {
    const { state } = run([{ kind: 'auto', bidderId: A, max: 200_00, increment: 10_00, seq: 1 }]);
    const manual = placeBid(item, state, { kind: 'manual', bidderId: A, amount: 150_00, seq: 2 }, true);
    expect(manual.ok).toBe(false);
    const lower = placeBid(item, state, { kind: 'auto', bidderId: A, max: 150_00, increment: 10_00, seq: 2 }, true);
    expect(lower.ok || lower.error.message).toBe(
      'Please adjust the max bid amount. The minimum bid for this item is $200.00.',
    );
  });
  it('refuses everything once bidding is closed, and automatic bids where not allowed', () => {
    expect(placeBid(item, emptyBidState(), { kind: 'manual', bidderId: A, amount: 100_00, seq: 1 }, false).ok).toBe(
      false,
    );
    const noAuto = placeBid(
      { ...item, allowautobid: false },
      emptyBidState(),
      { kind: 'auto', bidderId: A, max: 200_00, increment: 10_00, seq: 1 },
      true,
    );
    expect(noAuto.ok).toBe(false);
  });
});

const actionArb = (bidders: number) =>
  fc.record({
    auto: fc.boolean(),
    bidderId: fc.integer({ min: 1, max: bidders }),
    steps: fc.integer({ min: 0, max: 40 }),
    extra: fc.integer({ min: 0, max: 30 }),
    incSteps: fc.integer({ min: 0, max: 3 }),
  });

describe('properties over random bid sequences', () => {
  it('price never falls, leader holds the highest maximum, nobody pays above their maximum, every accepted bid met the minimum, history only grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }).map((d) => d * 100),
        fc.integer({ min: 1, max: 50 }).map((d) => d * 100),
        fc.array(actionArb(5), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (startingbid, minimumbidincrease, raw, allowautobid) => {
          const it: BidItem = { startingbid, minimumbidincrease, allowautobid };
          let state = emptyBidState();
          raw.forEach((r, seq) => {
            const min = minimumNextBid(it, state);
            const amount = min + r.steps * minimumbidincrease - (r.extra === 0 ? minimumbidincrease : 0);
            const action: BidAction = r.auto
              ? {
                  kind: 'auto',
                  bidderId: r.bidderId,
                  max: amount + r.extra * 100,
                  increment: minimumbidincrease * (1 + r.incSteps),
                  seq,
                }
              : { kind: 'manual', bidderId: r.bidderId, amount, seq };
            const out = placeBid(it, state, action, true);
            if (!out.ok) {
              if (action.kind === 'manual' && state.leader !== action.bidderId) expect(action.amount).toBeLessThan(min);
              return;
            }
            const before = state.currentbid ?? 0;
            const next = out.state;
            expect(next.currentbid ?? 0).toBeGreaterThanOrEqual(before);
            const top = [...next.maxima].sort((a, b) => b.max - a.max || a.seq - b.seq)[0];
            expect(next.leader).toBe(top?.bidderId);
            for (const h of out.history) {
              const m = next.maxima.find((x) => x.bidderId === h.bidderId);
              expect(h.amount).toBeLessThanOrEqual(m?.max ?? 0);
            }
            expect(next.currentbid ?? 0).toBeLessThanOrEqual(top?.max ?? 0);
            if (action.kind === 'manual') expect(action.amount).toBeGreaterThanOrEqual(min);
            if (out.history.length > 0) expect(next.currentbid ?? 0).toBeGreaterThanOrEqual(min);
            // Every accepted bid from someone other than the leader adds to the history.
            if (state.leader !== action.bidderId) expect(out.history.length).toBeGreaterThan(0);
            state = next;
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('nothing is accepted after close', () => {
    fc.assert(
      fc.property(actionArb(3), (r) => {
        const action: BidAction = r.auto
          ? { kind: 'auto', bidderId: r.bidderId, max: 1e6, increment: 1e3, seq: 1 }
          : { kind: 'manual', bidderId: r.bidderId, amount: 1e6, seq: 1 };
        expect(placeBid(item, emptyBidState(), action, false).ok).toBe(false);
      }),
    );
  });
});
