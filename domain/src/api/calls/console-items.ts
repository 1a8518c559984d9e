/** The console's items calls (tag `console`). */
export const consoleItemCalls = {};
