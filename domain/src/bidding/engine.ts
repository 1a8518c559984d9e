import type { Cents } from '../money';
import { BID_CAP, bidMessages } from '../items/rules';

/**
 * The bidding engine: pure functions over one item's bidding state, the reference for every bid.
 * The server's database applies the same rules in the one call that locks the item and writes the
 * bid (`gavel_place_bid`, server/drizzle/0018_bid_function.sql), so the lock is held for one round
 * trip; server/src/features/bids/engine-sql.test.ts runs random bids through both and compares.
 *
 * Every bidder has at most one standing maximum: a manual bid counts as a maximum equal to itself,
 * an automatic bid is a secret maximum with the bidder's own increment. The leader is the highest
 * maximum, the earlier one on a tie.
 */

export interface BidItem {
  startingbid: Cents;
  minimumbidincrease: Cents;
  allowautobid: boolean;
}

export interface Maximum {
  bidderId: number;
  max: Cents;
  /** The bidder's own increment; for a manual bid, the item's minimum increase. */
  increment: Cents;
  isAuto: boolean;
  /** When this maximum was set (a sequence number or epoch ms): earlier wins a tie. */
  seq: number;
}

export interface BidState {
  currentbid: Cents | null;
  leader: number | null;
  maxima: Maximum[];
}

export type BidAction =
  | { kind: 'manual'; bidderId: number; amount: Cents; seq: number }
  | { kind: 'auto'; bidderId: number; max: Cents; increment: Cents; seq: number };

export interface HistoryEntry {
  bidderId: number;
  amount: Cents;
  isAuto: boolean;
}

export type BidErrorCode =
  | 'closed'
  | 'below_minimum'
  | 'max_below_minimum'
  | 'increment_below_minimum'
  | 'above_cap'
  | 'already_leading'
  | 'auto_not_allowed'
  | 'max_below_current_max';

export interface BidError {
  code: BidErrorCode;
  message: string;
}

export type BidOutcome = { ok: true; state: BidState; history: HistoryEntry[] } | { ok: false; error: BidError };

export const emptyBidState = (): BidState => ({ currentbid: null, leader: null, maxima: [] });

/** The least a new bid may be: the starting bid when there are no bids, else current plus the minimum increase. */
export function minimumNextBid(item: BidItem, state: Pick<BidState, 'currentbid'>): Cents {
  return state.currentbid === null ? item.startingbid : state.currentbid + item.minimumbidincrease;
}

const fail = (code: BidErrorCode, message: string): BidOutcome => ({ ok: false, error: { code, message } });

const bidErrorMessages: Record<BidErrorCode, (figure: Cents) => string> = {
  closed: () => 'Bidding is closed for this item.',
  below_minimum: (min) => bidMessages.belowMinimum(min),
  max_below_minimum: (min) => bidMessages.maxBelowMinimum(min),
  increment_below_minimum: (min) => bidMessages.incrementBelowMinimum(min),
  above_cap: () => bidMessages.aboveCap(),
  already_leading: () => 'You are already the high bidder.',
  auto_not_allowed: () => 'Automatic bidding is not available for this item.',
  max_below_current_max: (floor) => bidMessages.maxBelowCurrentMax(floor),
};

/**
 * A refusal in the spec's words, with the amount it names where it names one (the minimum, the
 * least increment, the maximum that stands). One wording for the engine here and for the server,
 * whose database applies these rules in the same call that writes the bid (a refusal comes back
 * from it as its code and amount).
 */
export function bidErrorOf(code: BidErrorCode, figure: Cents): BidError {
  return { code, message: bidErrorMessages[code](figure) };
}

/** Highest maximum first; on equal maxima the earlier one first. */
function rank(a: Maximum, b: Maximum): number {
  return b.max - a.max || a.seq - b.seq;
}

