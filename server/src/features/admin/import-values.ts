import type { ImportEvent, ImportItem } from '@gavel/domain';
import { dollarsToCents } from '@gavel/domain';
import type { Tx } from '../../db/client';
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
  };
}
