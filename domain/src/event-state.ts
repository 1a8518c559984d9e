/** The event's state, always derived from the clock and the event's times, never stored. */
export const EVENT_FLAGS = ['eventnotopen', 'biddingnotopen', 'biddingopen', 'biddingclosed', 'eventclosed'] as const;
export type EventFlag = (typeof EVENT_FLAGS)[number];

export interface EventTimes {
  eventopens: Date;
  eventcloses: Date;
  biddingopens: Date;
  biddingcloses: Date;
}

export function eventFlag(times: EventTimes, now: Date): EventFlag {
  const t = now.getTime();
  if (t < times.eventopens.getTime()) return 'eventnotopen';
  if (t >= times.eventcloses.getTime()) return 'eventclosed';
  if (t < times.biddingopens.getTime()) return 'biddingnotopen';
  if (t < times.biddingcloses.getTime()) return 'biddingopen';
  return 'biddingclosed';
}

/** Problems with a set of event times, as [field, message] pairs; empty when consistent. */
export function eventTimeProblems(times: EventTimes): Array<[keyof EventTimes, string]> {
  const problems: Array<[keyof EventTimes, string]> = [];
  if (times.eventcloses <= times.eventopens) problems.push(['eventcloses', 'The event must close after it opens.']);
  if (times.biddingcloses <= times.biddingopens) problems.push(['biddingcloses', 'Bidding must close after it opens.']);
  if (times.biddingopens < times.eventopens)
    problems.push(['biddingopens', 'Bidding cannot open before the event opens.']);
  if (times.biddingcloses > times.eventcloses)
    problems.push(['biddingcloses', 'Bidding cannot close after the event closes.']);
  return problems;
}
