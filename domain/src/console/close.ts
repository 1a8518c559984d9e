import { formatMinutesSeconds, formatTimeLeft, formatTimeWithZone } from '../time';

/**
 * The close on auction night (the console's close panel): which items an action takes, how far
 * an extension may go, and when a closed item may still be reopened. The server refuses by these
 * rules and the screen offers only what they allow.
 */

/** An extension is whole minutes, at least one and at most four hours. */
export const EXTEND_MINUTES = { min: 1, max: 240 } as const;

/** A reopened item's new close is this many minutes away unless the owner says otherwise. */
export const REOPEN_DEFAULT_MINUTES = 10;

/** An item closed by mistake may be reopened this long after it closed, and no later. */
export const REOPEN_WINDOW_MINUTES = 30;

/** How far back the panel counts bids for its bids-per-minute figure. */
export const BIDS_RATE_MINUTES = 10;

export const CLOSE_SCOPES = ['all', 'location', 'item'] as const;
export type CloseScope = (typeof CLOSE_SCOPES)[number];

/** What a close or an extension takes: every item, the items at a location, or one item. */
export type CloseTarget =
  { scope: 'all' } | { scope: 'location'; location: string } | { scope: 'item'; itemnum: string };

/** A location as people read it: the items without one are 'No location'. */
export function locationLabel(location: string): string {
  return location === '' ? 'No location' : location;
}

/** The target in words, inside a sentence: 'every item', 'the items at Table 1', 'item 101'. */
export function targetWords(target: CloseTarget): string {
  if (target.scope === 'all') return 'every item';
  if (target.scope === 'item') return `item ${target.itemnum}`;
  return target.location === '' ? 'the items without a location' : `the items at ${target.location}`;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** '1 item', '3 items'. */
export const itemCount = (n: number): string => plural(n, 'item');

/** The whole of a target, for a sentence about all its items: 'every item at Table 1'. */
export function everyItemWords(target: CloseTarget): string {
  if (target.scope === 'item') return targetWords(target);
  if (target.scope === 'all') return 'every item';
  return target.location === '' ? 'every item without a location' : `every item at ${target.location}`;
}

/**
 * The question the screen asks before closing: it names what closes and how many, and what
 * closing does, so nobody closes a room by a slip of the finger.
 */
export function closeQuestion(target: CloseTarget, open: number): string {
  if (target.scope === 'item') return `Close ${targetWords(target)} now? Its leader wins it at the current bid.`;
  return `Close ${targetWords(target)} now: ${plural(open, 'open item')}? Bidding on them ends at once and each leader wins.`;
}

/** The question before an extension, naming what moves and how many. */
export function extendQuestion(target: CloseTarget, open: number, minutes: number): string {
  const what = target.scope === 'item' ? targetWords(target) : `${targetWords(target)} (${plural(open, 'open item')})`;
  return `Extend ${what} by ${plural(minutes, 'minute')}? Phones and the board show the new time at once.`;
}

/** The question before reopening an item: what happens to its win and when it closes again. */
export function reopenQuestion(
  item: { itemnum: string; name: string; leader: { name: string; biddernumber: number } | null },
  minutes: number,
): string {
  const win = item.leader
    ? ` ${item.leader.name} (#${item.leader.biddernumber}) keeps the lead but has not won it yet.`
    : '';
  return `Reopen item ${item.itemnum} (${item.name}) for ${plural(minutes, 'minute')}?${win} Bidding starts again at once.`;
}

/** The answer to a close: how many closed. */
export function closedMessage(target: CloseTarget, closed: number): string {
  if (target.scope === 'item') return `Closed ${targetWords(target)}.`;
  return `Closed ${plural(closed, 'item')}: ${targetWords(target)}.`;
}

/** The answer to an extension, naming the closed items it left as they were. */
export function extendedMessage(target: CloseTarget, extended: number, minutes: number, closed: string[]): string {
  const what = target.scope === 'item' ? targetWords(target) : plural(extended, 'item');
  const left =
    closed.length === 0
      ? ''
      : closed.length === 1
        ? ` Item ${closed[0]} has closed and stays closed.`
        : ` Items ${closed.join(', ')} have closed and stay closed.`;
  return `Extended ${what} by ${plural(minutes, 'minute')}.${left}`;
}

/** A new close `minutes` after the present one. */
export function extendedBy(closes: Date, minutes: number): Date {
  return new Date(closes.getTime() + minutes * 60_000);
}

/**
 * Why an item may not close at `to`, or null. The import keeps an item's own close inside the
 * bidding hours; on the night the close may move past them (extended bidding does too) but never
 * past the end of the event itself, when the event is over for everyone.
 */
export function lateCloseProblem(
  itemnum: string,
  to: Date,
  event: { eventcloses: Date; timezone: string },
): string | null {
  if (to <= event.eventcloses) return null;
  return `Item ${itemnum} would then close after the event ends (${formatTimeWithZone(event.eventcloses, event.timezone)}). Choose fewer minutes.`;
}

/** Why a closed item may not be reopened at `now` for its close time, or null (the owner's window). */
export function reopenTimeProblem(itemnum: string, closedAt: Date, now: Date, timezone: string): string | null {
  if (withinReopenWindow(closedAt, now)) return null;
  return `Item ${itemnum} closed at ${formatTimeWithZone(closedAt, timezone)}, more than ${REOPEN_WINDOW_MINUTES} minutes ago, so it cannot be reopened.`;
}

/** Whether the reopen window is still open for an item closed at `closedAt`. */
export function withinReopenWindow(closedAt: Date, now: Date): boolean {
  return now.getTime() - closedAt.getTime() <= REOPEN_WINDOW_MINUTES * 60_000;
}

/**
 * A countdown to a close, read across a room and ticking by the second in its last hour:
 * '2h 15m', then '59:59' ... '00:01', then 'Closed'.
 */
export function closeCountdown(ms: number): string {
  if (ms <= 0) return 'Closed';
  if (ms >= 3_600_000) return formatTimeLeft(ms);
  return formatMinutesSeconds(ms);
}
