/** The console's printables calls (tag `console`, issue 30): filled by the area. */
export const consolePrintablesCalls = {} as const;
