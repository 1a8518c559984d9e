import type { Bid } from './bid';

export interface Notice {
  bid: Bid;
}

export function noticeOf(bid: Bid): Notice {
  return { bid };
}
