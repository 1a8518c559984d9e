/** The console's staff calls (tag `console`). */
export const consoleStaffCalls = {};
