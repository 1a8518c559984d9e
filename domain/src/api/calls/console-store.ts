/** The console's store calls (tag `console`). */
export const consoleStoreCalls = {};
