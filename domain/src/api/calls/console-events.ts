/** The console's events calls (tag `console`). */
export const consoleEventCalls = {};
