/** The console's bidders calls (tag `console`). */
export const consoleBidderCalls = {};
