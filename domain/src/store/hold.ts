import { formatClock } from '../time';
import { renewedHoldEnd } from './rules';

/**
 * What the store page says of a cart's hold, decided in one place (issue 26, item 11): nothing
 * counts down for an empty cart; a cart with items counts down; two minutes before the hold ends
 * the buyer is warned, with one tap to keep the cart while its lifetime allows a real renewal, or
 * told plainly when it will be let go; once the hold has ended the cart was let go.
 */

/** The buyer is warned this long before the hold ends. */
export const HOLD_WARNING_MS = 2 * 60_000;
/**
 * A renewal is offered only when it would add at least this much: one that adds a few seconds would
 * only bring the warning straight back, so such a cart is told its end instead.
 */
export const MIN_RENEWAL_GAIN_MS = 30_000;

const WARN_LEAD = 'Your cart will be let go in';

export const holdMessages = {
  warnTitle: 'Still shopping?',
  warnLeftLead: WARN_LEAD,
  warnLeft: (left: string) => `${WARN_LEAD} ${left}.`,
  keep: 'Keep my cart',
  keeping: 'Keeping…',
  keepLatest: (time: string) => `It can be kept until ${time} at the latest.`,
  finalTitle: 'Almost out of time',
  finalAt: (time: string) =>
    `Your cart will be let go at ${time} and cannot be extended. Please check out before then.`,
  goToCart: 'Go to Cart',
  letGoTitle: 'Your cart was let go',
  letGoText: 'Its hold ended, so its items went back on sale. Start again to choose them anew.',
  startAgain: 'Start a new cart',
  kept: 'Your cart is kept.',
  // The renewal's refusals (PUT /storecart/renew).
  nothingHeld: 'Your cart is empty: there is nothing to keep.',
  cannotExtend: 'Your cart has been kept as long as it can be. Please check out before its time runs out.',
} as const;

/** What a page knows of a cart's hold at one moment. */
export interface HoldInput {
  /** Units the cart holds. */
  units: number;
  /** The cart is checked out (or its Registration tab is open): its hold no longer matters. */
  settled: boolean;
  /** When the hold ends (the cart token's exp), or null once the page has no token for it. */
  expires: Date | null;
  /** The latest a renewal can take the hold to, or null when not known (before the first item). */
  maxexpires: Date | null;
  /** Now, by the server's clock. */
  now: Date;
}

export type HoldState =
  /** Nothing counts down: an empty cart keeps nothing from anyone, a settled one is bought. */
  | { kind: 'none' }
  /** Counting down, no warning yet. */
  | { kind: 'holding'; left: number }
  /** Within the warning: one tap renews the hold, up to `latest`. */
  | { kind: 'renewable'; left: number; latest: Date }
  /** Within the warning, and no renewal would help: the cart is let go at `endsAt`. */
  | { kind: 'final'; left: number; endsAt: Date }
  /** The hold has ended with items in the cart. */
  | { kind: 'letgo' };

/** The hold's state for the page: none, holding, renewable, final or let go. */
export function cartHold({ units, settled, expires, maxexpires, now }: HoldInput): HoldState {
  if (settled || units <= 0) return { kind: 'none' };
  if (!expires) return { kind: 'letgo' };
  const left = expires.getTime() - now.getTime();
  if (left <= 0) return { kind: 'letgo' };
  if (left > HOLD_WARNING_MS) return { kind: 'holding', left };
  if (maxexpires && maxexpires.getTime() - expires.getTime() >= MIN_RENEWAL_GAIN_MS)
    return { kind: 'renewable', left, latest: maxexpires };
  return { kind: 'final', left, endsAt: expires };
}

/** Time left as the warning says it: '1m 45s', '45s' (whole seconds, rounded up, as the countdown's). */
export function holdLeftText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
}

/** The warning's lines, with times in the phone's own zone (or the one given). */
export function holdWarning(state: HoldState, timeZone?: string): { title: string; text: string; note: string } | null {
  if (state.kind === 'renewable')
    return {
      title: holdMessages.warnTitle,
      text: holdMessages.warnLeft(holdLeftText(state.left)),
      note: holdMessages.keepLatest(formatClock(state.latest, timeZone)),
    };
  if (state.kind === 'final')
    return {
      title: holdMessages.finalTitle,
      text: holdMessages.finalAt(formatClock(state.endsAt, timeZone)),
      note: '',
    };
  return null;
}

/**
 * The end a renewal asked for at `now` gives ("Keep my cart"), or null when it would not end the
 * hold any later (the cart's lifetime is spent): the server refuses such a renewal.
 */
export function keptHoldEnd(now: Date, holdMinutes: number, firstItemAt: Date, currentEnd: Date): Date | null {
  const end = renewedHoldEnd(now, holdMinutes, firstItemAt);
  return end > currentEnd ? end : null;
}