/** Checks an action against the rules; null when it may be applied. */
export function checkBid(item: BidItem, state: BidState, action: BidAction, biddingOpen: boolean): BidError | null {
  if (!biddingOpen) return bidErrorOf('closed', 0);
  const min = minimumNextBid(item, state);
  const mine = state.maxima.find((m) => m.bidderId === action.bidderId);
  const leading = state.leader === action.bidderId;
  if (action.kind === 'manual') {
    if (leading) return bidErrorOf('already_leading', 0);
    if (action.amount > BID_CAP) return bidErrorOf('above_cap', BID_CAP);
    if (action.amount < min) return bidErrorOf('below_minimum', min);
    return null;
  }
  if (!item.allowautobid) return bidErrorOf('auto_not_allowed', 0);
  if (action.max > BID_CAP) return bidErrorOf('above_cap', BID_CAP);
  if (action.increment < item.minimumbidincrease) return bidErrorOf('increment_below_minimum', item.minimumbidincrease);
  if (leading && mine) {
    // Raising one's own maximum: it may not go below what already stands.
    const floor = Math.max(mine.max, state.currentbid ?? 0);
    if (action.max < floor) return bidErrorOf('max_below_current_max', floor);
    return null;
  }
  if (action.max < min) return bidErrorOf('max_below_minimum', min);
  return null;
}

/** Applies one bid, automatic bid or change of maximum. */
export function placeBid(item: BidItem, state: BidState, action: BidAction, biddingOpen: boolean): BidOutcome {
  const error = checkBid(item, state, action, biddingOpen);
  if (error) return { ok: false, error };

  const previousPrice = state.currentbid;
  const minBefore = minimumNextBid(item, state);
  const challengerMax: Maximum =
    action.kind === 'manual'
      ? {
          bidderId: action.bidderId,
          max: action.amount,
          increment: item.minimumbidincrease,
          isAuto: false,
          seq: action.seq,
        }
      : { bidderId: action.bidderId, max: action.max, increment: action.increment, isAuto: true, seq: action.seq };

  // A standing leader changing their own maximum: the price does not move.
  if (state.leader === action.bidderId) {
    const maxima = state.maxima.map((m) =>
      m.bidderId === action.bidderId ? { ...challengerMax, seq: m.max === challengerMax.max ? m.seq : action.seq } : m,
    );
    return { ok: true, state: { ...state, maxima }, history: [] };
  }

  const maxima = [...state.maxima.filter((m) => m.bidderId !== action.bidderId), challengerMax].sort(rank);
  const leader = maxima[0];
  if (!leader) return fail('closed', 'No bid to apply.');
  const runnerUp = maxima[1];
  const history: HistoryEntry[] = [];
  const challengerLeads = leader.bidderId === action.bidderId;

  let price: Cents;
  if (action.kind === 'manual' && challengerLeads) price = action.amount;
  else if (!runnerUp) price = minBefore;
  else if (runnerUp.max === leader.max) price = leader.max;
  else price = Math.max(minBefore, Math.min(leader.max, runnerUp.max + leader.increment));
  price = Math.min(price, leader.max);

  if (challengerLeads && runnerUp && runnerUp.isAuto && runnerUp.max > (previousPrice ?? 0)) {
    // The former leader's automatic bids rose to their maximum before the challenger passed it.
    history.push({ bidderId: runnerUp.bidderId, amount: runnerUp.max, isAuto: true });
  }
  if (action.kind === 'manual') {
    history.push({ bidderId: action.bidderId, amount: action.amount, isAuto: false });
  } else if (!challengerLeads) {
    // The leader's automatic bids answer the challenger all the way to the challenger's maximum.
    history.push({ bidderId: action.bidderId, amount: action.max, isAuto: true });
  }
  const lastRecorded = history[history.length - 1];
  if (!(lastRecorded && lastRecorded.bidderId === leader.bidderId && lastRecorded.amount === price))
    history.push({ bidderId: leader.bidderId, amount: price, isAuto: leader.isAuto });

  return { ok: true, state: { currentbid: price, leader: leader.bidderId, maxima }, history };
}
