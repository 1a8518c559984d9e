import type { EventData, EventVenue } from '@gavel/domain';
import { eventFlag, formatClosingTime, formatTimeSpan, offeredNotificationColumns, timeSpanParts } from '@gavel/domain';
import { processorCodeOf } from '../../payments/processor';
import type { EventRow, Tenant } from '../../tenancy';

/** Where and when the event happens, its time in the event's own zone; null when the import gave no venue. */
export function presentVenue(
  event: Pick<EventRow, 'venuename' | 'venueaddress' | 'venuestarts' | 'venueends' | 'timezone'>,
): EventVenue | null {
  if (!event.venuestarts) return null;
  return {
    name: event.venuename,
    address: event.venueaddress,
    starts: event.venuestarts.toISOString(),
    ends: event.venueends?.toISOString() ?? '',
    when: formatTimeSpan(event.venuestarts, event.venueends, event.timezone),
    ...timeSpanParts(event.venuestarts, event.venueends, event.timezone),
  };
}

/** The Event answer of the API: every field of spec bidder-app.md section 3, flag derived from now. */
export function presentEvent({ organization, event }: Tenant, now: Date): EventData {
  return {
    eventname: event.eventname,
    eventcode: event.eventcode,
    auctioncode: organization.auctioncode,
    organizationname: organization.name,
    logourl: event.logourl,
    sponsorurl: event.sponsorurl,
    welcomemessage: event.welcomemessage,
    homemessage: event.homemessage,
    preeventtext: event.preeventtext,
    contactus: event.contactus,
    organizationphone: event.organizationphone,
    organizationemail: event.organizationemail,
    timezone: event.timezone,
    eventopendate: event.eventopens.toISOString(),
    eventclosedate: event.eventcloses.toISOString(),
    eventbiddingopen: event.biddingopens.toISOString(),
    eventbiddingclosed: event.biddingcloses.toISOString(),
    eventbiddingopencst: formatClosingTime(event.biddingopens, event.timezone),
    eventbiddingclosedcst: formatClosingTime(event.biddingcloses, event.timezone),
    eventflag: eventFlag(event, now),
    allowbillme: event.allowbillme,
    allowpayccfees: event.allowpayccfees,
    ccfeespercent: event.ccfeespercent,
    eventallowanonymousbidding: event.allowanonymousbidding,
    eventallowguestentry: event.allowguestentry,
    addressrequired: event.addressrequired,
    ziprequired: event.ziprequired,
    notificationcolumns: offeredNotificationColumns(event.notificationcolumns),
    notificationrows: event.notificationrows,
    shownotificationsmenuitem: event.shownotificationsmenuitem,
    paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
    needscardtobid: event.needscardtobid,
    servertime: now.toISOString(),
    venue: presentVenue(event),
  };
}
