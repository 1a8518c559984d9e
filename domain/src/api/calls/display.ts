import { displayBoardQuery, displayBoardResponse } from '../display';
import { contract } from '../contract';

/** The venue display board. */
export const displayCalls = {
  'GET /displayboard': contract({
    method: 'GET',
    path: '/displayboard',
    access: 'event',
    tags: ['display'],
    summary:
      "The display board: the event's items (optionally of one location), the total raised, the latest bids, the bid address and its QR code, and a guest token for the live hub",
    query: displayBoardQuery,
    response: displayBoardResponse,
  }),
};
