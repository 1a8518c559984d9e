import type { ConsoleItemResponse, ConsoleItemRow } from '@gavel/domain';
import { isoInZone, itemCloses } from '@gavel/domain';
import type { EventRow } from '../../../tenancy';
import { itemFields } from '../../admin/import-values';
import type { ItemRow } from './queries';

/** Rows to the console's item answers. Amounts stay in cents (the answer's schema writes dollars), except the import fields, which are the document's dollars. */

/** Whether bidding on an item has ended: closed by the sweeper or Buy It Now, or past its close. */
export function itemHasClosed(item: ItemRow, event: EventRow, now: Date): boolean {
  return item.closedAt !== null || itemCloses(item, event) <= now;
}

/** The event's zone and bidding times, written in that zone. */
export function eventTimesOf(event: EventRow) {
  return {
    timezone: event.timezone,
    biddingopens: isoInZone(event.biddingopens, event.timezone),
    biddingcloses: isoInZone(event.biddingcloses, event.timezone),
  };
}

export function presentItemRow(item: ItemRow, photos: number, event: EventRow, now: Date): ConsoleItemRow {
  return {
    itemnum: item.itemnum,
    name: item.name,
    location: item.location,
    tags: item.tags,
    startingbid: item.startingbid,
    fairmarketvalue: item.fairmarketvalue,
    ispriceless: item.ispriceless,
    currentbid: item.currentbid ?? 0,
    numberofbids: item.numberofbids,
    closing: isoInZone(itemCloses(item, event), event.timezone),
    ownclosing: item.closing !== null,
    closed: itemHasClosed(item, event, now),
    buyitnowonly: item.buyitnowonly,
    buyitnowavailable: item.buyitnowavailable,
    buyitnowprice: item.buyitnowprice,
    itemisliveonly: item.itemisliveonly,
    quantity: item.quantity,
    quantitysold: item.quantitysold,
    unlimitedquantity: item.unlimitedquantity,
    photos,
    imageurl: item.imageurl,
  };
}

export function presentPhotos(photos: string[]) {
  return photos.map((url, position) => ({ url, position }));
}

/** One item for its form: the import document's fields, its photos, and what bidding has done to it. */
export function presentItem(item: ItemRow, photos: string[], event: EventRow, now: Date): ConsoleItemResponse {
  return {
    status: 'success',
    ...eventTimesOf(event),
    item: itemFields(item, photos, event.timezone),
    photos: presentPhotos(photos),
    numberofbids: item.numberofbids,
    quantitysold: item.quantitysold,
    closed: itemHasClosed(item, event, now),
  };
}
