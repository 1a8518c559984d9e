import { z } from 'zod';
import {
  type ConsoleEventSummary,
  type CreateEventRequest,
  createEventRequest,
  eventTimeProblems,
  instantFromZonedInput,
  zonedInputValue,
} from '@gavel/domain';

/** The four times of an event, in the order an evening runs. */
export const TIME_FIELDS = ['eventopens', 'biddingopens', 'biddingcloses', 'eventcloses'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

export const TIME_LABELS: Record<TimeField, string> = {
  eventopens: 'Event opens',
  biddingopens: 'Bidding opens',
  biddingcloses: 'Bidding closes',
  eventcloses: 'Event closes',
};

const NOT_A_TIME = 'must be a date and time';

/**
 * Datetime-local values read on the event's clock, as ISO with its offset; each that is not a time
 * is a problem at its own field, and so is each of the times' order (eventTimeProblems).
 */
export function zonedTimes(
  values: Record<TimeField, string>,
  zone: string,
  ctx: z.RefinementCtx,
): Record<TimeField, string> | null {
  const out: Partial<Record<TimeField, string>> = {};
  for (const field of TIME_FIELDS) {
    const at = instantFromZonedInput(values[field], zone);
    if (at) out[field] = at;
    else ctx.addIssue({ code: 'custom', path: [field], message: NOT_A_TIME, input: values[field] });
  }
  const { eventopens, biddingopens, biddingcloses, eventcloses } = out;
  if (!eventopens || !biddingopens || !biddingcloses || !eventcloses) return null;
  const problems = eventTimeProblems({
    eventopens: new Date(eventopens),
    biddingopens: new Date(biddingopens),
    biddingcloses: new Date(biddingcloses),
    eventcloses: new Date(eventcloses),
  });
  for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message, input: out[field] });
  return problems.length > 0 ? null : { eventopens, biddingopens, biddingcloses, eventcloses };
}

/** The new-event form (and the copy form, which names the event it copies). */
export const newEventForm = z
  .object({
    eventcode: createEventRequest.shape.eventcode,
    eventname: createEventRequest.shape.eventname,
    timezone: z.string(),
    eventopens: z.string(),
    biddingopens: z.string(),
    biddingcloses: z.string(),
    eventcloses: z.string(),
    copyfrom: z.string(),
  })
  .transform((v, ctx): CreateEventRequest => {
    const times = zonedTimes(v, v.timezone, ctx);
    if (!times) return z.NEVER;
    return {
      eventcode: v.eventcode,
      eventname: v.eventname,
      timezone: v.timezone,
      ...times,
      ...(v.copyfrom ? { copyfrom: v.copyfrom } : {}),
    };
  });
export type NewEventValues = z.input<typeof newEventForm>;

const DAY = 86_400_000;

/** A week from now, as the day's date on the event's clock ('2026-12-05'). */
function dayAhead(now: Date, days: number, zone: string): string {
  return zonedInputValue(new Date(now.getTime() + days * DAY), zone).slice(0, 10);
}

/** A new event's first guess: an evening a week from now (doors 5 PM, bidding 6 to 9 PM, close 11 PM). */
export function newEventDefaults(now: Date, zone: string): NewEventValues {
  const day = dayAhead(now, 7, zone);
  return {
    eventcode: '',
    eventname: '',
    timezone: zone,
    eventopens: `${day}T17:00`,
    biddingopens: `${day}T18:00`,
    biddingcloses: `${day}T21:00`,
    eventcloses: `${day}T23:00`,
    copyfrom: '',
  };
}

/** A copy's first guess: the same name and zone, the same evening a year on (on its own clock). */
export function copyDefaults(source: ConsoleEventSummary): NewEventValues {
  const zone = source.timezone;
  const yearOn = (iso: string) => {
    const local = zonedInputValue(iso, zone);
    return `${Number(local.slice(0, 4)) + 1}${local.slice(4)}`;
  };
  return {
    eventcode: '',
    eventname: source.eventname,
    timezone: zone,
    eventopens: yearOn(source.eventopens),
    biddingopens: yearOn(source.biddingopens),
    biddingcloses: yearOn(source.biddingcloses),
    eventcloses: yearOn(source.eventcloses),
    copyfrom: source.eventcode,
  };
}
