/**
 * While the live connection is down (the hub refusing while its servers cannot reach each other,
 * a dropped network), the bidder app and the board fetch what they show this often instead. Kept
 * apart from the live messages' schemas (messages.ts): the bidder app's first load reads this
 * number, and with it took every message schema, built at start, that only the live connection uses.
 */
export const LIVE_PAUSED_REFRESH_MS = 15_000;
