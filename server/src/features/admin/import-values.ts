import type { EventSettingsFields, ImportEvent, ImportItem } from '@gavel/domain';
import { centsToDollars, dollarsToCents, isoInZone } from '@gavel/domain';
import type { Tx } from '../../db/client';
import type { auctionItems, events } from '../../db/schema';
import { processorCodeOf } from '../../payments/processor';
import { sanitizeOrganizerHtml } from '../../lib/html';
import { storeImageRef } from '../media/store';

/** A validated amount in cents (the schemas have checked it). */
const cents = (dollars: number): number => {
  const c = dollarsToCents(dollars);
  if (c === null) throw new Error(`unvalidated amount ${dollars}`);
  return c;
};

/**
 * An event's columns from the import document's `event`: one mapping for the JSON import and the
 * console's settings form, so both keep one set of rules (organizer HTML cleaned, images stored).
 */
export async function eventValues(tx: Tx, organizationId: number, e: ImportEvent) {
  const sponsorurl: string[] = [];
  for (const ref of e.sponsorurl) sponsorurl.push(await storeImageRef(tx, organizationId, ref));
  return {
    organizationId,
    eventcode: e.eventcode,
    eventname: e.eventname,
    timezone: e.timezone,
    logourl: await storeImageRef(tx, organizationId, e.logourl),
    sponsorurl,
    welcomemessage: sanitizeOrganizerHtml(e.welcomemessage),
    homemessage: sanitizeOrganizerHtml(e.homemessage),
    preeventtext: sanitizeOrganizerHtml(e.preeventtext),
    contactus: sanitizeOrganizerHtml(e.contactus),
    privacypolicy: sanitizeOrganizerHtml(e.privacypolicy),
    organizationphone: e.organizationphone,
    organizationemail: e.organizationemail,
    eventopens: new Date(e.eventopens),
    eventcloses: new Date(e.eventcloses),
    biddingopens: new Date(e.biddingopens),
    biddingcloses: new Date(e.biddingcloses),
    allowbillme: e.allowbillme,
    allowpayccfees: e.allowpayccfees,
    ccfeespercent: e.ccfeespercent,
    allowanonymousbidding: e.eventallowanonymousbidding,
    allowguestentry: e.eventallowguestentry,
    addressrequired: e.addressrequired,
    ziprequired: e.ziprequired,
    notificationcolumns: e.notificationcolumns,
    notificationrows: e.notificationrows,
    shownotificationsmenuitem: e.shownotificationsmenuitem,
    extendedbiddingminutes: e.extendedbiddingminutes,
    extendedbiddinglatest: e.extendedbiddinglatest ? new Date(e.extendedbiddinglatest) : null,
    paymentprocessorcode: e.paymentprocessorcode,
    processorpublickey: e.processorpublickey,
    processorsecretkey: e.processorsecretkey,
    processorwebhooksecret: e.processorwebhooksecret,
    processoraccountid: e.processoraccountid,
    currency: e.currency,
    needscardtoregister: e.needscardtoregister,
    needscardtobid: e.needscardtobid,
    pickupinstructions: e.pickupinstructions,
    displayshowtotal: e.display.showtotal,
    displaytotalincludes: e.display.totalincludes,
    displaygoal: cents(e.display.goal),
    displaymessage: e.display.message,
    // Like every optional field, a venue left out of a re-import is removed (docs/import.md).
    venuename: e.venue?.name ?? '',
    venueaddress: e.venue?.address ?? '',
    venuestarts: e.venue ? new Date(e.venue.starts) : null,
    venueends: e.venue?.ends ? new Date(e.venue.ends) : null,
    legalname: e.legalname,
    taxid: e.taxid,
    receiptaddress: e.receiptaddress,
    receiptdisclosure: e.receiptdisclosure,
  };
}

/** An item's columns from the import document's item: one mapping for the JSON import, the CSV import and the console's item form. */
export async function itemValues(tx: Tx, organizationId: number, eventId: number, item: ImportItem) {
  return {
    eventId,
    itemnum: item.itemnum,
    name: item.name,
    description: item.description,
    longdescription: sanitizeOrganizerHtml(item.longdescription),
    donatedby: item.donatedby,
    fairmarketvalue: cents(item.fairmarketvalue),
    ispriceless: item.ispriceless,
    deductible: item.deductible,
    imageurl: await storeImageRef(tx, organizationId, item.imageurl),
    tags: item.tags,
    location: item.location,
    quantity: item.unlimitedquantity ? 0 : item.quantity,
    unlimitedquantity: item.unlimitedquantity,
    maxpurchasequantity: item.maxpurchasequantity,
    buyitnowonly: item.buyitnowonly,
    buyitnowavailable: item.buyitnowonly || item.buyitnowavailable,
    buyitnowprice: cents(item.buyitnowprice),
    itemisliveonly: item.itemisliveonly,
    allowautobid: item.allowautobid,
    startingbid: cents(item.startingbid),
    minimumbidincrease: cents(item.minimumbidincrease),
    closing: item.closing ? new Date(item.closing) : null,
    featured: item.featured,
    pickupinstructions: item.pickupinstructions,
    paddlelevels: item.paddlelevels.map(cents),
  };
}

