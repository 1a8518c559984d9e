import type { ConsoleEventDetail, ConsoleEventSummary, EventSettingsAnswer } from '@gavel/domain';
import { eventFlag, isoInZone } from '@gavel/domain';
import type { EventRow } from '../../../tenancy';
import { eventFields } from '../../admin/import-values';
import type { EventCounts, ListCounts } from './queries';

/** One event of the organization's list. */
export function presentSummary(event: EventRow, counts: ListCounts, now: Date): ConsoleEventSummary {
  const at = (d: Date) => isoInZone(d, event.timezone);
  return {
    eventcode: event.eventcode,
    eventname: event.eventname,
    timezone: event.timezone,
    eventopens: at(event.eventopens),
    eventcloses: at(event.eventcloses),
    biddingopens: at(event.biddingopens),
    biddingcloses: at(event.biddingcloses),
    eventflag: eventFlag(event, now),
    items: counts.items,
    bidders: counts.bidders,
    archived: event.archivedAt !== null,
  };
}

/** The settings as the console answers them: never a secret key, only whether one is saved. */
export function presentSettings(event: EventRow): EventSettingsAnswer {
  return {
    ...eventFields(event),
    processorsecretkey: '',
    processorwebhooksecret: '',
    processorsecretkeyset: event.processorsecretkey !== '',
    processorwebhooksecretset: event.processorwebhooksecret !== '',
  };
}

export function presentDetail(event: EventRow, counts: EventCounts, now: Date): ConsoleEventDetail {
  return {
    status: 'success',
    event: presentSettings(event),
    eventflag: eventFlag(event, now),
    archived: event.archivedAt !== null,
    counts,
  };
}
