import { bidderWords, isoInZone, type PickupItem, type PickupListItem } from '@gavel/domain';
import type { EventRow } from '../../../tenancy';
import type { CodeBidder, PickupRow } from './queries';

/** A won item at the pickup desk; its pickup instructions are its own, else the event's. */
export function presentPickupItem(row: PickupRow, event: EventRow): PickupItem {
  return {
    historyid: row.historyid,
    itemnum: row.itemnum,
    name: row.name,
    quantity: row.quantity,
    location: row.location,
    pickupinstructions: row.pickupinstructions || event.pickupinstructions,
    paid: row.paid,
    collectedat: row.collectedAt ? isoInZone(row.collectedAt, event.timezone) : null,
    collectedby: row.collectedAt ? row.collectedBy : '',
  };
}

/** A won item on the pickup list, with its bidder. */
export function presentListItem(row: PickupRow, event: EventRow): PickupListItem {
  const { pickupinstructions: _, ...item } = presentPickupItem(row, event);
  return { ...item, bidderid: row.accountId, biddernumber: row.biddernumber, biddername: bidderWords.nameOf(row) };
}

/** The bidder of a pickup code; `bidderid` is the account id, as in every console call. */
export function presentPickupBidder(bidder: CodeBidder) {
  return { bidderid: bidder.accountId, biddernumber: bidder.biddernumber, name: bidderWords.nameOf(bidder) };
}
