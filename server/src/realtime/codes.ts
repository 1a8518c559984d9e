import type { Tenant } from '../tenancy';

/** Which event a live message belongs to: every message to an event's room or a bidder carries both codes. */
export interface EventCodes {
  auctioncode: string;
  eventcode: string;
}

export const codesOf = (t: Tenant): EventCodes => ({
  auctioncode: t.organization.auctioncode,
  eventcode: t.event.eventcode,
});
