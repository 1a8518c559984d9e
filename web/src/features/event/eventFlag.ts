import { useEffect, useState } from 'react';
import { type EventData, type EventFlag, type EventTimes, eventFlag } from '@gavel/domain';
import { serverSkew } from '../../queries/event';

/** The longest a timer is set for; a change of state further off is looked at again then. */
const MAX_WAIT_MS = 6 * 3_600_000;

type EventAnswer = Pick<
  EventData,
  'eventopendate' | 'eventclosedate' | 'eventbiddingopen' | 'eventbiddingclosed' | 'eventflag' | 'servertime'
> & { receivedAt: number };

/** The event's four times, or undefined when one cannot be read. */
function timesOf(event: EventAnswer): EventTimes | undefined {
  const times: EventTimes = {
    eventopens: new Date(event.eventopendate),
    eventcloses: new Date(event.eventclosedate),
    biddingopens: new Date(event.eventbiddingopen),
    biddingcloses: new Date(event.eventbiddingclosed),
  };
  return Object.values(times).every((t) => Number.isFinite(t.getTime())) ? times : undefined;
}

/**
 * The event's state now, by the domain's rule on the server's clock, so a home left open as bidding
 * closes says so without a reload. Undefined before the event arrives; with times that cannot be
 * read, the state the server worked out.
 */
export function useEventFlag(event: EventAnswer | undefined): EventFlag | undefined {
  const [tick, setTick] = useState(0);
  const skew = serverSkew(event);
  const times = event ? timesOf(event) : undefined;
  const now = Date.now() + skew;
  // The next of the four times still ahead: the state changes then, and the page with it. A wait
  // cut short by MAX_WAIT_MS is set again from where it stopped (tick).
  const next = times
    ? Math.min(
        ...Object.values(times)
          .map((t: Date) => t.getTime())
          .filter((t) => t > now),
      )
    : Infinity;
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.min(next - (Date.now() + skew) + 50, MAX_WAIT_MS));
    return () => clearTimeout(t);
  }, [next, skew, tick]);
  if (!event) return undefined;
  return times ? eventFlag(times, new Date(now)) : event.eventflag;
}

/** Bidding is over: closed, or the whole event is. */
export function hasEnded(flag: EventFlag | undefined): boolean {
  return flag === 'biddingclosed' || flag === 'eventclosed';
}
