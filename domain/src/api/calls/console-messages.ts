/** The console's messages calls (tag `console`, issue 30): filled by the area. */
export const consoleMessagesCalls = {} as const;
