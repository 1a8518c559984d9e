import type { ConsoleCloseItem, ConsoleCloseLocation, ConsoleCloseResponse } from '@gavel/domain';
import { BIDS_RATE_MINUTES, formatMoney, isoInZone, itemCloses, REOPEN_WINDOW_MINUTES } from '@gavel/domain';
import type { EventRow } from '../../../tenancy';
import { itemHasClosed } from '../items/presenter';
import type { ItemRow } from '../items/queries';
import type { CloseRecord, PanelRow } from './queries';
import { closedTime, reopenProblem } from './rules';

/** How the audit log names bidders: by their bidder number. */
export type Numbers = Map<number, number>;

/** An item as the audit log keeps it around a close: its close on the event's clock, its state, its leader (bidder number) and bid. */
export function auditedItem(
  item: ItemRow,
  { event, now, numbers }: { event: EventRow; now: Date; numbers: Numbers },
  closing = itemCloses(item, event),
) {
  const leader = item.leaderBidderId === null ? null : (numbers.get(item.leaderBidderId) ?? null);
  return {
    closing: isoInZone(closing, event.timezone),
    state: itemHasClosed({ ...item, closing }, event, now) ? 'closed' : 'open',
    leader,
    bid: leader === null ? null : formatMoney(item.currentbid ?? 0),
  };
}

function presentItem(
  { item, leader }: PanelRow,
  { event, now, record }: { event: EventRow; now: Date; record: CloseRecord | null },
): ConsoleCloseItem {
  const zone = event.timezone;
  const closed = itemHasClosed(item, event, now);
  const reopenable = closed && reopenProblem({ item, record }, event, now) === null;
  const until = new Date(closedTime(item, event).getTime() + REOPEN_WINDOW_MINUTES * 60_000);
  return {
    itemnum: item.itemnum,
    name: item.name,
    location: item.location,
    closing: isoInZone(itemCloses(item, event), zone),
    ownclosing: item.closing !== null,
    state: closed ? 'closed' : 'open',
    closedat: item.closedAt ? isoInZone(item.closedAt, zone) : null,
    currentbid: item.currentbid ?? 0,
    numberofbids: item.numberofbids,
    leader: leader
      ? { name: `${leader.firstname} ${leader.lastname}`.trim(), biddernumber: leader.biddernumber }
      : null,
    buyitnowonly: item.buyitnowonly,
    reopenable,
    reopenuntil: reopenable ? isoInZone(until, zone) : null,
  };
}

/** The location cards: each location's open items' first and last close, and its counts, in the table's order. */
function locationsOf(items: ConsoleCloseItem[]): ConsoleCloseLocation[] {
  const cards = new Map<string, ConsoleCloseLocation>();
  for (const i of items) {
    const key = i.location.toLowerCase();
    const card = cards.get(key) ?? { location: i.location, closing: null, lastclosing: null, open: 0, closed: 0 };
    if (i.state === 'closed') card.closed += 1;
    else {
      card.open += 1;
      const at = Date.parse(i.closing);
      if (card.closing === null || at < Date.parse(card.closing)) card.closing = i.closing;
      if (card.lastclosing === null || at > Date.parse(card.lastclosing)) card.lastclosing = i.closing;
    }
    cards.set(key, card);
  }
  return [...cards.values()];
}

/** The close panel's answer. */
export function presentPanel({
  rows,
  records,
  event,
  now,
  raised,
  recentBids,
}: {
  rows: PanelRow[];
  records: Map<number, CloseRecord>;
  event: EventRow;
  now: Date;
  raised: number;
  recentBids: number;
}): ConsoleCloseResponse {
  const items = rows.map((r) => presentItem(r, { event, now, record: records.get(r.item.id) ?? null }));
  const open = items.filter((i) => i.state === 'open');
  return {
    status: 'success',
    timezone: event.timezone,
    servertime: now.toISOString(),
    biddingcloses: isoInZone(event.biddingcloses, event.timezone),
    eventcloses: isoInZone(event.eventcloses, event.timezone),
    raised,
    bidsperminute: Math.round((recentBids / BIDS_RATE_MINUTES) * 10) / 10,
    ratewindow: BIDS_RATE_MINUTES,
    withoutbids: open.filter((i) => i.numberofbids === 0 && !i.buyitnowonly).length,
    open: open.length,
    closed: items.length - open.length,
    locations: locationsOf(items),
    items,
  };
}
