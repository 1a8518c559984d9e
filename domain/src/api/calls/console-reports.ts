/** The console's reports calls (tag `console`, issue 30): filled by the area. */
export const consoleReportsCalls = {} as const;
