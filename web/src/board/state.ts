import {
  BOARD_HIGHLIGHT_MS,
  BOARD_TICKER_SIZE,
  isForEvent,
  type DisplayBid,
  type DisplayBoardResponse,
  type DisplayItem,
  type HubMessage,
} from '@gavel/domain';

/**
 * The display board's state, changed only by this reducer: what the GET answered, then each live
 * message applied at once. It keeps nothing that grows with time: the ticker is capped, and a
 * highlight is dropped once it has passed.
 */
export interface BoardState {
  phase: 'loading' | 'ready' | 'missing';
  board: DisplayBoardResponse | null;
  items: DisplayItem[];
  ticker: DisplayBid[];
  raised: number;
  /** Item id to the moment (board clock, ms) its highlight ends. */
  highlights: ReadonlyMap<number, number>;
  /** The server's clock minus the board's, from the last answer. */
  skewMs: number;
}

export const initialBoard: BoardState = {
  phase: 'loading',
  board: null,
  items: [],
  ticker: [],
  raised: 0,
  highlights: new Map(),
  skewMs: 0,
};

export type BoardAction =
  | { type: 'loaded'; board: DisplayBoardResponse; receivedAt: number }
  | { type: 'missing' }
  | { type: 'message'; message: HubMessage; now: number }
  | { type: 'tick'; now: number };

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'loaded': {
      const { board, receivedAt } = action;
      const skew = Date.parse(board.servertime) - receivedAt;
      return {
        ...state,
        phase: 'ready',
        board,
        items: board.items,
        ticker: board.recentbids.slice(0, BOARD_TICKER_SIZE),
        raised: board.total.raised,
        skewMs: Number.isFinite(skew) ? skew : 0,
      };
    }
    case 'missing':
      // A board that once showed items keeps them through a failed reload; only a first load says so.
      return state.board ? state : { ...state, phase: 'missing' };
    case 'message':
      return applyMessage(state, action.message, action.now);
    case 'tick':
      return dropPassedHighlights(state, action.now);
  }
}

function applyMessage(state: BoardState, message: HubMessage, now: number): BoardState {
  const board = state.board;
  if (!board || !isForEvent(message, board.eventcode, board.auctioncode)) return state;
  if (message.type === 'eventtotal')
    return message.raised === state.raised ? state : { ...state, raised: message.raised };
  if (message.type !== 'itemupdate') return state;
  const index = state.items.findIndex((i) => i.itemid === message.item.itemid);
  // Another location's item: not on this board, and not on its ticker either.
  if (index < 0) return state;
  const live = message.item;
  const before = state.items[index] as DisplayItem;
  const item: DisplayItem = {
    ...before,
    currentbid: live.currentbid,
    lastbid: live.lastbid,
    numberofbids: live.numberofbids,
    quantityavailable: live.quantityavailable,
    buyitnowavailable: live.buyitnowavailable,
    bidstatus: live.bidstatus,
    closing: live.closing,
  };
  const items = state.items.slice();
  items[index] = item;
  const bids = (message.history ?? []).map((h) => ({
    itemid: item.itemid,
    itemname: item.name,
    biddernumber: h.biddernumber,
    amount: h.amount,
    bidtime: h.bidtime,
  }));
  if (bids.length === 0) return { ...state, items };
  const highlights = new Map(state.highlights);
  highlights.set(item.itemid, now + BOARD_HIGHLIGHT_MS);
  return { ...state, items, ticker: [...bids, ...state.ticker].slice(0, BOARD_TICKER_SIZE), highlights };
}

function dropPassedHighlights(state: BoardState, now: number): BoardState {
  if (state.highlights.size === 0) return state;
  let passed = false;
  for (const until of state.highlights.values()) if (until <= now) passed = true;
  if (!passed) return state;
  return { ...state, highlights: new Map([...state.highlights].filter(([, until]) => until > now)) };
}

/** Is the item highlighted at `now` (board clock)? */
export function isHighlighted(state: BoardState, itemid: number, now: number): boolean {
  return (state.highlights.get(itemid) ?? 0) > now;
}
