import type { CreateEventRequest, ImportDocumentInput } from '@gavel/domain';
import { isoInZone } from '@gavel/domain';
import type { EventDocument } from './document';

/**
 * A copy of an event's document under a new code, name, zone and times (last year's gala for this
 * year's): its settings, items and store, and nothing of its night (no bids, orders, bidders or
 * carts: the writer makes the copy's rows afresh). Its other times (an item's own close, promo
 * codes' dates, the venue, the guests' edit deadline, the latest extension) move with its opening;
 * a time that would then fall outside the new bidding is left out, as an unset one is. The webhook
 * secret is left out: Stripe signs each event's webhook address, which names the event's code.
 */
export function copiedDocument(source: EventDocument, to: CreateEventRequest): ImportDocumentInput {
  const shift = new Date(to.eventopens).getTime() - new Date(source.event.eventopens).getTime();
  const moved = (iso: string) => isoInZone(new Date(new Date(iso).getTime() + shift), to.timezone);
  const optional = <K extends string>(key: K, iso: string | undefined, keep: (at: Date) => boolean = () => true) => {
    if (!iso) return {};
    const at = moved(iso);
    return keep(new Date(at)) ? ({ [key]: at } as Record<K, string>) : {};
  };
  const opens = new Date(to.biddingopens);
  const closes = new Date(to.biddingcloses);
  const { venue, extendedbiddinglatest, ...event } = source.event;
  const { editdeadline, ...registration } = source.store.registration;
  return {
    organization: source.organization,
    event: {
      ...event,
      eventcode: to.eventcode,
      eventname: to.eventname,
      timezone: to.timezone,
      eventopens: to.eventopens,
      eventcloses: to.eventcloses,
      biddingopens: to.biddingopens,
      biddingcloses: to.biddingcloses,
      processorwebhooksecret: '',
      ...optional('extendedbiddinglatest', extendedbiddinglatest, (at) => at >= closes),
      ...(venue
        ? {
            venue: {
              name: venue.name,
              address: venue.address,
              starts: moved(venue.starts),
              ...optional('ends', venue.ends),
            },
          }
        : {}),
    },
    items: source.items.map(({ closing, ...item }) => ({
      ...item,
      ...optional('closing', closing, (at) => at > opens && at <= closes),
    })),
    store: {
      ...source.store,
      promocodes: source.store.promocodes.map(({ validfrom, validuntil, ...p }) => ({
        ...p,
        ...optional('validfrom', validfrom),
        ...optional('validuntil', validuntil),
      })),
      registration: { ...registration, ...optional('editdeadline', editdeadline) },
    },
  };
}
