import type { EventRow } from '../tenancy';
import { processorIsSetUp } from './processor';

/**
 * The spec's flags: a card is needed to register or to bid where the event asks and none is on file.
 * They follow the event's own setup, not whether this server takes its processor: an event on a
 * test gateway this server refuses stays closed to bidders without a card, rather than opening to
 * them with none.
 */
export function cardFlags(event: EventRow, hasCard: boolean) {
  const valid = processorIsSetUp(event);
  return {
    needscardtoregister: valid && event.needscardtoregister && !hasCard,
    needscardtobid: valid && event.needscardtobid && !hasCard,
    showupdatepaymentmethod: valid,
  };
}
