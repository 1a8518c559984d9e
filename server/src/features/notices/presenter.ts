import type { BidderNotice } from '@gavel/domain';
import { NOTICE_WORDS } from '../../notifications/deliver';
import type { NoticeListRow } from './queries';

/**
 * A kept notice in the API's shape. Rows claimed before notices kept their words have none; they
 * are told again from their kind and item (the email's subject line, which needs no amount).
 */
export function presentNotice(row: NoticeListRow): BidderNotice {
  const words = NOTICE_WORDS[row.kind];
  return {
    itemid: row.itemId,
    itemname: row.itemName,
    kind: row.kind,
    title: row.title || words.title,
    message: row.message || words.subject(row.itemName),
    senttime: row.sentAt.toISOString(),
  };
}