type EventRow = typeof events.$inferSelect;
type ItemRow = typeof auctionItems.$inferSelect;

/**
 * The import document's `event` from an event's columns: eventValues the other way round, for the
 * console's settings and the export. Times are written in the event's zone with its offset, money
 * in dollars; an empty image or time is left out, as the import's optional fields are. Secret keys
 * are as stored: callers that answer them blank them (console/events/presenter.ts).
 */
export function eventFields(e: EventRow): EventSettingsFields {
  const at = (d: Date) => isoInZone(d, e.timezone);
  return {
    eventcode: e.eventcode,
    eventname: e.eventname,
    timezone: e.timezone,
    ...(e.logourl ? { logourl: e.logourl } : {}),
    sponsorurl: e.sponsorurl,
    welcomemessage: e.welcomemessage,
    homemessage: e.homemessage,
    preeventtext: e.preeventtext,
    contactus: e.contactus,
    privacypolicy: e.privacypolicy,
    organizationphone: e.organizationphone,
    organizationemail: e.organizationemail,
    eventopens: at(e.eventopens),
    eventcloses: at(e.eventcloses),
    biddingopens: at(e.biddingopens),
    biddingcloses: at(e.biddingcloses),
    allowbillme: e.allowbillme,
    allowpayccfees: e.allowpayccfees,
    ccfeespercent: e.ccfeespercent,
    eventallowanonymousbidding: e.allowanonymousbidding,
    eventallowguestentry: e.allowguestentry,
    addressrequired: e.addressrequired,
    ziprequired: e.ziprequired,
    notificationcolumns: e.notificationcolumns,
    notificationrows: e.notificationrows,
    shownotificationsmenuitem: e.shownotificationsmenuitem,
    extendedbiddingminutes: e.extendedbiddingminutes,
    ...(e.extendedbiddinglatest ? { extendedbiddinglatest: at(e.extendedbiddinglatest) } : {}),
    paymentprocessorcode: processorCodeOf(e.paymentprocessorcode),
    processorpublickey: e.processorpublickey,
    processorsecretkey: e.processorsecretkey,
    processorwebhooksecret: e.processorwebhooksecret,
    processoraccountid: e.processoraccountid,
    currency: e.currency,
    needscardtoregister: e.needscardtoregister,
    needscardtobid: e.needscardtobid,
    pickupinstructions: e.pickupinstructions,
    display: {
      showtotal: e.displayshowtotal,
      totalincludes: e.displaytotalincludes,
      goal: centsToDollars(e.displaygoal),
      message: e.displaymessage,
    },
    ...(e.venuestarts
      ? {
          venue: {
            name: e.venuename,
            address: e.venueaddress,
            starts: at(e.venuestarts),
            ...(e.venueends ? { ends: at(e.venueends) } : {}),
          },
        }
      : {}),
    legalname: e.legalname,
    taxid: e.taxid,
    receiptaddress: e.receiptaddress,
    receiptdisclosure: e.receiptdisclosure,
  };
}

/** The import document's item from an item's columns and its photos in order: itemValues the other way round. */
export function itemFields(item: ItemRow, photos: string[], timezone: string): ImportItem {
  return {
    itemnum: item.itemnum,
    name: item.name,
    description: item.description,
    longdescription: item.longdescription,
    donatedby: item.donatedby,
    fairmarketvalue: centsToDollars(item.fairmarketvalue),
    ispriceless: item.ispriceless,
    deductible: item.deductible,
    ...(item.imageurl ? { imageurl: item.imageurl } : {}),
    photos,
    tags: item.tags,
    location: item.location,
    quantity: item.quantity,
    unlimitedquantity: item.unlimitedquantity,
    maxpurchasequantity: item.maxpurchasequantity,
    buyitnowonly: item.buyitnowonly,
    buyitnowavailable: item.buyitnowavailable,
    buyitnowprice: centsToDollars(item.buyitnowprice),
    itemisliveonly: item.itemisliveonly,
    allowautobid: item.allowautobid,
    startingbid: centsToDollars(item.startingbid),
    minimumbidincrease: centsToDollars(item.minimumbidincrease),
    ...(item.closing ? { closing: isoInZone(item.closing, timezone) } : {}),
    featured: item.featured,
    pickupinstructions: item.pickupinstructions,
    paddlelevels: item.paddlelevels.map(centsToDollars),
  };
}
