import { bidErrorOf, type BidErrorCode, CARD_NEEDED_TO_BID, NOT_AUTHORIZED } from '@gavel/domain';
import { AppError } from '../../errors';
import { itemNotFound } from '../items/queries';

/**
 * Why a bid is refused, by code: the bid function (`gavel_place_bid`) answers a refusal as its
 * code and the amount it names, and the server words it here, with the engine's own messages
 * (`bidErrorOf`) for the engine's refusals. Buy It Now checks its bidder with the same words
 * (mayBid).
 */
const beforeTheEngine = {
  not_found: () => itemNotFound(),
  unauthorized: () => new AppError('unauthorized', 'Your session is not valid. Please log in again.'),
  not_authorized: () => new AppError('forbidden', NOT_AUTHORIZED),
  not_verified: () => new AppError('forbidden', 'Please verify your email address before bidding.'),
  card_needed: () => new AppError('forbidden', CARD_NEEDED_TO_BID),
  live_only: () => new AppError('bad_request', 'This item is sold at the live auction.'),
  buy_now_only: () => new AppError('bad_request', 'This item is Buy It Now only.'),
  not_open: () => new AppError('bad_request', 'Bidding has not opened yet.'),
} satisfies Record<string, () => AppError>;

type CheckCode = keyof typeof beforeTheEngine;
export type BidRefusal = CheckCode | BidErrorCode;

const engineCodes: Record<BidErrorCode, true> = {
  closed: true,
  below_minimum: true,
  max_below_minimum: true,
  increment_below_minimum: true,
  above_cap: true,
  already_leading: true,
  auto_not_allowed: true,
  max_below_current_max: true,
};

const isCheck = (code: string): code is CheckCode => Object.hasOwn(beforeTheEngine, code);
const isEngine = (code: string): code is BidErrorCode => Object.hasOwn(engineCodes, code);

export function isBidRefusal(code: unknown): code is BidRefusal {
  return typeof code === 'string' && (isCheck(code) || isEngine(code));
}

/** The error a refusal answers with; `figure` is the amount the engine's message names (cents). */
export function refusalError(code: BidRefusal, figure = 0): AppError {
  if (isCheck(code)) return beforeTheEngine[code]();
  return new AppError('bad_request', bidErrorOf(code, figure).message);
}
